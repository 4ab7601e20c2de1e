import CTurboJPEG

/// TurboJPEG's lossless transform: the DCT blocks are moved, never decoded and coded again, so
/// a photo turned four times is the photo it was. Markers (EXIF, ICC profile, XMP, comments)
/// are copied as they are.
enum JPEGTransform {
    enum Failure: Error {
        /// The size is not a whole number of MCU blocks, so the blocks on the right or bottom
        /// edge cannot move to the top or left; trimming them would lose pixels.
        case notPerfect
        case failed(String)
    }

    /// `jpeg` with its stored pixels turned and mirrored as `orientation` displays them.
    static func apply(_ orientation: Orientation, to jpeg: [UInt8]) throws(Failure) -> [UInt8] {
        guard let handle = tjInitTransform() else { throw .failed("cannot start TurboJPEG") }
        defer { tjDestroy(handle) }
        var transform = tjtransform()
        transform.op = Int32(operation(orientation).rawValue)
        transform.options = TJXOPT_PERFECT | (isProgressive(jpeg) ? TJXOPT_PROGRESSIVE : 0)
        var output: UnsafeMutablePointer<UInt8>?
        var outputSize: UInt = 0
        let status = jpeg.withUnsafeBufferPointer {
            tjTransform(handle, $0.baseAddress, UInt($0.count), 1, &output, &outputSize, &transform, TJFLAG_LIMITSCANS)
        }
        defer { if let output { tjFree(output) } }
        guard status == 0, let output else {
            let message = String(cString: tjGetErrorStr2(handle))
            if message.contains("not perfect") { throw .notPerfect }
            throw .failed(message)
        }
        return Array(UnsafeBufferPointer(start: output, count: Int(outputSize)))
    }

    /// The transform that bakes `orientation` into the pixels.
    static func operation(_ orientation: Orientation) -> TJXOP {
        switch orientation {
        case .up: TJXOP_NONE
        case .upMirrored: TJXOP_HFLIP
        case .down: TJXOP_ROT180
        case .downMirrored: TJXOP_VFLIP
        case .leftMirrored: TJXOP_TRANSPOSE
        case .right: TJXOP_ROT90
        case .rightMirrored: TJXOP_TRANSVERSE
        case .left: TJXOP_ROT270
        }
    }

    /// A progressive photo stays progressive (TurboJPEG writes baseline otherwise).
    private static func isProgressive(_ jpeg: [UInt8]) -> Bool {
        var at = 2
        while at + 4 <= jpeg.count, jpeg[at] == 0xFF {
            let marker = jpeg[at + 1]
            if marker == 0xC2 || marker == 0xC6 || marker == 0xCA || marker == 0xCE { return true }
            if marker == 0xDA { return false }
            at += 2 + (Int(jpeg[at + 2]) << 8 | Int(jpeg[at + 3]))
        }
        return false
    }
}

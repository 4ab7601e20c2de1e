/// The size of a PNG from its IHDR chunk, which must come first; the orientation from an eXIf
/// chunk, which must come before the image data. Faster than libpng's `png_read_info`, which
/// reports errors by `longjmp` (BENCHMARKS.md "Hand-written or library").
enum PNGHeader {
    /// Chunks looked at while searching for eXIf before giving up on it.
    static let maximumChunks = 1024

    static func probe(_ input: ProbeInput) throws(ProbeError) -> StoredHeader {
        let ihdr = try input.bytes(21, at: 8)  // length, type, 13 bytes of fields; the CRC is the decoder's
        guard ihdr.be32(at: 0) == 13, ihdr.has(Array("IHDR".utf8), at: 4) else {
            throw input.corrupt("does not start with IHDR")
        }
        let width = ihdr.be32(at: 8) ?? 0
        let height = ihdr.be32(at: 12) ?? 0
        let depth = ihdr.u8(at: 16) ?? 0
        let colour = ihdr.u8(at: 17) ?? 0
        let allowedDepths: [Int]
        switch colour {
        case 0: allowedDepths = [1, 2, 4, 8, 16]  // grey
        case 3: allowedDepths = [1, 2, 4, 8]      // palette
        case 2, 4, 6: allowedDepths = [8, 16]     // RGB, grey + alpha, RGBA
        default: throw input.corrupt("has colour type \(colour)")
        }
        guard allowedDepths.contains(depth) else { throw input.corrupt("has bit depth \(depth) for colour type \(colour)") }
        guard ihdr[18] == 0, ihdr[19] == 0, ihdr[20] <= 1 else { throw input.corrupt("has an unknown compression, filter or interlace method") }
        return StoredHeader(width: width, height: height, exif: exif(input))
    }

    /// The eXIf block, or nil when there is none or the chunks end early: the size is
    /// already known, and a damaged tail is the decoder's to report.
    private static func exif(_ input: ProbeInput) -> [UInt8]? {
        var position = 8 + 25  // after the signature and IHDR with its CRC
        for _ in 0..<maximumChunks {
            guard let head = try? input.bytes(8, at: position), let length = head.be32(at: 0),
                  length <= Int(Int32.max) else { return nil }
            if head.has(Array("IDAT".utf8), at: 4) || head.has(Array("IEND".utf8), at: 4) { return nil }
            if head.has(Array("eXIf".utf8), at: 4) {
                return ExifOrientation.exifBlock(tiffChunkAt: position + 8, length: length, in: input)
            }
            position += 12 + length  // length, type, data, CRC
        }
        return nil
    }
}

import CWebP

/// The size of a WebP from libwebp's header parser (VP8 key frame, VP8L, or the VP8X canvas);
/// the orientation from the EXIF chunk that VP8X announces, found by walking the RIFF chunks.
enum WebPHeader {
    /// An animation has a chunk per frame before EXIF, each a read (and on a slow card a seek);
    /// past this many chunks the orientation is taken as `.up`.
    static let maximumChunks = 1024
    private static let exifFlag: UInt8 = 0x08

    static func probe(_ input: ProbeInput) throws(ProbeError) -> StoredHeader {
        var features = WebPBitstreamFeatures()
        // libwebp parses only the headers and says "not enough data" instead of reading past
        // the prefix; for VP8X it answers the canvas size even when the rest is cut off.
        let status = input.prefix.withUnsafeBufferPointer { WebPGetFeatures($0.baseAddress, $0.count, &features) }
        switch status {
        case VP8_STATUS_OK: break
        case VP8_STATUS_NOT_ENOUGH_DATA: throw .truncated(.webp)
        default: throw input.corrupt("is not a valid WebP header (libwebp status \(status.rawValue))")
        }
        var header = StoredHeader(width: Int(features.width), height: Int(features.height), exif: exif(input))
        header.animated = features.has_animation != 0
        return header
    }

    private static func exif(_ input: ProbeInput) -> [UInt8]? {
        let prefix = input.prefix
        guard prefix.has(Array("VP8X".utf8), at: 12), prefix.count > 20, prefix[20] & exifFlag != 0,
              let riffSize = prefix.le32(at: 4) else { return nil }
        let end = 8 + riffSize
        var position = 12
        for _ in 0..<maximumChunks {
            guard position + 8 <= end, let head = try? input.bytes(8, at: position),
                  let size = head.le32(at: 4) else { return nil }
            if head.has(Array("EXIF".utf8), at: 0) {
                return ExifOrientation.exifBlock(tiffChunkAt: position + 8, length: size, in: input)
            }
            position += 8 + size + (size & 1)  // chunks are padded to an even size
        }
        return nil
    }
}

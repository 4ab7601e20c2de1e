import CIsal

/// Where a file keeps its EXIF orientation, by container, and how to change it in place: a
/// JPEG's APP1, a PNG's eXIf chunk (its CRC made again), a WebP's EXIF chunk, a TIFF's own
/// first IFD (the whole file is the TIFF structure). Formats whose
/// orientation lives elsewhere — JPEG XL's codestream header, HEIF's irot and imir boxes — or
/// nowhere are refused by the caller.
enum OrientationTag {
    private static let exifHeader: [UInt8] = Array("Exif".utf8) + [0, 0]
    /// A JPEG has a dozen segments before its scan, a PNG or WebP a handful of chunks before its
    /// EXIF; far more means a hostile file.
    private static let maximumParts = 4096

    /// The EXIF block of `bytes` as an editable patch, nil when the file has none.
    static func exif(in bytes: [UInt8], format: ImageFormat) -> ExifPatch? {
        guard let range = tiffRange(in: bytes, format: format) else { return nil }
        return ExifPatch(bytes, tiffAt: range.lowerBound)
    }

    /// `bytes` with its orientation tag set to `orientation`; nil when it has no tag to set.
    static func setting(_ orientation: Orientation, in bytes: [UInt8], format: ImageFormat) -> [UInt8]? {
        guard var patch = exif(in: bytes, format: format), patch.setOrientation(orientation) else { return nil }
        if format == .png { resealPNGChunk(containing: patch.start, in: &patch.bytes) }
        return patch.bytes
    }

    /// A JPEG without any EXIF block given one that holds only `orientation`, right after
    /// SOI and JFIF's APP0 where there is one.
    static func insertingExif(_ orientation: Orientation, into jpeg: [UInt8]) -> [UInt8] {
        var tiff: [UInt8] = Array("II".utf8) + [42, 0, 8, 0, 0, 0, 1, 0]  // header, IFD0 of one entry
        tiff += [0x12, 0x01, 3, 0, 1, 0, 0, 0, UInt8(orientation.rawValue), 0, 0, 0]  // Orientation, SHORT
        tiff += [0, 0, 0, 0]  // no next IFD
        var at = 2
        if jpeg.count > 6, jpeg[2] == 0xFF, jpeg[3] == 0xE0 { at = 4 + (Int(jpeg[4]) << 8 | Int(jpeg[5])) }
        at = min(at, jpeg.count)
        return Array(jpeg[..<at]) + exifSegment(tiff) + Array(jpeg[at...])
    }

    /// `bytes` whose EXIF block has no orientation tag given one (`ExifPatch.addingOrientation`):
    /// a camera or phone that wrote EXIF without it. Nil when the block cannot be read, or for a
    /// JPEG when the grown block would no longer fit its segment (64 KB, a big thumbnail).
    static func adding(_ orientation: Orientation, to bytes: [UInt8], format: ImageFormat) -> [UInt8]? {
        guard let range = tiffRange(in: bytes, format: format), let patch = ExifPatch(bytes, tiffAt: range.lowerBound),
              let tiff = patch.addingOrientation(orientation, end: range.upperBound) else { return nil }
        switch format {
        case .tiff:
            return tiff
        case .jpeg:
            let segment = exifSegment(tiff)
            guard segment.count - 2 <= 0xFFFF else { return nil }
            let segmentStart = range.lowerBound - exifHeader.count - 4
            return Array(bytes[..<segmentStart]) + segment + Array(bytes[range.upperBound...])
        default:
            return nil
        }
    }

    /// An APP1 segment holding "Exif\0\0" and `tiff`.
    private static func exifSegment(_ tiff: [UInt8]) -> [UInt8] {
        let length = exifHeader.count + tiff.count + 2
        return [0xFF, 0xE1, UInt8(length >> 8 & 0xFF), UInt8(length & 0xFF)] + exifHeader + tiff
    }

    // MARK: Finding the block

    /// The TIFF structure of the file's EXIF block.
    static func tiffRange(in bytes: [UInt8], format: ImageFormat) -> Range<Int>? {
        switch format {
        case .jpeg: jpegTIFF(bytes)
        case .png: pngTIFF(bytes)
        case .webp: webpTIFF(bytes)
        case .tiff: bytes.indices
        default: nil
        }
    }

    private static func jpegTIFF(_ b: [UInt8]) -> Range<Int>? {
        for (marker, payload) in jpegSegments(b) where marker == 0xE1 {
            if let range = skippingExifHeader(payload, in: b) { return range }
        }
        return nil
    }

    /// The marker and payload of each segment before the first scan.
    private static func jpegSegments(_ b: [UInt8]) -> [(marker: UInt8, payload: Range<Int>)] {
        var segments: [(UInt8, Range<Int>)] = []
        var at = 2
        for _ in 0..<maximumParts {
            guard at + 4 <= b.count, b[at] == 0xFF else { break }
            let marker = b[at + 1]
            if marker == 0xDA || marker == 0xD9 { break }
            if marker == 0xFF { at += 1; continue }
            let length = Int(b[at + 2]) << 8 | Int(b[at + 3])
            guard length >= 2, at + 2 + length <= b.count else { break }
            segments.append((marker, at + 4..<at + 2 + length))
            at += 2 + length
        }
        return segments
    }

    // MARK: XMP

    private static let xmpHeader = Array("http://ns.adobe.com/xap/1.0/".utf8) + [0]
    private static let xmpTags = [#"tiff:Orientation=""#, "tiff:Orientation='", "<tiff:Orientation>"].map { Array($0.utf8) }

    /// A JPEG's XMP repeats the orientation as `tiff:Orientation`, and some programs believe it
    /// over EXIF; its one digit is set to match, in place (the packet keeps its length).
    static func settingXMP(_ orientation: Orientation, inJPEG bytes: [UInt8]) -> [UInt8] {
        var b = bytes
        for (marker, payload) in jpegSegments(bytes) where marker == 0xE1 && bytes.has(xmpHeader, at: payload.lowerBound) {
            for at in payload {
                for tag in xmpTags where b.has(tag, at: at) {
                    let digit = at + tag.count
                    guard digit + 1 < payload.upperBound, (UInt8(ascii: "1")...UInt8(ascii: "8")).contains(b[digit]),
                          [UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "<")].contains(b[digit + 1]) else { continue }
                    b[digit] = UInt8(ascii: "0") + UInt8(orientation.rawValue)
                }
            }
        }
        return b
    }

    private static func pngTIFF(_ b: [UInt8]) -> Range<Int>? {
        var at = 8
        for _ in 0..<maximumParts {
            guard at + 12 <= b.count else { return nil }
            guard let length = b.be32(at: at), at + 12 + length <= b.count else { return nil }
            let type = String(decoding: b[at + 4..<at + 8], as: UTF8.self)
            if type == "eXIf" { return skippingExifHeader(at + 8..<at + 8 + length, in: b, optional: true) }
            if type == "IEND" { return nil }
            at += 12 + length
        }
        return nil
    }

    /// The EXIF chunk, only where VP8X says there is one: readers (cascade's own probe among
    /// them) do not look otherwise.
    private static func webpTIFF(_ b: [UInt8]) -> Range<Int>? {
        guard b.count > 30, b.has(Array("RIFF".utf8), at: 0), b.has(Array("VP8X".utf8), at: 12), b[20] & 0x08 != 0 else {
            return nil
        }
        let end = min(b.count, 8 + (b.le32(at: 4) ?? 0))
        var at = 12
        for _ in 0..<maximumParts {
            guard at + 8 <= end else { return nil }
            guard let size = b.le32(at: at + 4), at + 8 + size <= end else { return nil }
            if b.has(Array("EXIF".utf8), at: at) { return skippingExifHeader(at + 8..<at + 8 + size, in: b, optional: true) }
            at += 8 + size + (size & 1)
        }
        return nil
    }

    /// The TIFF structure after "Exif\0\0"; PNG and WebP chunks hold it bare, though some
    /// writers put the JPEG-style header in front there too.
    private static func skippingExifHeader(_ range: Range<Int>, in b: [UInt8], optional: Bool = false) -> Range<Int>? {
        if b.has(exifHeader, at: range.lowerBound), range.count > exifHeader.count { return range.lowerBound + 6..<range.upperBound }
        return optional ? range : nil
    }

    /// A PNG chunk's CRC covers its type and data; the chunk holding byte `offset` gets a new one.
    private static func resealPNGChunk(containing offset: Int, in b: inout [UInt8]) {
        var at = 8
        while at + 12 <= b.count {
            guard let length = b.be32(at: at) else { return }
            let end = at + 8 + length
            guard end + 4 <= b.count else { return }
            if offset >= at + 8, offset < end {
                let crc = b.withUnsafeMutableBufferPointer { crc32_gzip_refl(0, $0.baseAddress! + at + 4, UInt64(4 + length)) }
                for i in 0..<4 { b[end + i] = UInt8(crc >> (24 - 8 * UInt32(i)) & 0xFF) }
                return
            }
            at = end + 4
        }
    }
}

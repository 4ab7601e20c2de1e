/// The size and orientation of a JPEG, from its marker segments: walk them by their lengths
/// until the frame header (SOFn), reading the EXIF APP1 segment on the way.
enum JPEGHeader {
    /// Real files have a dozen segments before the frame; a thousand means a hostile one.
    static let maximumSegments = 1024
    /// Garbage and 0xFF fill bytes tolerated between segments, as libjpeg tolerates them.
    static let maximumSkippedBytes = 1 << 16

    static func probe(_ input: ProbeInput) throws(ProbeError) -> StoredHeader {
        var position = 2  // after SOI
        var exif: [UInt8]?
        var skipped = 0
        for _ in 0..<maximumSegments {
            // Find the marker: an 0xFF, maybe after garbage, maybe followed by more 0xFF fill.
            while try input.byte(at: position) != 0xFF {
                position += 1
                skipped += 1
                if skipped > maximumSkippedBytes { throw input.corrupt("has no marker where one belongs") }
            }
            var marker = try input.byte(at: position + 1)
            while marker == 0xFF {
                position += 1
                skipped += 1
                if skipped > maximumSkippedBytes { throw input.corrupt("has no marker where one belongs") }
                marker = try input.byte(at: position + 1)
            }
            position += 2
            switch marker {
            case 0x01, 0xD0...0xD8:
                continue  // markers without a length
            case 0xD9:
                throw input.corrupt("ends before its frame header")
            case 0xDA:
                throw input.corrupt("has a scan before its frame header")
            case 0x00:
                throw input.corrupt("has a stuffed byte where a marker belongs")
            default:
                break
            }
            let length = try input.u16(at: position, bigEndian: true)
            guard length >= 2 else { throw input.corrupt("has a segment of length \(length)") }
            if isFrameHeader(marker) {
                guard length >= 8 else { throw input.corrupt("frame header is too short") }
                let frame = try input.bytes(5, at: position + 3)
                return StoredHeader(width: frame.be16(at: 2) ?? 0, height: frame.be16(at: 0) ?? 0, exif: exif)
            }
            if marker == 0xE1, exif == nil {
                let payload = try input.bytes(length - 2, at: position + 2)
                if payload.has(Array("Exif".utf8) + [0, 0], at: 0) {
                    // Only the first EXIF segment counts, as in every viewer.
                    exif = ExifOrientation.capped(payload)
                }
            }
            position += length
        }
        throw input.corrupt("has more than \(maximumSegments) segments before its frame header")
    }

    /// SOF0–SOF15, except DHT (C4), JPG (C8) and DAC (CC), which share the range.
    static func isFrameHeader(_ marker: Int) -> Bool {
        (0xC0...0xCF).contains(marker) && marker != 0xC4 && marker != 0xC8 && marker != 0xCC
    }
}

/// The size and orientation of a JPEG, from its marker segments: walk them by their lengths
/// until the frame header (SOFn), reading the EXIF APP1 segment on the way. TurboJPEG's
/// `tjDecompressHeader3` gives no orientation, so this walk would stay beside it (BENCHMARKS.md "Hand-written or library").
enum JPEGHeader {
    static func probe(_ input: ProbeInput) throws(ProbeError) -> StoredHeader {
        var exif: [UInt8]?
        var header: StoredHeader?
        try JPEGSegments.walk(input) { marker, at, length throws(ProbeError) in
            if isFrameHeader(marker) {
                guard length >= 6 else { throw input.corrupt("frame header is too short") }
                let frame = try input.bytes(5, at: at + 1)
                header = StoredHeader(width: frame.be16(at: 2) ?? 0, height: frame.be16(at: 0) ?? 0, exif: exif)
                return false
            }
            if marker == 0xE1, exif == nil {
                let payload = try input.bytes(length, at: at)
                if payload.has(Array("Exif".utf8) + [0, 0], at: 0) {
                    // Only the first EXIF segment counts, as in every viewer.
                    exif = ExifOrientation.capped(payload)
                }
            }
            return true
        }
        guard let header else { throw input.corrupt("has a scan before its frame header") }
        return header
    }

    /// SOF0–SOF15, except DHT (C4), JPG (C8) and DAC (CC), which share the range.
    static func isFrameHeader(_ marker: Int) -> Bool {
        (0xC0...0xCF).contains(marker) && marker != 0xC4 && marker != 0xC8 && marker != 0xCC
    }
}

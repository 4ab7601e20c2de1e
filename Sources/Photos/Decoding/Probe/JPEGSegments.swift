/// A JPEG's marker segments before its first scan, walked by their lengths: the frame header
/// and EXIF for the probe, the colour profile and Adobe's ink convention for the decoder.
enum JPEGSegments {
    /// Real files have a dozen segments before the first scan; a thousand means a hostile one.
    static let maximumSegments = 1024
    /// Garbage and 0xFF fill bytes tolerated between segments, as libjpeg tolerates them.
    static let maximumSkippedBytes = 1 << 16

    /// The start of scan: where the segments this walk cares about have all gone by.
    static let startOfScan = 0xDA

    /// Calls `visit(marker, payloadOffset, payloadLength)` for each segment until it returns
    /// false or the first scan starts (SOS is not visited). Throws on a malformed walk.
    static func walk(_ input: ProbeInput,
                     _ visit: (_ marker: Int, _ at: Int, _ length: Int) throws(ProbeError) -> Bool) throws(ProbeError) {
        var position = 2  // after SOI
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
                throw input.corrupt("ends before its first scan")
            case startOfScan:
                return
            case 0x00:
                throw input.corrupt("has a stuffed byte where a marker belongs")
            default:
                break
            }
            let length = try input.u16(at: position, bigEndian: true)
            guard length >= 2 else { throw input.corrupt("has a segment of length \(length)") }
            guard try visit(marker, position + 2, length - 2) else { return }
            position += length
        }
        throw input.corrupt("has more than \(maximumSegments) segments before its first scan")
    }
}

/// What a JPEG says about its colours before the first scan: its ICC profile, split over APP2
/// segments of at most 64 KB each, and whether an Adobe APP14 segment is there — Photoshop's
/// mark for CMYK stored with inverted inks (255 is no ink), which libjpeg hands out as stored.
struct JPEGColour {
    var profile: [UInt8]?
    var adobe = false

    /// No real profile comes near this (a printer's CMYK profile is a few MB); the chunks of a
    /// larger one are not gathered.
    static let maximumProfileBytes = 16 << 20
    private static let iccTag = Array("ICC_PROFILE".utf8) + [0]
    private static let adobeTag = Array("Adobe".utf8)

    /// Reads the segments of `data`. A walk that stops early (a damaged file) keeps what it
    /// found: the decoder, not this, says whether the picture is readable.
    static func read(_ data: [UInt8]) -> JPEGColour {
        var colour = JPEGColour()
        var chunks: [Int: [UInt8]] = [:]
        var expected = 0, total = 0
        let input = ProbeInput(prefix: data, format: .jpeg, file: nil)
        try? JPEGSegments.walk(input) { marker, at, length throws(ProbeError) in
            if marker == 0xE2, length > iccTag.count + 2, try input.bytes(iccTag.count, at: at) == iccTag {
                let sequence = try input.byte(at: at + iccTag.count), count = try input.byte(at: at + iccTag.count + 1)
                let bodyLength = length - iccTag.count - 2
                // Numbered from 1; a chunk outside its count or a count that changes is ignored.
                if sequence >= 1, sequence <= count, expected == 0 || expected == count, chunks[sequence] == nil,
                   total + bodyLength <= maximumProfileBytes {
                    expected = count
                    total += bodyLength
                    chunks[sequence] = try input.bytes(bodyLength, at: at + iccTag.count + 2)
                }
            } else if marker == 0xEE, length >= 12, try input.bytes(adobeTag.count, at: at) == adobeTag {
                colour.adobe = true
            }
            return true
        }
        if expected > 0, chunks.count == expected {
            colour.profile = (1...expected).flatMap { chunks[$0]! }
        }
        return colour
    }
}

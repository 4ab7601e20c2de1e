import Foundation

/// An EXIF block written byte by byte as a camera writes it — IFD0 (make, model, orientation)
/// pointing to an EXIF IFD (date, exposure, lens) and a GPS IFD, then IFD1 with the small JPEG
/// thumbnail — independent of libexif, which reads it back.
struct ExifFixture {
    enum Value {
        case ascii(String)
        case short(Int)
        case rationals([(UInt32, UInt32)])
        /// Where another IFD starts (a LONG offset).
        case pointer(Int)
    }

    var make = "Canon"
    var model = "Canon EOS R5"
    var dateTaken = "2024:05:01 12:34:56"
    /// OffsetTimeOriginal ("+02:00"), if the camera wrote one.
    var offsetTaken: String?
    var lens = "RF24-70mm F2.8 L IS USM"
    var exposure: (UInt32, UInt32) = (1, 250)
    var fNumber: (UInt32, UInt32) = (28, 10)
    var iso = 200
    var focalLength: (UInt32, UInt32) = (35, 1)
    /// 48° 51′ 29.88″ N, 2° 17′ 40.2″ E (the Eiffel tower).
    var gps: (latitude: [(UInt32, UInt32)], north: Bool, longitude: [(UInt32, UInt32)], east: Bool)? =
        ([(48, 1), (51, 1), (2988, 100)], true, [(2, 1), (17, 1), (402, 10)], true)
    /// The EXIF orientation (1…8), if the camera wrote one.
    var orientation: Int?
    /// A JPEG for IFD1, the thumbnail cameras store (about 160×120).
    var thumbnail: [UInt8]?

    /// "Exif\0\0" and a little-endian TIFF structure: the payload of a JPEG APP1 segment.
    var block: [UInt8] {
        var exifEntries: [(Int, Value)] = [
            (0x829A, .rationals([exposure])), (0x829D, .rationals([fNumber])), (0x8827, .short(iso)),
            (0x9003, .ascii(dateTaken)), (0x920A, .rationals([focalLength])), (0xA434, .ascii(lens)),
        ]
        if let offsetTaken { exifEntries.append((0x9011, .ascii(offsetTaken))) }
        var gpsEntries: [(Int, Value)] = []
        if let gps {
            gpsEntries = [(1, .ascii(gps.north ? "N" : "S")), (2, .rationals(gps.latitude)),
                          (3, .ascii(gps.east ? "E" : "W")), (4, .rationals(gps.longitude))]
        }
        // IFD0 has a fixed size whatever the offsets in it, so it is laid out twice: once to
        // learn where the IFDs after it start, once with those offsets.
        func ifd0(exifAt: Int, gpsAt: Int) -> [(Int, Value)] {
            var entries: [(Int, Value)] = [(0x010F, .ascii(make)), (0x0110, .ascii(model)), (0x8769, .pointer(exifAt))]
            if gps != nil { entries.append((0x8825, .pointer(gpsAt))) }
            if let orientation { entries.append((0x0112, .short(orientation))) }
            return entries
        }
        let first = Self.ifd(ifd0(exifAt: 0, gpsAt: 0), at: 8)
        let exifAt = 8 + first.count
        let exif = Self.ifd(exifEntries, at: exifAt)
        let gpsAt = exifAt + exif.count
        let gpsIFD = gps != nil ? Self.ifd(gpsEntries, at: gpsAt) : []
        let ifd1At = gpsAt + gpsIFD.count
        var tiff: [UInt8] = Array("II".utf8) + [42, 0, 8, 0, 0, 0]
        tiff += Self.ifd(ifd0(exifAt: exifAt, gpsAt: gpsAt), at: 8, next: thumbnail != nil ? ifd1At : 0) + exif + gpsIFD
        if let thumbnail {
            // Compression 6 (JPEG), where the thumbnail starts and how long it is.
            let size = Self.ifd([(0x0103, .short(6)), (0x0201, .pointer(0)), (0x0202, .pointer(thumbnail.count))], at: ifd1At).count
            tiff += Self.ifd([(0x0103, .short(6)), (0x0201, .pointer(ifd1At + size)), (0x0202, .pointer(thumbnail.count))], at: ifd1At)
            tiff += thumbnail
        }
        return Array("Exif".utf8) + [0, 0] + tiff
    }

    /// `jpeg` with this block as its first segment after SOI.
    func inserted(into jpeg: [UInt8]) -> [UInt8] {
        let payload = block
        let length = payload.count + 2
        return Array(jpeg.prefix(2)) + [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload + jpeg.dropFirst(2)
    }

    /// One IFD starting at `offset` of the TIFF structure, its long values right after it, then
    /// (`next`) where the IFD after it starts.
    private static func ifd(_ entries: [(Int, Value)], at offset: Int, next: Int = 0) -> [UInt8] {
        var head: [UInt8] = le16(entries.count)
        var data: [UInt8] = []
        let dataStart = offset + 2 + entries.count * 12 + 4
        for (tag, value) in entries.sorted(by: { $0.0 < $1.0 }) {
            head += le16(tag)
            var bytes: [UInt8]
            switch value {
            case .ascii(let text):
                bytes = Array(text.utf8) + [0]
                head += le16(2) + le32(bytes.count)
            case .pointer(let at):
                bytes = le32(at)
                head += le16(4) + le32(1)
            case .short(let n):
                bytes = le16(n) + [0, 0]
                head += le16(3) + le32(1)
            case .rationals(let list):
                bytes = list.flatMap { le32(Int($0.0)) + le32(Int($0.1)) }
                head += le16(5) + le32(list.count)
            }
            if bytes.count <= 4 {
                head += bytes + [UInt8](repeating: 0, count: 4 - bytes.count)
            } else {
                head += le32(dataStart + data.count)
                data += bytes
                if data.count % 2 == 1 { data.append(0) }
            }
        }
        return head + le32(next) + data
    }

    private static func le16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }
    private static func le32(_ v: Int) -> [UInt8] { (0..<4).map { UInt8(v >> (8 * $0) & 0xFF) } }
}

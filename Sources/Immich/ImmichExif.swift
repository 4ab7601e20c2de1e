// What Immich knows of a photo (the asset's `exifInfo`, ExifResponseDto), written into the cached
// preview as an EXIF block. Immich strips its previews; with the block back in, the slideshow's
// captions (date, place, description), the `i` panel (camera, lens, exposure) and the date sort
// read Immich's photos exactly as they read local ones, through the same EXIF reader.

import CExif
import Foundation

/// The fields of `exifInfo` cascade writes back; all optional, as Immich's are.
public struct ImmichExif: Decodable, Sendable, Equatable {
    public var make: String?
    public var model: String?
    public var lensModel: String?
    /// "1/250", "2".
    public var exposureTime: String?
    public var fNumber: Double?
    public var iso: Double?
    public var focalLength: Double?
    public var latitude: Double?
    public var longitude: Double?
    public var description: String?

    public init(make: String? = nil, model: String? = nil, lensModel: String? = nil, exposureTime: String? = nil,
                fNumber: Double? = nil, iso: Double? = nil, focalLength: Double? = nil, latitude: Double? = nil,
                longitude: Double? = nil, description: String? = nil) {
        self.make = make
        self.model = model
        self.lensModel = lensModel
        self.exposureTime = exposureTime
        self.fNumber = fNumber
        self.iso = iso
        self.focalLength = focalLength
        self.latitude = latitude
        self.longitude = longitude
        self.description = description
    }

    /// The EXIF block ("Exif\0\0" and a TIFF structure, a JPEG APP1 payload) for these fields and
    /// `taken` (DateTimeOriginal, the time on the clock where the photo was taken). No
    /// Orientation: Immich's previews are upright already, and a tag would turn them twice.
    public func block(taken: Date?) -> [UInt8]? {
        guard let data = exif_data_new() else { return nil }
        defer { exif_data_unref(data) }
        // Only what Immich said: the specification's mode would invent mandatory tags.
        exif_data_unset_option(data, EXIF_DATA_OPTION_FOLLOW_SPECIFICATION)
        exif_data_set_byte_order(data, EXIF_BYTE_ORDER_INTEL)
        let writer = Writer(data: data)
        writer.text(0x010F, make, in: .ifd0)
        writer.text(0x0110, model, in: .ifd0)
        writer.text(0x010E, description.flatMap { $0.isEmpty ? nil : $0 }, in: .ifd0)
        writer.text(0x9003, taken.map(Self.exifDate), in: .exif)
        writer.text(0xA434, lensModel, in: .exif)
        writer.rationals(0x829A, exposureTime.flatMap(Self.seconds).map { [$0] }, in: .exif)
        writer.rationals(0x829D, fNumber.map { [$0] }, in: .exif)
        writer.rationals(0x920A, focalLength.map { [$0] }, in: .exif)
        if let iso, iso >= 1, iso <= 65535 { writer.short(0x8827, UInt16(iso), in: .exif) }
        if let latitude, let longitude, abs(latitude) <= 90, abs(longitude) <= 180, latitude != 0 || longitude != 0 {
            writer.text(0x0001, latitude < 0 ? "S" : "N", in: .gps)
            writer.rationals(0x0002, Self.degrees(abs(latitude)), in: .gps)
            writer.text(0x0003, longitude < 0 ? "W" : "E", in: .gps)
            writer.rationals(0x0004, Self.degrees(abs(longitude)), in: .gps)
        }
        guard writer.wrote else { return nil }
        var bytes: UnsafeMutablePointer<UInt8>?
        var size: UInt32 = 0
        exif_data_save_data(data, &bytes, &size)
        guard let bytes, size > 0 else { return nil }
        defer { free(bytes) }
        return Array(UnsafeBufferPointer(start: bytes, count: Int(size)))
    }

    /// "2024:05:01 12:34:56" from a moment written as if in UTC (Immich's localDateTime).
    static func exifDate(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        return String(format: "%04d:%02d:%02d %02d:%02d:%02d", c.year ?? 0, c.month ?? 0, c.day ?? 0, c.hour ?? 0, c.minute ?? 0, c.second ?? 0)
    }

    /// "1/250" or "0.5" or "2" as seconds.
    static func seconds(_ text: String) -> Double? {
        let parts = text.split(separator: "/")
        if parts.count == 2, let n = Double(parts[0]), let d = Double(parts[1]), d > 0 { return n / d }
        return parts.count == 1 ? Double(parts[0]) : nil
    }

    /// Degrees as EXIF writes a coordinate: degrees, minutes, seconds.
    static func degrees(_ value: Double) -> [Double] {
        let whole = value.rounded(.down), minutes = ((value - whole) * 60).rounded(.down)
        return [whole, minutes, (value - whole - minutes / 60) * 3600]
    }

    /// Entries added to libexif's tree.
    private final class Writer {
        enum IFD { case ifd0, exif, gps }
        let data: UnsafeMutablePointer<ExifData>
        private(set) var wrote = false

        init(data: UnsafeMutablePointer<ExifData>) { self.data = data }

        private func add(_ tag: UInt32, format: ExifFormat, components: Int, size: Int, in ifd: IFD,
                         fill: (UnsafeMutablePointer<UInt8>) -> Void) {
            let contents = data.pointee.ifd
            let content: UnsafeMutablePointer<ExifContent>? = switch ifd {
            case .ifd0: contents.0
            case .exif: contents.2
            case .gps: contents.3
            }
            // libexif frees an entry's data with free(): the default allocator's.
            guard let content, let entry = exif_entry_new(),
                  let bytes = calloc(size, 1)?.assumingMemoryBound(to: UInt8.self) else { return }
            defer { exif_entry_unref(entry) }
            fill(bytes)
            entry.pointee.tag = ExifTag(rawValue: tag)
            entry.pointee.format = format
            entry.pointee.components = UInt(components)
            entry.pointee.size = UInt32(size)
            entry.pointee.data = bytes
            exif_content_add_entry(content, entry)
            wrote = true
        }

        func text(_ tag: UInt32, _ value: String?, in ifd: IFD) {
            guard let value else { return }
            let bytes = Array(value.utf8.prefix(1000)) + [0]
            add(tag, format: EXIF_FORMAT_ASCII, components: bytes.count, size: bytes.count, in: ifd) { target in
                bytes.withUnsafeBufferPointer { target.update(from: $0.baseAddress!, count: bytes.count) }
            }
        }

        func short(_ tag: UInt32, _ value: UInt16, in ifd: IFD) {
            let order = exif_data_get_byte_order(data)
            add(tag, format: EXIF_FORMAT_SHORT, components: 1, size: 2, in: ifd) { exif_set_short($0, order, value) }
        }

        /// Unsigned rationals, each to a thousandth (a shutter of 1/8000 s included).
        func rationals(_ tag: UInt32, _ values: [Double]?, in ifd: IFD) {
            guard let values, !values.isEmpty, values.allSatisfy({ $0 >= 0 && $0 < 4_000_000 }) else { return }
            let order = exif_data_get_byte_order(data)
            add(tag, format: EXIF_FORMAT_RATIONAL, components: values.count, size: values.count * 8, in: ifd) { target in
                for (i, value) in values.enumerated() {
                    let denominator: UInt32 = value < 1 ? 1_000_000 : 1000
                    exif_set_rational(target + i * 8, order, ExifRational(numerator: UInt32((value * Double(denominator)).rounded()),
                                                                         denominator: denominator))
                }
            }
        }
    }
}

/// A JPEG with an EXIF block.
enum ImmichJPEG {
    /// `jpeg` with `block` as an APP1 segment right after its start; nil when `jpeg` is no JPEG
    /// or the block is too long for a segment.
    static func inserting(_ block: [UInt8], into jpeg: [UInt8]) -> [UInt8]? {
        guard jpeg.count > 4, jpeg[0] == 0xFF, jpeg[1] == 0xD8, block.count + 2 <= 0xFFFF else { return nil }
        let length = block.count + 2
        return [0xFF, 0xD8, 0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + block + jpeg[2...]
    }
}

import CExif
import Foundation

/// What a photo's EXIF block says about how it was taken — date, camera, lens, exposure,
/// place — read with libexif for the info panel. The block comes from an untrusted file: it
/// is capped before libexif sees it (the probe's `ExifOrientation.maximumBlockSize`), every
/// value is checked for its type and count, and a tag that does not fit is left out rather
/// than shown wrong.
public struct ExifSummary: Sendable, Equatable {
    /// As the camera wrote it, "2024:05:01 12:34:56" shown as "2024-05-01 12:34:56".
    public var dateTaken: String?
    /// Make and model, the make left out where the model already names it ("Canon Canon EOS R5").
    public var camera: String?
    public var lens: String?
    /// "1/250 s", "2 s".
    public var shutter: String?
    /// "f/2.8".
    public var aperture: String?
    public var iso: Int?
    /// "35 mm".
    public var focalLength: String?
    /// Degrees, north and east positive.
    public var latitude: Double?
    public var longitude: Double?
    /// The nearest town to the GPS position, "Lyon, France", when a gazetteer named it
    /// (`named(by:)`); nil when none is near, none was asked, or there is no GPS.
    public var placeName: String?
    /// What the photo shows, in words (ImageDescription): a caption its owner wrote.
    public var description: String?

    public init() {}

    public var isEmpty: Bool { self == ExifSummary() }

    /// "1/250 s  f/2.8  ISO 200  35 mm", nil when none of them is known.
    public var exposure: String? {
        let parts = [shutter, aperture, iso.map { "ISO \($0)" }, focalLength].compactMap { $0 }
        return parts.isEmpty ? nil : parts.joined(separator: "  ")
    }

    /// "48.85830° N, 2.29450° E".
    public var place: String? {
        guard let latitude, let longitude else { return nil }
        return String(format: "%.5f° %@, %.5f° %@", abs(latitude), latitude < 0 ? "S" : "N",
                      abs(longitude), longitude < 0 ? "W" : "E")
    }

    /// From a block starting with "Exif\0\0" and a TIFF header (a JPEG APP1 payload, or what
    /// the probe made of a PNG or WebP chunk).
    public init(exifBlock block: [UInt8]) {
        let capped = ExifOrientation.capped(block)
        guard capped.count > 14, let data = exif_data_new() else { return }
        defer { exif_data_unref(data) }
        // Follow-the-specification mode would invent missing mandatory tags; we want only what
        // the file says.
        exif_data_unset_option(data, EXIF_DATA_OPTION_FOLLOW_SPECIFICATION)
        capped.withUnsafeBufferPointer { exif_data_load_data(data, $0.baseAddress, UInt32($0.count)) }
        let tags = Tags(data: data)
        dateTaken = tags.text(0x9003, in: .exif).map(Self.readableDate)
        camera = Self.camera(make: tags.text(0x010F, in: .ifd0), model: tags.text(0x0110, in: .ifd0))
        lens = tags.text(0xA434, in: .exif)
        shutter = tags.rational(0x829A, in: .exif).flatMap(Self.shutter)
        aperture = tags.rational(0x829D, in: .exif).map { String(format: "f/%.1f", $0) }
        iso = tags.short(0x8827, in: .exif)
        focalLength = tags.rational(0x920A, in: .exif).map { String(format: "%.0f mm", $0) }
        description = tags.text(0x010E, in: .ifd0)
        latitude = tags.coordinate(0x0002, reference: 0x0001, negative: "S")
        longitude = tags.coordinate(0x0004, reference: 0x0003, negative: "W")
    }

    static func readableDate(_ raw: String) -> String {
        // "YYYY:MM:DD HH:MM:SS": only the date's colons become dashes.
        var characters = Array(raw)
        if characters.count >= 10, characters[4] == ":", characters[7] == ":" {
            characters[4] = "-"; characters[7] = "-"
        }
        return String(characters)
    }

    static func camera(make: String?, model: String?) -> String? {
        guard let model else { return make }
        guard let make, !model.lowercased().hasPrefix(make.split(separator: " ").first?.lowercased() ?? make.lowercased())
        else { return model }
        return make + " " + model
    }

    static func shutter(_ seconds: Double) -> String? {
        guard seconds > 0 else { return nil }
        if seconds >= 1 { return String(format: seconds == seconds.rounded() ? "%.0f s" : "%.1f s", seconds) }
        return "1/\(Int((1 / seconds).rounded())) s"
    }

    /// Typed access to libexif's entries.
    private struct Tags {
        enum IFD: Int { case ifd0 = 0, exif = 2, gps = 3 }
        let data: UnsafeMutablePointer<ExifData>

        private func entry(_ tag: UInt32, in ifd: IFD) -> UnsafeMutablePointer<ExifEntry>? {
            let contents = data.pointee.ifd
            let content: UnsafeMutablePointer<ExifContent>? = switch ifd {
            case .ifd0: contents.0
            case .exif: contents.2
            case .gps: contents.3
            }
            guard let content, let entry = exif_content_get_entry(content, ExifTag(rawValue: tag)),
                  entry.pointee.data != nil, entry.pointee.components >= 1 else { return nil }
            return entry
        }

        private var order: ExifByteOrder { exif_data_get_byte_order(data) }

        /// An ASCII tag, trimmed; nil when empty or not text.
        func text(_ tag: UInt32, in ifd: IFD) -> String? {
            guard let entry = entry(tag, in: ifd), entry.pointee.format == EXIF_FORMAT_ASCII else { return nil }
            let bytes = UnsafeBufferPointer(start: entry.pointee.data, count: Int(entry.pointee.size))
            let upToNul = bytes.prefix { $0 != 0 }.prefix(200)
            let text = String(decoding: upToNul, as: UTF8.self)
                .unicodeScalars.filter { $0.properties.generalCategory != .control }
            let trimmed = String(String.UnicodeScalarView(text)).trimmingCharacters(in: .whitespaces)
            return trimmed.isEmpty ? nil : trimmed
        }

        func short(_ tag: UInt32, in ifd: IFD) -> Int? {
            guard let entry = entry(tag, in: ifd), entry.pointee.size >= 2 else { return nil }
            switch entry.pointee.format {
            case EXIF_FORMAT_SHORT: return Int(exif_get_short(entry.pointee.data, order))
            case EXIF_FORMAT_LONG where entry.pointee.size >= 4: return Int(exif_get_long(entry.pointee.data, order))
            default: return nil
            }
        }

        /// The `index`th unsigned rational; nil for a zero denominator.
        func rational(_ tag: UInt32, in ifd: IFD, index: Int = 0) -> Double? {
            guard let entry = entry(tag, in: ifd), entry.pointee.format == EXIF_FORMAT_RATIONAL,
                  Int(entry.pointee.components) > index, Int(entry.pointee.size) >= (index + 1) * 8 else { return nil }
            let value = exif_get_rational(entry.pointee.data + index * 8, order)
            guard value.denominator != 0 else { return nil }
            return Double(value.numerator) / Double(value.denominator)
        }

        /// A GPS latitude or longitude: degrees, minutes, seconds and an N/S or E/W reference.
        func coordinate(_ tag: UInt32, reference: UInt32, negative: String) -> Double? {
            guard let degrees = rational(tag, in: .gps, index: 0), let minutes = rational(tag, in: .gps, index: 1),
                  let seconds = rational(tag, in: .gps, index: 2) else { return nil }
            let value = degrees + minutes / 60 + seconds / 3600
            guard value.isFinite, value <= 180 else { return nil }
            return text(reference, in: .gps)?.uppercased() == negative ? -value : value
        }
    }
}

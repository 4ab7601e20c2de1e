import CExif

/// The orientation tag of an EXIF block, read with libexif. The block comes from an untrusted
/// file, so it is capped in size before libexif sees it, and anything unreadable — a truncated
/// block, offsets pointing in circles, a tag of the wrong type, a value outside 1…8 — means
/// `.up`: a broken tag must never hide or break a photo.
/// Public only so the libFuzzer target (Fuzz/ExifFuzzer) can reach it without `@testable`.
public enum ExifOrientation {
    /// More than any IFD0 needs; a larger block (a big embedded thumbnail) is cut here, and the
    /// orientation, which sits in IFD0 near the start, is still found.
    static let maximumBlockSize = 256 << 10

    private static let exifHeader: [UInt8] = Array("Exif".utf8) + [0, 0]

    /// From a JPEG APP1 payload or any block starting with "Exif\0\0" and a TIFF header.
    public static func read(exifBlock block: [UInt8]) -> Orientation {
        parse(capped(block))
    }

    /// The date taken from a block as `read(tiffBlock:)` takes it (public for the fuzzer too).
    public static func readDate(tiffBlock block: [UInt8]) -> CaptureDate? {
        readWithDate(exifBlock: exifBlock(tiff: block)).taken
    }

    /// The orientation and the date taken from one load of the block: what the scan keeps of it.
    static func readWithDate(exifBlock block: [UInt8]) -> (orientation: Orientation, taken: CaptureDate?) {
        load(capped(block)) { data in (orientation(of: data), CaptureDate.read(data)) } ?? (.up, nil)
    }

    /// From a PNG eXIf or WebP EXIF chunk: a bare TIFF structure, or — as some writers do it —
    /// one with the JPEG-style "Exif\0\0" in front.
    public static func read(tiffBlock block: [UInt8]) -> Orientation {
        parse(exifBlock(tiff: block))
    }

    /// A block as libexif reads it, no longer than `maximumBlockSize`.
    static func capped(_ block: [UInt8]) -> [UInt8] {
        block.count > maximumBlockSize ? Array(block.prefix(maximumBlockSize)) : block
    }

    /// A bare TIFF structure (or one already behind "Exif\0\0") as an EXIF block, capped.
    static func exifBlock(tiff block: [UInt8]) -> [UInt8] {
        if block.has(exifHeader, at: 0) { return capped(block) }
        return exifHeader + block.prefix(maximumBlockSize - exifHeader.count)
    }

    /// The EXIF block of the PNG eXIf or WebP EXIF chunk whose data, `length` bytes long,
    /// starts at `offset` of the probed file; only the first `maximumBlockSize` bytes are read.
    static func exifBlock(tiffChunkAt offset: Int, length: Int, in input: ProbeInput) -> [UInt8]? {
        guard let block = try? input.bytes(min(length, maximumBlockSize), at: offset) else { return nil }
        return exifBlock(tiff: block)
    }

    /// The EXIF block of a HEIF Exif item or a JPEG XL Exif box, `length` bytes at `offset`:
    /// a 4-byte count of bytes to skip to the TIFF header, then the TIFF structure. Only the
    /// first `maximumBlockSize` bytes are read.
    static func exifBlock(offsetPrefixedAt offset: Int, length: Int, in input: ProbeInput) -> [UInt8]? {
        guard length > 4, let body = try? input.bytes(min(length, maximumBlockSize), at: offset),
              let skip = body.be32(at: 0), skip <= body.count - 4 else { return nil }
        return exifBlock(tiff: Array(body[(4 + skip)...]))
    }

    private static func parse(_ block: [UInt8]) -> Orientation {
        load(block, orientation(of:)) ?? .up
    }

    /// Calls `body` with the block loaded by libexif; nil when the block is too short to hold any tag.
    private static func load<R>(_ block: [UInt8], _ body: (UnsafeMutablePointer<ExifData>) -> R) -> R? {
        guard block.count > exifHeader.count + 8, let data = exif_data_new() else { return nil }
        defer { exif_data_unref(data) }
        // Follow-the-specification mode would invent missing mandatory tags; we want only what
        // the file says.
        exif_data_unset_option(data, EXIF_DATA_OPTION_FOLLOW_SPECIFICATION)
        block.withUnsafeBufferPointer { exif_data_load_data(data, $0.baseAddress, UInt32($0.count)) }
        return body(data)
    }

    private static func orientation(of data: UnsafeMutablePointer<ExifData>) -> Orientation {
        guard let ifd0 = data.pointee.ifd.0,
              let entry = exif_content_get_entry(ifd0, EXIF_TAG_ORIENTATION),
              entry.pointee.components >= 1, let bytes = entry.pointee.data else { return .up }
        let order = exif_data_get_byte_order(data)
        switch entry.pointee.format {
        case EXIF_FORMAT_SHORT where entry.pointee.size >= 2:
            return Orientation(exifValue: Int(exif_get_short(bytes, order)))
        case EXIF_FORMAT_LONG where entry.pointee.size >= 4:
            return Orientation(exifValue: Int(exif_get_long(bytes, order)))
        default:
            return .up
        }
    }
}

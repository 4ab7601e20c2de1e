// JPEG XL: the size, orientation and whether it moves from the codestream's first bits
// (ISO/IEC 18181-1: SizeHeader, then ImageMetadata's orientation and have_animation), in a bare
// codestream (FF 0A) or inside the ISOBMFF container (its `jxlc` box, or the first `jxlp` part).
// Read in Swift within bounds, like the other headers: a third of libjxl's time for its basic
// info, and libjxl stays out of the viewer process (BENCHMARKS.md "Hand-written or library").

enum JXLHeader {
    static let codestreamSignature: [UInt8] = [0xFF, 0x0A]
    static let containerSignature: [UInt8] = [0, 0, 0, 0x0C] + Array("JXL ".utf8) + [0x0D, 0x0A, 0x87, 0x0A]
    /// Boxes walked before the codestream (ftyp, jxll, an Exif or XML box…).
    static let maximumBoxes = 64

    static func probe(_ input: ProbeInput) throws(ProbeError) -> StoredHeader {
        let start = try codestreamStart(input)
        let head = try input.bytes(upTo: 64, at: start)
        guard head.has(codestreamSignature, at: 0) else { throw input.corrupt("has no codestream signature") }
        var bits = BitReader(bytes: Array(head.dropFirst(2)), format: input.format)
        let (width, height) = try size(&bits)
        // ImageMetadata: all defaults, or an "extra fields" flag that brings the orientation and,
        // past the intrinsic size and the preview, whether the image is an animation.
        var header = StoredHeader(width: width, height: height, orientation: .up)
        if try bits.read(1) == 0, try bits.read(1) == 1 {
            header.orientation = Orientation(exifValue: try bits.read(3) + 1)
            // Only the play mark hangs on this: bits cut short here still leave a photo.
            header.animated = (try? moves(&bits)) ?? false
        }
        if let exif = exif(input) {
            header.taken = ExifOrientation.readWithDate(exifBlock: exif).taken
            header.exif = exif
        }
        return header
    }

    /// The container's `Exif` box as an EXIF block; nil in a bare codestream, or when the box
    /// is missing or damaged (only the date hangs on it: the orientation is the codestream's).
    private static func exif(_ input: ProbeInput) -> [UInt8]? {
        guard !input.prefix.has(codestreamSignature, at: 0),
              let box = try? ISOTopLevelBoxes.first(of: ["Exif"], in: input, from: containerSignature.count,
                                                    maximumBoxes: maximumBoxes),
              box.size > box.headerSize + 4 else { return nil }
        return ExifOrientation.exifBlock(offsetPrefixedAt: box.bodyStart, length: box.size - box.headerSize, in: input)
    }

    /// Past the intrinsic size and the preview, whether the image is an animation.
    private static func moves(_ bits: inout BitReader) throws(ProbeError) -> Bool {
        if try bits.read(1) == 1 { _ = try size(&bits) }
        if try bits.read(1) == 1 { try skipPreview(&bits) }
        return try bits.read(1) == 1
    }

    /// SizeHeader: the image's (or the intrinsic) width and height.
    private static func size(_ bits: inout BitReader) throws(ProbeError) -> (width: Int, height: Int) {
        let small = try bits.read(1) == 1
        let height = small ? (try bits.read(5) + 1) * 8 : try bits.u32([9, 13, 18, 30]) + 1
        let ratio = try bits.read(3)
        guard ratio == 0 else {
            let (num, den) = [(1, 1), (12, 10), (4, 3), (3, 2), (16, 9), (5, 4), (2, 1)][ratio - 1]
            return (height * num / den, height)
        }
        return (small ? (try bits.read(5) + 1) * 8 : try bits.u32([9, 13, 18, 30]) + 1, height)
    }

    /// PreviewHeader, read only to get past it: sides in eighths (16, 32, or 5 or 9 bits) or in
    /// pixels (6, 8, 10 or 12 bits), and the same aspect ratio code as the image's.
    private static func skipPreview(_ bits: inout BitReader) throws(ProbeError) {
        let widths = try bits.read(1) == 1 ? [0, 0, 5, 9] : [6, 8, 10, 12]
        _ = try bits.u32(widths)
        if try bits.read(3) == 0 { _ = try bits.u32(widths) }
    }

    /// Where the codestream begins: at 0, or in the container's first codestream box.
    private static func codestreamStart(_ input: ProbeInput) throws(ProbeError) -> Int {
        if input.prefix.has(codestreamSignature, at: 0) { return 0 }
        guard let box = try ISOTopLevelBoxes.first(of: ["jxlc", "jxlp"], in: input, from: containerSignature.count,
                                                   maximumBoxes: maximumBoxes) else {
            throw input.corrupt("has no codestream box")
        }
        // A part of a split codestream starts with its index.
        return box.bodyStart + (box.type == "jxlp" ? 4 : 0)
    }
}

/// The codestream's bits, least significant first within each byte.
private struct BitReader {
    let bytes: [UInt8]
    let format: ImageFormat
    private var position = 0

    init(bytes: [UInt8], format: ImageFormat) {
        self.bytes = bytes
        self.format = format
    }

    mutating func read(_ count: Int) throws(ProbeError) -> Int {
        var value = 0
        for i in 0..<count {
            let byte = position >> 3
            guard byte < bytes.count else { throw .truncated(format) }
            value |= Int(bytes[byte] >> (position & 7) & 1) << i
            position += 1
        }
        return value
    }

    /// The spec's U32: two bits choose one of four widths, then that many bits.
    mutating func u32(_ widths: [Int]) throws(ProbeError) -> Int {
        let selector = try read(2)
        return try read(widths[selector])
    }
}

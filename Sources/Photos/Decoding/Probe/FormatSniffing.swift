// Which image format a file holds, from its first bytes; and whether its name says "image".
// The bytes decide the format (a JPEG named .png is a JPEG); the name only makes a file worth a
// closer look: a file named .jpg may hold anything, and a photo may have any name.
extension ImageFormat {
    /// How many leading bytes `sniff` looks at. Fewer still work for the shorter signatures.
    public static let sniffLength = 64

    /// The format whose signature starts `bytes`, or nil for anything else.
    public static func sniff(_ bytes: [UInt8]) -> ImageFormat? {
        func starts(_ signature: [UInt8], at offset: Int = 0) -> Bool { bytes.has(signature, at: offset) }
        if starts([0xFF, 0xD8, 0xFF]) { return .jpeg }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if starts(Array("RIFF".utf8)) && starts(Array("WEBP".utf8), at: 8) { return .webp }
        if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) { return .gif }
        if starts([0x49, 0x49, 0x2A, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2A]) { return .tiff }
        if starts(JXLHeader.codestreamSignature) || starts(JXLHeader.containerSignature) { return .jxl }
        if starts(Array("ftyp".utf8), at: 4), let brands = isoBrands(bytes) {
            if brands.contains("avif") || brands.contains("avis") { return .avif }
            if !brands.isDisjoint(with: heifBrands) { return .heif }
        }
        if starts(Array("BM".utf8)), let info = bytes.le32(at: 14), BMPHeader.knownInfoSizes.contains(info) {
            // "BM" alone is two common letters; the info-header size makes it a bitmap.
            return .bmp
        }
        return nil
    }

    /// HEIF's brands for still images and sequences of them (ISO/IEC 23008-12): HEVC-coded
    /// (`heic`, `heix`…) or any codec (`mif1`, `msf1`), as phones write them.
    static let heifBrands: Set<String> = ["heic", "heix", "heim", "heis", "hevc", "hevx", "mif1", "msf1"]

    /// The major and compatible brands of a leading `ftyp` box, as far as `bytes` reach.
    static func isoBrands(_ bytes: [UInt8]) -> Set<String>? {
        guard bytes.count >= 12, let size = bytes.be32(at: 0), size >= 16 else { return nil }
        var brands: Set<String> = [String(decoding: bytes[8..<12], as: UTF8.self)]
        var at = 16
        while at + 4 <= min(size, bytes.count) {
            brands.insert(String(decoding: bytes[at..<(at + 4)], as: UTF8.self))
            at += 4
        }
        return brands
    }

    /// The format a file name's extension promises (`jpg jpeg jpe png webp gif bmp tif tiff heic heif
    /// hif avif jxl`, any
    /// case), or nil. Only a hint for finding candidates; never used to pick a decoder.
    public init?(fileExtensionOf path: PhotoPath) {
        let name = path.lastComponent.bytes
        guard let dot = name.lastIndex(of: UInt8(ascii: ".")), dot > 0, name.count - dot - 1 <= 4 else { return nil }
        let ext = String(decoding: name[(dot + 1)...].map { $0 | 0x20 }, as: UTF8.self)
        switch ext {
        case "jpg", "jpeg", "jpe": self = .jpeg
        case "png": self = .png
        case "webp": self = .webp
        case "gif": self = .gif
        case "bmp": self = .bmp
        case "tif", "tiff": self = .tiff
        case "heic", "heif", "hif": self = .heif
        case "avif": self = .avif
        case "jxl": self = .jxl
        default: return nil
        }
    }
}

// Which image format a file holds, from its first bytes; and whether its name says "image".
// The bytes decide the format (a JPEG named .png is a JPEG); the name only makes a file worth a
// closer look (DESIGN.md §5).
extension ImageFormat {
    /// How many leading bytes `sniff` looks at. Fewer still work for the shorter signatures.
    public static let sniffLength = 32

    /// The format whose signature starts `bytes`, or nil for anything else.
    public static func sniff(_ bytes: [UInt8]) -> ImageFormat? {
        func starts(_ signature: [UInt8], at offset: Int = 0) -> Bool { bytes.has(signature, at: offset) }
        if starts([0xFF, 0xD8, 0xFF]) { return .jpeg }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if starts(Array("RIFF".utf8)) && starts(Array("WEBP".utf8), at: 8) { return .webp }
        if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) { return .gif }
        if starts([0x49, 0x49, 0x2A, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2A]) { return .tiff }
        if starts(Array("BM".utf8)), let info = bytes.le32(at: 14), BMPHeader.knownInfoSizes.contains(info) {
            // "BM" alone is two common letters; the info-header size makes it a bitmap.
            return .bmp
        }
        return nil
    }

    /// The format a file name's extension promises (`jpg jpeg jpe png webp gif bmp tif tiff`, any
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
        default: return nil
        }
    }
}

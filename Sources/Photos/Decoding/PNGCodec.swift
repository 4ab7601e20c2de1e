import CPNGCodec
import Glibc

/// PNG reading through libpng (via the setjmp-guarded CPNGCodec layer; the rows of 8-bit RGB
/// and RGBA files over ISA-L's inflate, png_idat.c) and writing over ISA-L's deflate
/// (png_writer.c): photos, and thumbnails with their tEXt chunks. The size is read from the
/// header and checked against the pixel cap before the pixel buffer exists.
enum PNGCodec {
    struct Decoded {
        var image: DecodedImage
        var hasAlpha: Bool
        /// Text chunks by keyword (tEXt, zTXt and iTXt alike); the first of a keyword wins.
        var text: [String: String]
        /// The iCCP chunk's ICC profile.
        var profile: [UInt8]?
        /// Whether the rows were read over ISA-L's inflate (png_idat.c) rather than by libpng.
        var rowsByISAL = false
    }

    /// `textAfterImage: false` stops after the rows: `text` then holds the chunks before the image
    /// only, and files with text after it (ImageMagick writes its dates there) are read over
    /// ISA-L too. `libpngOnly` reads the rows through libpng even where png_idat.c would: the
    /// reference the tests and the PNG fuzz target hold that reader to.
    static func decode(_ data: UnsafeRawBufferPointer, maxPixels: Int, textAfterImage: Bool = true,
                       libpngOnly: Bool = false) throws(DecodeError) -> Decoded
    {
        let bytes = data.bindMemory(to: UInt8.self)
        guard let base = bytes.baseAddress, bytes.count >= 8 else { throw .truncated }
        var status: Int32 = 0
        var message = [CChar](repeating: 0, count: 160)
        guard let reader = cascade_png_open(base, bytes.count, &status, &message, message.count) else {
            throw error(status, cText(message))
        }
        defer { cascade_png_close(reader) }
        if libpngOnly { cascade_png_use_libpng_only(reader) }
        if !textAfterImage { cascade_png_read_rows_only(reader) }
        let width = Int(cascade_png_width(reader)), height = Int(cascade_png_height(reader))
        guard width > 0, height > 0 else { throw .corrupt(.png, detail: "no image size") }
        guard width * height <= maxPixels else { throw .tooManyPixels(width: width, height: height) }

        var readStatus: Int32 = 0
        let pixels = [UInt8](unsafeUninitializedCapacity: width * height * 4) { buffer, count in
            count = width * height * 4
            readStatus = cascade_png_read_bgra(reader, buffer.baseAddress!, width * 4)
        }
        guard readStatus == Int32(CASCADE_PNG_OK.rawValue) else {
            throw error(readStatus, String(cString: cascade_png_message(reader)))
        }
        var icc: UnsafePointer<UInt8>?
        let iccLength = cascade_png_icc(reader, &icc)
        let profile = icc.map { Array(UnsafeBufferPointer(start: $0, count: iccLength)) }
        var text: [String: String] = [:]
        for i in 0..<cascade_png_text_count(reader) {
            let key = String(cString: cascade_png_text_key(reader, i))
            if text[key] == nil { text[key] = String(cString: cascade_png_text_value(reader, i)) }
        }
        return Decoded(image: DecodedImage(width: width, height: height, stride: width * 4, pixels: pixels),
                       hasAlpha: cascade_png_has_alpha(reader) != 0, text: text, profile: profile,
                       rowsByISAL: cascade_png_rows_by_isal(reader) != 0)
    }

    /// An 8-bit PNG of `image` with `text` as uncompressed tEXt chunks, in the order given.
    /// Keys and values must be Latin-1 (ours are ASCII). Level 1 and one row filter (the
    /// codec's): thumbnails are photo pixels, which deflate's higher levels barely shrink at
    /// several times the cost; libpng's filter chosen per row makes them about a fifth smaller
    /// for twice the encode, and reads no faster. RGB when every pixel is opaque, as GNOME's
    /// and KDE's thumbnailers write photos: a quarter less to deflate now and to inflate on
    /// every start that shows it; RGBA otherwise.
    static func encode(_ image: DecodedImage, text: [(String, String)], compressionLevel: Int32 = 1)
        throws(DecodeError) -> [UInt8]
    {
        let opaque: Int32 = AreaResampler.hasTranslucency(image) ? 0 : 1
        var keys = text.map { strdup($0.0) }
        var values = text.map { strdup($0.1) }
        defer { (keys + values).forEach { free($0) } }
        var out: UnsafeMutablePointer<UInt8>?
        var outSize = 0
        var message = [CChar](repeating: 0, count: 160)
        let status = image.pixels.withUnsafeBufferPointer { pixels in
            keys.withUnsafeMutableBufferPointer { keyPointers in
                values.withUnsafeMutableBufferPointer { valuePointers in
                    keyPointers.withMemoryRebound(to: UnsafePointer<CChar>?.self) { k in
                        valuePointers.withMemoryRebound(to: UnsafePointer<CChar>?.self) { v in
                            cascade_png_write_bgra(pixels.baseAddress, UInt32(image.width), UInt32(image.height),
                                                   image.stride, k.baseAddress, v.baseAddress, Int32(text.count),
                                                   compressionLevel, opaque, &out, &outSize, &message, message.count)
                        }
                    }
                }
            }
        }
        guard status == Int32(CASCADE_PNG_OK.rawValue), let out else {
            throw status == Int32(CASCADE_PNG_NO_MEMORY.rawValue)
                ? .outOfMemory : .corrupt(.png, detail: cText(message))
        }
        defer { cascade_png_free(out) }
        return Array(UnsafeBufferPointer(start: out, count: outSize))
    }

    /// A NUL-terminated message buffer from C.
    private static func cText(_ buffer: [CChar]) -> String {
        String(decoding: buffer.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static func error(_ status: Int32, _ message: String) -> DecodeError {
        switch status {
        case Int32(CASCADE_PNG_TRUNCATED.rawValue): return .truncated
        case Int32(CASCADE_PNG_NO_MEMORY.rawValue): return .outOfMemory
        default: return .corrupt(.png, detail: message)
        }
    }
}

/// cascade reads the rows of 8-bit RGB and RGBA PNGs over ISA-L's inflate (png_idat.c) and leaves
/// every other PNG, and every file that reader finds wrong, to libpng. This holds the two to each
/// other: public for the PNG fuzz target, which runs it on every input it makes.
public enum PNGReaderCheck {
    /// Whether reading `bytes` gives exactly what libpng alone gives: the same error, or the same
    /// pixels, alpha, texts and profile; with the texts after the image read (as for thumbnails)
    /// or not (as for photos).
    public static func readersAgree(_ bytes: [UInt8], maxPixels: Int, textAfterImage: Bool) -> Bool {
        bytes.withUnsafeBytes { data in
            func read(libpngOnly: Bool) -> Result<PNGCodec.Decoded, DecodeError> {
                Result { () throws(DecodeError) in
                    try PNGCodec.decode(data, maxPixels: maxPixels, textAfterImage: textAfterImage, libpngOnly: libpngOnly)
                }
            }
            switch (read(libpngOnly: false), read(libpngOnly: true)) {
            case (.failure(let error), .failure(let reference)):
                return error == reference
            case (.success(let png), .success(let reference)):
                return png.image.pixels == reference.image.pixels && png.image.width == reference.image.width
                    && png.hasAlpha == reference.hasAlpha && png.text == reference.text && png.profile == reference.profile
            default:
                return false
            }
        }
    }
}

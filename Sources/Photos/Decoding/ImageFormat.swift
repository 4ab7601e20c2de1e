// The image formats cascade shows. The format of a file is sniffed from its bytes,
// never trusted from its extension (docs/photos.md, "Which files").
public enum ImageFormat: String, Sendable, CaseIterable, Codable {
    case jpeg, png, webp, gif, bmp, tiff
    /// HEIF stills (HEIC from phones: HEVC inside) and AVIF (AV1 inside), both read by libheif.
    case heif, avif
    /// JPEG XL, bare codestream or in its container, read by libjxl.
    case jxl
}

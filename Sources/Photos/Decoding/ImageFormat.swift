// The image formats cascade shows. The format of a file is sniffed from its bytes,
// never trusted from its extension (DESIGN.md §5).
public enum ImageFormat: String, Sendable, CaseIterable, Codable {
    case jpeg, png, webp, gif, bmp, tiff
}

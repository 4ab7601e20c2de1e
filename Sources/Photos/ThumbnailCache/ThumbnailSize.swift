/// The size folders of the freedesktop.org Thumbnail Managing Standard (0.9): a thumbnail's
/// longer side is the folder's size, or the photo's own if that is smaller.
public enum ThumbnailSize: Int, CaseIterable, Sendable, Comparable {
    case normal = 128
    case large = 256
    case xLarge = 512
    case xxLarge = 1024

    public var pixels: Int { rawValue }

    public var folderName: String {
        switch self {
        case .normal: return "normal"
        case .large: return "large"
        case .xLarge: return "x-large"
        case .xxLarge: return "xx-large"
        }
    }

    /// The smallest folder whose thumbnails have at least `longSide` pixels on their longer
    /// side; nil when even xx-large is too small (the photo is then decoded directly).
    public static func covering(_ longSide: Int) -> ThumbnailSize? {
        allCases.first { $0.pixels >= longSide }
    }

    public static func < (a: ThumbnailSize, b: ThumbnailSize) -> Bool { a.rawValue < b.rawValue }
}

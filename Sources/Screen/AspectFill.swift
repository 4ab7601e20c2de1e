import Waterfall

/// Which part of a photo shows in a tile of another shape: the largest centred region with the
/// tile's aspect ratio ("aspect-fill", a centre crop), so the tile is covered with no bars and
/// no distortion. The layout clamps tile ratios to [0.25, 4]; a panorama beyond that loses its
/// sides, a tall strip its top and bottom.
public enum AspectFill {
    /// The source rect within `content` to draw into a `destination`-sized area.
    public static func sourceRect(content: PixelSize, destination: PixelSize) -> PixelRect {
        guard !content.isEmpty else { return PixelRect(x: 0, y: 0, width: 0, height: 0) }
        guard !destination.isEmpty else {
            return PixelRect(x: 0, y: 0, width: content.width, height: content.height)
        }
        let cw = Double(content.width), ch = Double(content.height)
        let want = Double(destination.width) / Double(destination.height)
        if cw / ch > want {
            // Wider than the tile: keep the full height, crop the sides equally.
            let width = min(content.width, max(1, Int((ch * want).rounded())))
            return PixelRect(x: (content.width - width) / 2, y: 0, width: width, height: content.height)
        } else {
            let height = min(content.height, max(1, Int((cw / want).rounded())))
            return PixelRect(x: 0, y: (content.height - height) / 2, width: content.width, height: height)
        }
    }
}

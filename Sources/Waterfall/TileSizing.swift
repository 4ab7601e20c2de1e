// How tall a photo's tile is at a given cell width (docs/ARCHITECTURE.md, "Layout rules").

public enum TileSizing {
    /// Ratios outside [0.25, 4] would make a tile a sliver or a tower; such photos are shown
    /// aspect-fill (centre crop) in a clamped tile instead.
    public static let minimumRatio = 0.25
    public static let maximumRatio = 4.0

    /// Height ÷ width as the tile shows it. A size that cannot be read counts as square.
    public static func clampedRatio(for displayed: Size) -> Double {
        guard !displayed.isEmpty, displayed.width.isFinite, displayed.height.isFinite else { return 1 }
        return min(max(displayed.height / displayed.width, minimumRatio), maximumRatio)
    }

    /// True when the tile crops the photo because its ratio was clamped.
    public static func isCropped(_ displayed: Size) -> Bool {
        guard !displayed.isEmpty else { return false }
        let ratio = displayed.height / displayed.width
        return ratio < minimumRatio || ratio > maximumRatio
    }

    /// `cw × clamp(h / w, 0.25, 4) + caption`, with the photo's size *as displayed*
    /// (after EXIF orientation).
    public static func tileHeight(cellWidth: Double, displayed: Size, captionHeight: Double = 0) -> Double {
        max(0, cellWidth) * clampedRatio(for: displayed) + max(0, captionHeight)
    }

    /// A tile's extent along the wall's axis in a lane `breadth` across: on a vertical wall its
    /// height (`tileHeight`); on a horizontal one its width, the photo as tall as the row less
    /// the caption under it, `(breadth − caption) ÷ clamp(h / w, 0.25, 4)`.
    public static func tileLength(axis: WallAxis, breadth: Double, displayed: Size, captionHeight: Double = 0) -> Double {
        switch axis {
        case .vertical: tileHeight(cellWidth: breadth, displayed: displayed, captionHeight: captionHeight)
        case .horizontal: max(0, breadth - max(0, captionHeight)) / clampedRatio(for: displayed)
        }
    }
}

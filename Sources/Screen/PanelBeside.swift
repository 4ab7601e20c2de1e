import Waterfall

/// Where a panel about one tile goes: beside it, as a file manager's tooltip or Loupe's
/// properties sit by what they describe, so the eye does not cross the window to read it.
public enum PanelBeside {
    /// The widest a panel beside `tile` is made: the room on its wider side, so it need not
    /// cover the tile, but never narrower than `least`, below which its lines are cut too short
    /// to read (it then covers part of the tile).
    public static func widthLimit(beside tile: PixelRect, gap: Int, in window: PixelSize, margin: Int, least: Int) -> Int {
        let right = window.width - margin - (tile.maxX + gap), left = tile.x - gap - margin
        return min(window.width - 2 * margin, max(least, right, left))
    }

    /// The panel's top-left corner: `gap` right of `tile`, or left of it when the window has no
    /// room on the right, its top level with the tile's; always at least `margin` inside
    /// `window`. Where neither side has room it covers part of the tile rather than leave the
    /// window. Physical pixels throughout.
    public static func origin(of panel: PixelSize, beside tile: PixelRect, gap: Int, in window: PixelSize, margin: Int) -> (x: Int, y: Int) {
        let right = tile.maxX + gap, left = tile.x - gap - panel.width
        let lastX = window.width - margin - panel.width
        var x = right <= lastX ? right : left >= margin ? left : right
        x = max(margin, min(x, lastX))
        let y = max(margin, min(tile.y, window.height - margin - panel.height))
        return (x, y)
    }
}

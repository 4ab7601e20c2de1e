/// The error tile's icon: a warning triangle with an exclamation mark, drawn from SDL
/// primitives instead of loaded from a file. It then needs no asset to be found at run time
/// (an error tile must never fail to draw), and it is sharp at every size and HiDPI scale.
@MainActor
enum ErrorIcon {
    /// Draws the icon filling a `side` × `side` square centred in `area`.
    static func draw(on renderer: Renderer, centredIn area: PixelRect, side: Int, color: ScreenColor, cutout: ScreenColor) {
        guard side >= 4 else { return }
        let s = Double(side)
        let left = Double(area.x) + (Double(area.width) - s) / 2
        let height = s * 0.88
        let top = Double(area.y) + (Double(area.height) - height) / 2
        renderer.fillTriangle((left + s / 2, top), (left, top + height), (left + s, top + height), color: color)

        // The exclamation mark, cut out of the triangle in the tile's own colour.
        let stroke = max(1.0, (s * 0.11).rounded())
        let x = Int((left + (s - stroke) / 2).rounded())
        let barTop = Int((top + height * 0.34).rounded()), barBottom = Int((top + height * 0.70).rounded())
        let dotTop = Int((top + height * 0.77).rounded())
        renderer.fill(PixelRect(x: x, y: barTop, width: Int(stroke), height: max(1, barBottom - barTop)), color: cutout)
        renderer.fill(PixelRect(x: x, y: dotTop, width: Int(stroke), height: Int(stroke)), color: cutout)
    }
}

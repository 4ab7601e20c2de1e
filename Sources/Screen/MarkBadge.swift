// The badge of a marked photo: a check mark in a filled accent circle in the top-left corner of
// the photo, as galleries and file managers show a chosen item. The corner is the one free of
// the arrival flag (top right), the motion mark (bottom left) and the caption (below the photo).
// A dark ring round the circle keeps it apart from a blue sky, the white tick from a dark photo.

import Glibc  // cos, sin
import Waterfall

extension TileDrawer {
    /// The badge's diameter in logical pixels, before the ring.
    public static let markBadgeSize = 24.0
    /// Where the badge sits from the photo's top-left corner, logical pixels.
    static let markBadgeInset = 6.0

    /// The badge on the photo part `rect` of a tile (or the photo of the detail view).
    public func drawMarkBadge(in rect: Rect) {
        guard let (centre, radius) = markBadgeDisc(in: rect) else { return }
        let c = (centre.x, centre.y)
        fillDisc(centre: c, radius: radius + max(1, (2 * renderer.scale).rounded()), color: theme.highlightEdge)
        fillDisc(centre: c, radius: radius, color: theme.highlight)
        // The tick: a short stroke down to the bottom point, a long one up to the right.
        let stroke = max(1.5, radius * 0.3)
        let left = (c.0 - radius * 0.5, c.1), bottom = (c.0 - radius * 0.12, c.1 + radius * 0.4)
        let right = (c.0 + radius * 0.52, c.1 - radius * 0.38)
        fillStroke(from: left, to: bottom, width: stroke, color: Self.markTick)
        fillStroke(from: bottom, to: right, width: stroke, color: Self.markTick)
    }

    /// Where the badge's accent circle goes on `rect`, in the renderer's pixels; nil when the
    /// photo is too small to carry one.
    public func markBadgeDisc(in rect: Rect) -> (centre: Point, radius: Double)? {
        let area = pixelRect(for: rect)
        let scale = renderer.scale
        let diameter = min(Self.markBadgeSize * scale, Double(min(area.width, area.height)) / 3).rounded()
        guard diameter >= 8 else { return nil }
        let radius = diameter / 2, ring = max(1, (2 * scale).rounded())
        let inset = (Self.markBadgeInset * scale).rounded() + ring + radius
        return (Point(x: Double(area.x) + inset, y: Double(area.y) + inset), radius)
    }

    /// White: the tick reads on the accent whatever the theme's caption colour is.
    static let markTick = ScreenColor(rgb: 0xFFFFFF)

    private func fillDisc(centre: (Double, Double), radius: Double, color: ScreenColor) {
        // Enough sides that the edge looks round at the badge's size.
        let sides = 24
        var previous = (centre.0 + radius, centre.1)
        for k in 1...sides {
            let angle = Double(k) / Double(sides) * 2 * Double.pi
            let point = (centre.0 + radius * cos(angle), centre.1 + radius * sin(angle))
            renderer.fillTriangle(centre, previous, point, color: color)
            previous = point
        }
    }

    /// A straight stroke `width` wide, its ends squared off.
    private func fillStroke(from a: (Double, Double), to b: (Double, Double), width: Double, color: ScreenColor) {
        let dx = b.0 - a.0, dy = b.1 - a.1
        let length = (dx * dx + dy * dy).squareRoot()
        guard length > 0 else { return }
        let nx = -dy / length * width / 2, ny = dx / length * width / 2
        let p1 = (a.0 + nx, a.1 + ny), p2 = (b.0 + nx, b.1 + ny), p3 = (b.0 - nx, b.1 - ny), p4 = (a.0 - nx, a.1 - ny)
        renderer.fillTriangle(p1, p2, p3, color: color)
        renderer.fillTriangle(p1, p3, p4, color: color)
    }
}

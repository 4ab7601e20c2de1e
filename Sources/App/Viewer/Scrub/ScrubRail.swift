// Where the date scrubber sits and how its thumb maps to the wall: a rail down the window's
// right edge, a thumb whose travel along it is the wall's whole scroll range. The thumb's top
// at the rail's top is offset 0, at the end of its travel the wall's last screen, and in
// between in proportion, so a place on the rail is the same place in any wall.

import Waterfall

struct ScrubRail: Sendable, Equatable {
    /// The rail as drawn, logical pixels.
    static let width = 14.0
    /// How far from the window's right edge a press or a hover counts as on the rail: more than
    /// the rail, so a finger need not hit it exactly, and far less than a tile.
    static let reach = 36.0
    static let thumbHeight = 44.0
    /// Gap between the rail and the window's top, bottom and right edges.
    static let inset = 6.0

    let viewport: Size

    var rail: Rect {
        Rect(x: viewport.width - Self.width - Self.inset, y: Self.inset,
             width: Self.width, height: max(0, viewport.height - 2 * Self.inset))
    }

    /// How far the thumb's top moves from one end to the other.
    var travel: Double { max(0, rail.height - Self.thumbHeight) }

    /// Whether a press at `point` is on the rail.
    func reaches(_ point: Point) -> Bool {
        point.x >= viewport.width - Self.reach && point.x <= viewport.width && point.y >= 0 && point.y <= viewport.height
    }

    /// The thumb for a wall scrolled `fraction` (0…1) of its way.
    func thumb(at fraction: Double) -> Rect {
        let f = fraction.isFinite ? min(max(fraction, 0), 1) : 0
        return Rect(x: rail.minX, y: rail.minY + f * travel, width: rail.width, height: min(Self.thumbHeight, rail.height))
    }

    /// The fraction of the wall's way that puts the thumb's top at `top`.
    func fraction(thumbTop top: Double) -> Double {
        guard travel > 0, top.isFinite else { return 0 }
        return min(max((top - rail.minY) / travel, 0), 1)
    }
}

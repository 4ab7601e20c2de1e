// Which way a wall scrolls. A horizontal wall is the vertical one turned a quarter — mirrored
// over the diagonal, so x and y swap: its columns become rows, a tile's height its width, the
// top margin the left one. The layout places tiles once, in the vertical wall's terms (its
// "flow" coordinates: lanes across x, the scroll along y), and turns every frame, rect and
// point at its edge; nothing of the placement rule, the per-lane search or the reuse pool is
// written twice.

public enum WallAxis: String, CaseIterable, Hashable, Sendable {
    /// Columns; the wall scrolls down (the seed's waterfall).
    case vertical
    /// Rows; the wall scrolls sideways (the seed's horizontal table).
    case horizontal

    /// A rect between content and flow coordinates (the turn is its own inverse).
    @inline(__always)
    public func turned(_ r: Rect) -> Rect {
        self == .vertical ? r : Rect(x: r.minY, y: r.minX, width: r.height, height: r.width)
    }

    @inline(__always)
    public func turned(_ p: Point) -> Point {
        self == .vertical ? p : Point(x: p.y, y: p.x)
    }

    @inline(__always)
    public func turned(_ s: Size) -> Size {
        self == .vertical ? s : Size(width: s.height, height: s.width)
    }

    /// Screen margins as the flow sees them: top ↔ left, bottom ↔ right, and the gap between
    /// tiles of a lane (a row's horizontal gap) ↔ the gap between lanes (rows' vertical gap).
    public func turned(_ m: Margins) -> Margins {
        self == .vertical ? m
            : Margins(top: m.left, left: m.top, bottom: m.right, right: m.bottom, row: m.column, column: m.row)
    }

    /// Where `rect` (wall coordinates) is in a viewport scrolled `offset` along this axis.
    @inline(__always)
    public func inViewport(_ rect: Rect, offset: Double) -> Rect {
        self == .vertical ? rect.offsetBy(dx: 0, dy: -offset) : rect.offsetBy(dx: -offset, dy: 0)
    }

    /// The component of `p` along the scroll.
    @inline(__always)
    public func along(_ p: Point) -> Double { self == .vertical ? p.y : p.x }

    /// A size's extent along the scroll (a viewport's height on a vertical wall).
    @inline(__always)
    public func along(_ s: Size) -> Double { self == .vertical ? s.height : s.width }

    /// A size's extent across the scroll: the breadth lanes share.
    @inline(__always)
    public func across(_ s: Size) -> Double { self == .vertical ? s.width : s.height }

    /// The lanes' name on this wall, for people.
    public var laneName: String { self == .vertical ? "columns" : "rows" }
}

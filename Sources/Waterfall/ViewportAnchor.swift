// Keeping the tile a person is looking at where it is on screen through relayouts — the top
// complaint about every masonry library is tiles jumping away on insert, delete or resize.

public struct ViewportAnchor: Hashable, Sendable {
    /// The tile held in place.
    public var index: Int
    /// Where the held line of the tile is, relative to the viewport's start along the scroll
    /// (its top; its left edge on a horizontal wall), in logical pixels.
    public var screenY: Double
    /// Which line of the tile is held, as a share of its height: 0 its top edge, ½ its middle.
    /// A zoom changes the tile's height; holding the line under the pointer keeps the tile
    /// under the pointer, where holding its top would let it grow away from it.
    public var fraction: Double

    public init(index: Int, screenY: Double, fraction: Double = 0) {
        self.index = index; self.screenY = screenY; self.fraction = fraction
    }

    /// Where the anchor should be after `count` tiles were inserted before `position`.
    public mutating func noteInsert(at position: Int, count: Int = 1) {
        if position <= index { index += count }
    }

    /// After tiles `range` were removed; returns false when the anchor itself was removed
    /// (the tile that took its index is anchored instead, at the same screen y).
    @discardableResult
    public mutating func noteRemove(_ range: Range<Int>) -> Bool {
        if range.upperBound <= index { index -= range.count; return true }
        if range.contains(index) { index = range.lowerBound; return false }
        return true
    }
}

extension WaterfallLayout {
    /// The tile to hold in place for the viewport `rect`: the lowest-index tile whose top is
    /// inside the viewport — the one a reader's eye is on after scrolling — or, when one tile
    /// covers the whole viewport, the lowest-index tile showing.
    public func anchor(forViewport rect: Rect) -> ViewportAnchor? {
        let rect = axis.turned(rect)
        var visible: [Int] = []
        flowIndices(in: rect, into: &visible)
        guard let first = visible.first else { return nil }
        let pick = visible.first { flowFrame(at: $0).minY >= rect.minY } ?? first
        return ViewportAnchor(index: pick, screenY: flowFrame(at: pick).minY - rect.minY)
    }

    /// Holds the tile under `point` (viewport coordinates) at the line under the point — what a
    /// Ctrl+wheel or a pinch zooms about. nil when the point is over no tile (a margin).
    public func anchor(under point: Point, inViewport rect: Rect) -> ViewportAnchor? {
        let point = axis.turned(point), rect = axis.turned(rect)
        guard point.x.isFinite, point.y.isFinite, let i = flowIndex(at: Point(x: point.x, y: point.y + rect.minY)) else { return nil }
        let f = flowFrame(at: i)
        return ViewportAnchor(index: i, screenY: point.y, fraction: f.height > 0 ? (point.y + rect.minY - f.minY) / f.height : 0)
    }

    /// Holds tile `index` by its middle, where it is now — the keyboard cursor through `+`/`-`:
    /// the tile grows or shrinks about its centre. nil when the tile does not meet the viewport
    /// (holding a tile nobody sees would move the wall the user is looking at) or does not exist.
    public func anchor(holding index: Int, inViewport rect: Rect) -> ViewportAnchor? {
        guard index >= 0, index < count, frame(at: index).intersects(rect) else { return nil }
        return ViewportAnchor(index: index, screenY: flowFrame(at: index).midY - axis.turned(rect).minY, fraction: 0.5)
    }

    /// The scroll offset that puts the anchored line of the tile back at its screen y.
    public func offset(restoring anchor: ViewportAnchor) -> Double? {
        guard anchor.index >= 0, anchor.index < count, anchor.fraction.isFinite else { return nil }
        let f = flowFrame(at: anchor.index)
        return f.minY + anchor.fraction * f.height - anchor.screenY
    }
}

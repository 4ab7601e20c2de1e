// Keeping the tile a person is looking at where it is on screen through relayouts — the top
// complaint about every masonry library is tiles jumping away on insert, delete or resize.

public struct ViewportAnchor: Hashable, Sendable {
    /// The tile held in place.
    public var index: Int
    /// Its top edge relative to the viewport's top, in logical pixels.
    public var screenY: Double

    public init(index: Int, screenY: Double) { self.index = index; self.screenY = screenY }

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
        var visible: [Int] = []
        indices(in: rect, into: &visible)
        guard let first = visible.first else { return nil }
        let pick = visible.first { frame(at: $0).minY >= rect.minY } ?? first
        return ViewportAnchor(index: pick, screenY: frame(at: pick).minY - rect.minY)
    }

    /// The scroll offset that puts the anchored tile back at its screen y.
    public func offset(restoring anchor: ViewportAnchor) -> Double? {
        guard anchor.index >= 0, anchor.index < count else { return nil }
        return frame(at: anchor.index).minY - anchor.screenY
    }
}

// What the layout tells of its sections: where each heading is, which tiles each holds, which
// headings a rect meets and which one is under a point. Headings go along the wall in section
// order, so every answer is a binary search over the breaks.

extension WaterfallLayout {
    public var sectionCount: Int { sectionBreaks.count }

    /// Section `k`'s heading: across the wall between the side margins (a band down the wall
    /// between the top and bottom margins when horizontal). O(1).
    public func headingFrame(ofSection k: Int) -> Rect { axis.turned(flowHeadingFrame(ofSection: k)) }

    func flowHeadingFrame(ofSection k: Int) -> Rect {
        Rect(x: flow.left, y: headingTops[k], width: max(0, breadth - flow.left - flow.right),
             height: sectionBreaks[k].headingHeight)
    }

    /// The tiles of section `k`: from its start to the next section's.
    public func tiles(inSection k: Int) -> Range<Int> {
        sectionBreaks[k].start..<(k + 1 < sectionBreaks.count ? sectionBreaks[k + 1].start : count)
    }

    /// The section tile `index` is in; nil for a tile before the first break (or none).
    public func section(containing index: Int) -> Int? {
        let k = Self.partition(sectionBreaks) { $0.start <= index } - 1
        return k >= 0 ? k : nil
    }

    /// The sections whose headings meet `rect` (open intersection, as `indices(in:)`).
    public func sections(in rect: Rect) -> Range<Int> {
        let rect = axis.turned(rect)
        guard rect.width > 0, rect.height > 0, rect.minX < breadth - flow.right, flow.left < rect.maxX else { return 0..<0 }
        let first = Self.partition(sectionBreaks.indices) { headingTops[$0] + sectionBreaks[$0].headingHeight <= rect.minY }
        let end = Self.partition(sectionBreaks.indices) { headingTops[$0] < rect.maxY }
        var range = first..<max(first, end)
        // A heading of no height meets nothing.
        while let k = range.first, sectionBreaks[k].headingHeight <= 0 { range = range.dropFirst() }
        return range
    }

    /// The section whose heading is under `point` (half-open, as `index(at:)`), or nil. A point
    /// on a heading is on no tile: `index(at:)` answers nil there.
    public func heading(at point: Point) -> Int? {
        let point = axis.turned(point)
        guard point.x.isFinite, point.y.isFinite, point.x >= flow.left, point.x < breadth - flow.right else { return nil }
        let k = Self.partition(sectionBreaks.indices) { headingTops[$0] <= point.y } - 1
        guard k >= 0, point.y < headingTops[k] + sectionBreaks[k].headingHeight else { return nil }
        return k
    }

    /// Column `c`'s slots (positions in its tile list) holding tiles of `tiles`.
    func slots(inColumn c: Int, holding tiles: Range<Int>) -> Range<Int> {
        let list = columns[c].tiles
        let lo = Self.partition(list) { Int($0) < tiles.lowerBound }
        let hi = Self.partition(list) { Int($0) < tiles.upperBound }
        return lo..<hi
    }
}

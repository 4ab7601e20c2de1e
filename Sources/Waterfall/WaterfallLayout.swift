// Every tile's frame, precomputed (the seed's `reloadData`), plus the per-column index that
// answers "which tiles meet this rect" and "which tile is under this point" without a scan.
//
// Placement is the seed's rule: each tile in index order goes to the column whose bottom is
// smallest (ties to the lowest column), at `top` in an empty column, else `bottom + row`.
// Because a tile's place depends only on the tiles before it, a change at index i can be
// replayed from the column bottoms just before i — found by one binary search per column —
// so nothing before i ever moves and nothing is recomputed from zero.
//
// Optional section breaks (SectionBreak) split the wall into sections with headings; a break
// is replayed like a tile, so the same holds across them.
//
// A horizontal wall (WallAxis) is placed by the same rule in flow coordinates — lanes across
// x, tiles stacked along y — and turned a quarter at the public edge: `frame(at:)`, the rects
// and points of the queries are the screen's, everything inside is the flow's. "Column" below
// means a lane: a column, or a row of a horizontal wall seen turned.

public struct WaterfallLayout: Sendable {
    public private(set) var axis: WallAxis
    /// The extent lanes share: the wall's width when vertical, its height when horizontal.
    public private(set) var breadth: Double
    /// As given, in the screen's terms (`row` the vertical gap, `column` the horizontal one).
    public private(set) var margins: Margins
    /// The same margins in flow terms, which every placement and query below uses.
    private(set) var flow: Margins
    /// Columns, or rows of a horizontal wall.
    public private(set) var laneCount: Int
    /// A column's width, or a row's height.
    public private(set) var laneBreadth: Double

    // Per tile, by index. Struct-of-arrays keeps a million tiles at ~24 bytes each.
    private var tops: [Double] = []
    private var heights: [Double] = []
    private var columnOf: [Int32] = []

    // Per column: its tiles in index order — which is also top order, since a column only grows
    // downward — with their bottoms copied alongside, so a query binary-searches one contiguous
    // array instead of chasing an index into the per-tile arrays at every step.
    // Internal (read-only outside this file) so the keyboard cursor can walk them too.
    struct Column: Sendable {
        var tiles: [Int32] = []
        var bottoms: [Double] = []
        /// Every `blockSize`-th bottom: a search first narrows to one block in this small, hot
        /// array, then touches only a few cache lines of `bottoms` — at a million tiles that is
        /// the difference between ~20 cache misses per column and ~3.
        var summary: [Double] = []
        static let blockSize = 64

        /// The seed's "maxY" of the column: 0 while empty.
        var bottom: Double { bottoms.last ?? 0 }

        mutating func reserveCapacity(_ n: Int) {
            tiles.reserveCapacity(n); bottoms.reserveCapacity(n)
            summary.reserveCapacity(n / Self.blockSize + 1)
        }

        mutating func truncate(to n: Int) {
            tiles.removeSubrange(n...); bottoms.removeSubrange(n...)
            summary.removeSubrange(((n + Self.blockSize - 1) / Self.blockSize)...)
        }

        mutating func append(tiles more: UnsafeBufferPointer<Int32>, bottoms moreBottoms: UnsafeBufferPointer<Double>) {
            let kept = tiles.count
            tiles.append(contentsOf: more)
            bottoms.append(contentsOf: moreBottoms)
            var block = (kept + Self.blockSize - 1) / Self.blockSize
            while block * Self.blockSize < bottoms.count {
                summary.append(bottoms[block * Self.blockSize])
                block += 1
            }
        }

        /// The block of `bottoms` holding the first slot whose bottom is below `y`.
        func block(bottomAfter y: Double) -> Range<Int> {
            let block = WaterfallLayout.partition(summary) { $0 <= y }
            return max(0, (block - 1) * Self.blockSize)..<min(bottoms.count, block * Self.blockSize + 1)
        }

        /// The first slot whose bottom is below `y`.
        func firstSlot(bottomAfter y: Double) -> Int {
            let range = block(bottomAfter: y)
            return range.lowerBound + WaterfallLayout.partition(bottoms[range]) { $0 <= y }
        }
    }
    private(set) var columns: [Column]

    /// Where sections start, ascending; empty for a wall without sections.
    public private(set) var sectionBreaks: [SectionBreak] = []
    /// The top of each section's heading, by section.
    private(set) var headingTops: [Double] = []

    /// A vertical wall `width` wide; margins below zero count as zero.
    public init(width: Double, columns: ColumnCount = .seedDefault, margins: Margins = .seed) {
        self.init(axis: .vertical, breadth: width, lanes: columns, margins: margins)
    }

    /// A wall scrolling along `axis` whose lanes share `breadth` logical pixels.
    public init(axis: WallAxis, breadth: Double, lanes: ColumnCount = .seedDefault, margins: Margins = .seed) {
        self.axis = axis; self.breadth = 0; self.margins = margins; self.flow = margins
        self.laneCount = 1; self.laneBreadth = 0
        self.columns = []
        configure(axis: axis, breadth: breadth, lanes: lanes, margins: margins)
    }

    /// A vertical wall's new width, columns or margins.
    public mutating func configure(width: Double, columns: ColumnCount, margins: Margins) {
        configure(axis: .vertical, breadth: width, lanes: columns, margins: margins)
    }

    /// New axis, breadth, lanes or margins. Every tile moves, so the wall is emptied and the
    /// caller supplies lengths for the new `laneBreadth` (they scale with it) through
    /// `setHeights`. Storage is kept: relayout on a resize or a pinch touches no fresh memory.
    public mutating func configure(axis: WallAxis, breadth: Double, lanes requested: ColumnCount, margins: Margins) {
        let m = Margins(top: max(0, margins.top), left: max(0, margins.left),
                        bottom: max(0, margins.bottom), right: max(0, margins.right),
                        row: max(0, margins.row), column: max(0, margins.column))
        let f = axis.turned(m)
        let w = breadth.isFinite ? max(0, breadth) : 0
        let c = requested.resolve(width: w, margins: f)
        self.axis = axis
        self.breadth = w
        self.margins = m
        self.flow = f
        self.laneCount = c
        self.laneBreadth = max(0, (w - f.left - f.right - Double(c - 1) * f.column) / Double(c))
        if columns.count > c { columns.removeLast(columns.count - c) }
        while columns.count < c { columns.append(Column()) }
        for k in columns.indices { columns[k].truncate(to: 0) }
        heights.removeAll(keepingCapacity: true)
        tops.removeAll(keepingCapacity: true)
        columnOf.removeAll(keepingCapacity: true)
        sectionBreaks.removeAll()
        headingTops.removeAll()
    }

    public var count: Int { tops.count }
    public var isEmpty: Bool { tops.isEmpty }

    /// Longest lane's end plus the end margin (the seed's content size): the wall's height,
    /// or its width when horizontal.
    public var contentLength: Double { (columns.lazy.map(\.bottom).max() ?? 0) + flow.bottom }

    /// The column (or row) tile `index` is in.
    public func lane(at index: Int) -> Int { Int(columnOf[index]) }
    /// Tile `index`'s extent along the scroll: its height, or its width when horizontal.
    public func length(at index: Int) -> Double { heights[index] }

    /// Where lane `k` starts across the scroll, in flow coordinates.
    func laneStart(_ k: Int) -> Double {
        flow.left + Double(k) * (laneBreadth + flow.column)
    }

    /// Tile `index`'s frame on the screen's axes. O(1).
    public func frame(at index: Int) -> Rect { axis.turned(flowFrame(at: index)) }

    /// The frame in flow coordinates: lanes across x, the scroll along y.
    func flowFrame(at index: Int) -> Rect {
        Rect(x: laneStart(Int(columnOf[index])), y: tops[index], width: laneBreadth, height: heights[index])
    }

    // MARK: Building and changing

    public mutating func reserveCapacity(_ n: Int) {
        tops.reserveCapacity(n); heights.reserveCapacity(n); columnOf.reserveCapacity(n)
        // Columns fill unevenly; a little headroom avoids a regrow near the end.
        let perColumn = n / laneCount + n / (4 * laneCount) + 16
        for c in columns.indices { columns[c].reserveCapacity(perColumn) }
    }

    /// Replaces every tile, and the section breaks (none by default; see `SectionBreak.sanitized`
    /// for the breaks kept). Heights below zero count as zero. (Concrete arrays rather than
    /// generic sequences throughout: across modules a generic parameter is not specialised,
    /// and a million tiles through generic witnesses cost five times the layout itself.)
    public mutating func setHeights(_ newHeights: [Double], sections: [SectionBreak] = []) {
        heights.removeAll(keepingCapacity: true)
        heights.append(contentsOf: newHeights)
        for i in heights.indices where !(heights[i].isFinite && heights[i] >= 0) { heights[i] = Self.sanitized(heights[i]) }
        let n = heights.count
        tops.removeAll(keepingCapacity: true)
        tops.append(contentsOf: repeatElement(0, count: n))
        columnOf.removeAll(keepingCapacity: true)
        columnOf.append(contentsOf: repeatElement(0, count: n))
        for c in columns.indices { columns[c].truncate(to: 0) }
        sectionBreaks = SectionBreak.sanitized(sections, count: n)
        headingTops = [Double](repeating: 0, count: sectionBreaks.count)
        place(from: 0)
    }

    /// New section breaks: the wall is laid out again from the first break that changed.
    public mutating func setSections(_ sections: [SectionBreak]) {
        relayout(from: replaceBreaks(with: sections, keptBefore: count))
    }

    /// O(columns) — the new tile never moves an earlier one.
    public mutating func append(height: Double) {
        guard sectionBreaks.isEmpty else {
            // The columns of the last section may not have started yet: the general path knows.
            heights.append(Self.sanitized(height)); tops.append(0); columnOf.append(0)
            return place(from: count - 1)
        }
        let h = Self.sanitized(height)
        var best = 0
        for k in 1..<laneCount where columns[k].bottom < columns[best].bottom { best = k }
        let y = columns[best].tiles.isEmpty ? flow.top : columns[best].bottom + flow.row
        let i = count
        heights.append(h)
        tops.append(y)
        columnOf.append(Int32(truncatingIfNeeded: best))
        if columns[best].tiles.count % Column.blockSize == 0 { columns[best].summary.append(y + h) }
        columns[best].tiles.append(Int32(truncatingIfNeeded: i))
        columns[best].bottoms.append(y + h)
    }

    public mutating func insert(height: Double, at index: Int) {
        insert(heights: [height], at: index)
    }

    /// Inserts a run of tiles before `index`; tiles before it stay where they are. `sections`:
    /// the breaks after the insert; nil shifts the ones there are (the new tiles join the
    /// section of the tile after them).
    public mutating func insert(heights new: [Double], at index: Int, sections: [SectionBreak]? = nil) {
        precondition(index >= 0 && index <= count, "insert index \(index) out of 0...\(count)")
        heights.insert(contentsOf: new.map(Self.sanitized), at: index)
        tops.insert(contentsOf: repeatElement(0, count: new.count), at: index)
        columnOf.insert(contentsOf: repeatElement(0, count: new.count), at: index)
        let breaks = sections ?? sectionBreaks.map {
            SectionBreak(start: $0.start > index ? $0.start + new.count : $0.start, headingHeight: $0.headingHeight)
        }
        relayout(from: replaceBreaks(with: breaks, keptBefore: index))
    }

    public mutating func remove(at index: Int) { remove(range: index..<(index + 1)) }

    /// Removes tiles `range`. `sections`: the breaks after the removal; nil shifts the ones
    /// there are (a section whose tiles all went goes with them). `keepingLanes`: every tile
    /// left stays in its lane and the gap closes within that lane, rather than the tiles after
    /// `range` being dealt to the shortest lanes again — a photo deleted mid-screen must not
    /// send its neighbours across the wall. Inserting, resizing or new heights deal them again.
    public mutating func remove(range: Range<Int>, sections: [SectionBreak]? = nil, keepingLanes: Bool = false) {
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "remove range \(range) out of 0..<\(count)")
        heights.removeSubrange(range)
        tops.removeSubrange(range)
        columnOf.removeSubrange(range)
        let breaks = sections ?? sectionBreaks.map {
            let start = $0.start < range.lowerBound ? $0.start : max(range.lowerBound, $0.start - range.count)
            return SectionBreak(start: start, headingHeight: $0.headingHeight)
        }
        relayout(from: replaceBreaks(with: breaks, keptBefore: range.lowerBound), keepingLanes: keepingLanes)
    }

    /// Takes `new` breaks, given that tiles before `index` did not change, and returns where
    /// the wall must be laid out again from: `index`, or the first break before it that
    /// changed. Headings of the breaks kept keep their places.
    private mutating func replaceBreaks(with new: [SectionBreak], keptBefore index: Int) -> Int {
        let clean = SectionBreak.sanitized(new, count: count)
        var same = 0
        while same < min(clean.count, sectionBreaks.count), clean[same] == sectionBreaks[same], clean[same].start < index {
            same += 1
        }
        let changedAt = min(same < clean.count ? clean[same].start : index, same < sectionBreaks.count ? sectionBreaks[same].start : index)
        sectionBreaks = clean
        headingTops.removeSubrange(min(same, headingTops.count)...)
        headingTops.append(contentsOf: repeatElement(0, count: clean.count - headingTops.count))
        return min(index, changedAt)
    }

    /// A tile's height changed (its photo's real size became known, a caption was toggled).
    public mutating func setHeight(_ height: Double, at index: Int) {
        let h = Self.sanitized(height)
        guard heights[index] != h else { return }
        heights[index] = h
        relayout(from: index)
    }

    private static func sanitized(_ h: Double) -> Double { h.isFinite ? max(0, h) : 0 }

    /// Rewinds every column to its state just before `index`, then places `index...` again:
    /// in the shortest columns, or (`keepingLanes`) each in the column it has.
    private mutating func relayout(from index: Int, keepingLanes: Bool = false) {
        for c in 0..<laneCount {
            // Tiles of this column with an index below `index` form a prefix of its list.
            let keep = Self.partition(columns[c].tiles) { Int($0) < index }
            columns[c].truncate(to: keep)
        }
        place(from: index, keepingLanes: keepingLanes)
    }

    /// The seed's rule for tiles `start...`, given that every tile before them is placed: first
    /// every tile's column and top with the column bottoms in registers, then the per-column
    /// lists in one sweep each. A section break on the way puts its heading below the tallest
    /// column and starts every column again below the heading.
    private mutating func place(from start: Int, keepingLanes: Bool = false) {
        let n = count
        guard start < n else { return }
        var bottoms = columns.map(\.bottom)
        var used = columns.map { !$0.tiles.isEmpty }
        var next = Self.partition(sectionBreaks) { $0.start < start }
        if next > 0 {
            // Inside a section already under way: its columns that have no tile of it yet start
            // below its heading, not below the section before.
            let s = sectionBreaks[next - 1]
            let headingBottom = headingTops[next - 1] + s.headingHeight
            for k in columns.indices where (columns[k].tiles.last.map { Int($0) < s.start }) ?? true {
                bottoms[k] = headingBottom
                used[k] = true
            }
        }
        let top = flow.top, row = flow.row
        var from = start
        while from < n {
            if next < sectionBreaks.count, sectionBreaks[next].start == from {
                let y = used.contains(true) ? (bottoms.max() ?? 0) + row : top
                headingTops[next] = y
                for k in bottoms.indices { bottoms[k] = y + sectionBreaks[next].headingHeight; used[k] = true }
                next += 1
            }
            let to = next < sectionBreaks.count ? sectionBreaks[next].start : n
            heights.withUnsafeBufferPointer { hs in
                tops.withUnsafeMutableBufferPointer { ys in
                    columnOf.withUnsafeMutableBufferPointer { cols in
                        if keepingLanes {
                            Self.stack(range: from..<to, heights: hs, tops: ys, columnOf: cols, bottoms: &bottoms, used: &used, top: top, row: row)
                        } else {
                            Self.assignColumns(range: from..<to, heights: hs, tops: ys, columnOf: cols, bottoms: &bottoms, used: &used, top: top, row: row)
                        }
                    }
                }
            }
            from = to
        }
        fillColumns(from: start)
    }

    private static func assignColumns(range: Range<Int>, heights hs: UnsafeBufferPointer<Double>,
                                      tops ys: UnsafeMutableBufferPointer<Double>, columnOf cols: UnsafeMutableBufferPointer<Int32>,
                                      bottoms: inout [Double], used: inout [Bool], top: Double, row: Double) {
        // A branch-free minimum: which column wins is random, and a mispredicted branch per
        // tile would cost more than the rest of the loop.
        bottoms.withUnsafeMutableBufferPointer { b in
            used.withUnsafeMutableBufferPointer { u in
                let c = b.count
                for i in range {
                    var best = 0
                    var bestBottom = b[0]
                    var k = 1
                    while k < c {
                        let v = b[k]
                        let better = v < bestBottom
                        best = better ? k : best
                        bestBottom = better ? v : bestBottom
                        k += 1
                    }
                    let y = u[best] ? bestBottom + row : top
                    u[best] = true
                    ys[i] = y
                    cols[i] = Int32(truncatingIfNeeded: best)
                    b[best] = y + hs[i]
                }
            }
        }
    }

    /// Each tile of `range` below the last of its own column, which it keeps.
    private static func stack(range: Range<Int>, heights hs: UnsafeBufferPointer<Double>,
                              tops ys: UnsafeMutableBufferPointer<Double>, columnOf cols: UnsafeMutableBufferPointer<Int32>,
                              bottoms: inout [Double], used: inout [Bool], top: Double, row: Double) {
        for i in range {
            let k = Int(cols[i])
            let y = used[k] ? bottoms[k] + row : top
            used[k] = true
            ys[i] = y
            bottoms[k] = y + hs[i]
        }
    }

    /// Appends tiles `start...` to their columns' lists: a counting sort by column into one
    /// scratch run (a single branch-free pass), then one block copy per column.
    private mutating func fillColumns(from start: Int) {
        let c = laneCount
        let n = count - start
        guard n > 0 else { return }
        var firstSlot = [Int](repeating: 0, count: c + 1)
        for i in start..<count { firstSlot[Int(columnOf[i]) + 1] += 1 }
        for k in 0..<c { firstSlot[k + 1] += firstSlot[k] }
        var cursor = firstSlot
        withUnsafeTemporaryAllocation(of: Int32.self, capacity: n) { tileRun in
            withUnsafeTemporaryAllocation(of: Double.self, capacity: n) { bottomRun in
                heights.withUnsafeBufferPointer { hs in
                    tops.withUnsafeBufferPointer { ys in
                        columnOf.withUnsafeBufferPointer { cols in
                            cursor.withUnsafeMutableBufferPointer { next in
                                for i in start..<(start + n) {
                                    let k = Int(cols[i])
                                    let slot = next[k]
                                    next[k] = slot + 1
                                    tileRun[slot] = Int32(truncatingIfNeeded: i)
                                    bottomRun[slot] = ys[i] + hs[i]
                                }
                            }
                        }
                    }
                }
                for k in 0..<c {
                    let range = firstSlot[k]..<firstSlot[k + 1]
                    columns[k].append(tiles: UnsafeBufferPointer(rebasing: tileRun[range]),
                                      bottoms: UnsafeBufferPointer(rebasing: bottomRun[range]))
                }
            }
        }
    }

    // MARK: Queries

    /// Appends, in ascending order, every tile whose frame meets `rect` (open intersection:
    /// touching edges do not count). O(columns · log n + k); allocates nothing when `result`
    /// has room.
    public func indices(in rect: Rect, into result: inout [Int]) {
        flowIndices(in: axis.turned(rect), into: &result)
    }

    /// `indices(in:into:)` with `rect` in flow coordinates.
    func flowIndices(in rect: Rect, into result: inout [Int]) {
        guard rect.width > 0, rect.height > 0, laneBreadth > 0 else { return }
        let start = result.count
        let c = laneCount
        withUnsafeTemporaryAllocation(of: Int.self, capacity: 2 * c) { bounds in
            // Each column's search first narrows to one block through its small, cache-resident
            // summary; then all columns step through their blocks in lockstep, so the cache
            // misses of different columns are in flight together instead of one after another.
            var searching = 0
            for k in 0..<c {
                let x = laneStart(k)
                if x < rect.maxX, rect.minX < x + laneBreadth {
                    let range = columns[k].block(bottomAfter: rect.minY)
                    bounds[2 * k] = range.lowerBound
                    bounds[2 * k + 1] = range.upperBound
                    searching += 1
                } else {
                    bounds[2 * k] = -1
                }
            }
            while searching > 0 {
                searching = 0
                for k in 0..<c where bounds[2 * k] >= 0 && bounds[2 * k] < bounds[2 * k + 1] {
                    let lo = bounds[2 * k], hi = bounds[2 * k + 1]
                    let mid = lo + (hi - lo) / 2
                    if columns[k].bottoms[mid] <= rect.minY { bounds[2 * k] = mid + 1 } else { bounds[2 * k + 1] = mid }
                    searching += 1
                }
            }
            // The first tile of every column, loaded together for the same reason; the tiles
            // found sit near each other in index order, so their tops share cache lines.
            for k in 0..<c where bounds[2 * k] >= 0 {
                let slot = bounds[2 * k]
                bounds[2 * k + 1] = slot < columns[k].tiles.count ? Int(columns[k].tiles[slot]) : -1
            }
            for k in 0..<c where bounds[2 * k] >= 0 && bounds[2 * k + 1] >= 0 {
                let column = columns[k]
                var slot = bounds[2 * k]
                while slot < column.tiles.count {
                    let t = Int(column.tiles[slot])
                    if tops[t] >= rect.maxY { break }
                    if column.bottoms[slot] > tops[t] { result.append(t) }
                    slot += 1
                }
            }
        }
        // Columns interleave indices; a few dozen integers sort in place on the stack.
        // (Sorting `result[start...]` directly would copy the whole array: the slice and the
        // array share storage, so the slice is not uniquely referenced.)
        result.withUnsafeMutableBufferPointer { all in
            var tail = UnsafeMutableBufferPointer(rebasing: all[start...])
            tail.sort()
        }
    }

    public func indices(in rect: Rect) -> [Int] {
        var out: [Int] = []
        indices(in: rect, into: &out)
        return out
    }

    /// The tile under `point` (half-open frames: a shared edge belongs to the tile below or to
    /// the right), or nil in a margin, a gap, or outside the content. O(log n).
    public func index(at point: Point) -> Int? { flowIndex(at: axis.turned(point)) }

    /// `index(at:)` with `point` in flow coordinates.
    func flowIndex(at point: Point) -> Int? {
        guard laneBreadth > 0, point.x.isFinite, point.y.isFinite else { return nil }
        let pitch = laneBreadth + flow.column
        var c = Int(((point.x - flow.left) / pitch).rounded(.down).clamped(to: -1...Double(laneCount)))
        // Division can land one lane off at a lane's edge; correct against the same formula
        // `flowFrame(at:)` uses so both always agree.
        if c + 1 < laneCount, point.x >= laneStart(c + 1) { c += 1 }
        if c >= 0, point.x < laneStart(c) { c -= 1 }
        guard c >= 0, c < laneCount, point.x < laneStart(c) + laneBreadth else { return nil }
        // Tiles in a column do not overlap: the first one ending below the point holds it, if any.
        let column = columns[c]
        let slot = column.firstSlot(bottomAfter: point.y)
        guard slot < column.tiles.count else { return nil }
        let t = Int(column.tiles[slot])
        return tops[t] <= point.y ? t : nil
    }

    /// The first position in `list` where `isBefore` turns false (it must be true on a prefix).
    static func partition<C: RandomAccessCollection>(_ list: C, _ isBefore: (C.Element) -> Bool) -> Int
    where C.Index == Int {
        var lo = list.startIndex, hi = list.endIndex
        while lo < hi {
            let mid = lo + (hi - lo) / 2
            if isBefore(list[mid]) { lo = mid + 1 } else { hi = mid }
        }
        return lo - list.startIndex
    }
}

extension Comparable {
    func clamped(to range: ClosedRange<Self>) -> Self { min(max(self, range.lowerBound), range.upperBound) }
}

// Every tile's frame, precomputed (the seed's `reloadData`), plus the per-column index that
// answers "which tiles meet this rect" and "which tile is under this point" without a scan.
//
// Placement is the seed's rule: each tile in index order goes to the column whose bottom is
// smallest (ties to the lowest column), at `top` in an empty column, else `bottom + row`.
// Because a tile's place depends only on the tiles before it, a change at index i can be
// replayed from the column bottoms just before i — found by one binary search per column —
// so nothing before i ever moves and nothing is recomputed from zero.

public struct WaterfallLayout: Sendable {
    public private(set) var width: Double
    public private(set) var margins: Margins
    public private(set) var columnCount: Int
    public private(set) var cellWidth: Double

    // Per tile, by index. Struct-of-arrays keeps a million tiles at ~24 bytes each.
    private var tops: [Double] = []
    private var heights: [Double] = []
    private var columnOf: [Int32] = []

    // Per column: its tiles in index order — which is also top order, since a column only grows
    // downward — and the bottom of its last tile (0 when empty, as in the seed).
    private var columnTiles: [[Int32]]
    private var columnBottoms: [Double]

    /// `width` is the wall's width in logical pixels; margins below zero count as zero.
    public init(width: Double, columns: ColumnCount = .seedDefault, margins: Margins = .seed) {
        let m = Margins(top: max(0, margins.top), left: max(0, margins.left),
                        bottom: max(0, margins.bottom), right: max(0, margins.right),
                        row: max(0, margins.row), column: max(0, margins.column))
        let w = width.isFinite ? max(0, width) : 0
        let c = columns.resolve(width: w, margins: m)
        self.width = w
        self.margins = m
        self.columnCount = c
        self.cellWidth = max(0, (w - m.left - m.right - Double(c - 1) * m.column) / Double(c))
        self.columnTiles = Array(repeating: [], count: c)
        self.columnBottoms = Array(repeating: 0, count: c)
    }

    public var count: Int { tops.count }
    public var isEmpty: Bool { tops.isEmpty }

    /// Tallest column bottom plus the bottom margin (the seed's content size).
    public var contentHeight: Double { (columnBottoms.max() ?? 0) + margins.bottom }

    public func column(at index: Int) -> Int { Int(columnOf[index]) }
    public func height(at index: Int) -> Double { heights[index] }

    public func columnX(_ column: Int) -> Double {
        margins.left + Double(column) * (cellWidth + margins.column)
    }

    /// O(1).
    public func frame(at index: Int) -> Rect {
        Rect(x: columnX(Int(columnOf[index])), y: tops[index], width: cellWidth, height: heights[index])
    }

    // MARK: Building and changing

    public mutating func reserveCapacity(_ n: Int) {
        tops.reserveCapacity(n); heights.reserveCapacity(n); columnOf.reserveCapacity(n)
        let perColumn = n / columnCount + 1
        for c in columnTiles.indices { columnTiles[c].reserveCapacity(perColumn) }
    }

    /// Replaces every tile. Heights below zero count as zero.
    public mutating func setHeights<S: Sequence>(_ newHeights: S) where S.Element == Double {
        heights.removeAll(keepingCapacity: true)
        heights.append(contentsOf: newHeights.lazy.map(Self.sanitized))
        tops = Array(repeating: 0, count: heights.count)
        columnOf = Array(repeating: 0, count: heights.count)
        relayout(from: 0)
    }

    /// O(columns) — the new tile never moves an earlier one.
    public mutating func append(height: Double) {
        heights.append(Self.sanitized(height))
        tops.append(0)
        columnOf.append(0)
        place(count - 1)
    }

    public mutating func append<S: Sequence>(heights more: S) where S.Element == Double {
        for h in more { append(height: h) }
    }

    public mutating func insert(height: Double, at index: Int) {
        insert(heights: CollectionOfOne(height), at: index)
    }

    /// Inserts a run of tiles before `index`; tiles before it stay where they are.
    public mutating func insert<C: Collection>(heights new: C, at index: Int) where C.Element == Double {
        precondition(index >= 0 && index <= count, "insert index \(index) out of 0...\(count)")
        heights.insert(contentsOf: new.lazy.map(Self.sanitized), at: index)
        tops.insert(contentsOf: repeatElement(0, count: new.count), at: index)
        columnOf.insert(contentsOf: repeatElement(0, count: new.count), at: index)
        relayout(from: index)
    }

    public mutating func remove(at index: Int) { remove(range: index..<(index + 1)) }

    public mutating func remove(range: Range<Int>) {
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "remove range \(range) out of 0..<\(count)")
        heights.removeSubrange(range)
        tops.removeSubrange(range)
        columnOf.removeSubrange(range)
        relayout(from: range.lowerBound)
    }

    /// A tile's height changed (its photo's real size became known, a caption was toggled).
    public mutating func setHeight(_ height: Double, at index: Int) {
        let h = Self.sanitized(height)
        guard heights[index] != h else { return }
        heights[index] = h
        relayout(from: index)
    }

    /// New width, columns or margins move every tile: the caller supplies heights for the new
    /// cell width (they scale with it).
    public mutating func reconfigure(width: Double, columns: ColumnCount, margins: Margins, heights newHeights: [Double]) {
        var fresh = WaterfallLayout(width: width, columns: columns, margins: margins)
        fresh.reserveCapacity(newHeights.count)
        fresh.setHeights(newHeights)
        self = fresh
    }

    private static func sanitized(_ h: Double) -> Double { h.isFinite ? max(0, h) : 0 }

    /// Rewinds every column to its state just before `index`, then places `index...` again.
    private mutating func relayout(from index: Int) {
        for c in 0..<columnCount {
            // Tiles of this column with an index below `index` form a prefix of its list.
            let keep = Self.partition(columnTiles[c]) { Int($0) < index }
            columnTiles[c].removeSubrange(keep...)
            if let last = columnTiles[c].last {
                columnBottoms[c] = tops[Int(last)] + heights[Int(last)]
            } else {
                columnBottoms[c] = 0
            }
        }
        for i in index..<count { place(i) }
    }

    /// The seed's rule for one tile, given that every tile before it is placed.
    private mutating func place(_ i: Int) {
        var best = 0
        var bestBottom = columnBottoms[0]
        for c in 1..<columnCount where columnBottoms[c] < bestBottom {
            best = c
            bestBottom = columnBottoms[c]
        }
        let top = columnTiles[best].isEmpty ? margins.top : bestBottom + margins.row
        tops[i] = top
        columnOf[i] = Int32(best)
        columnTiles[best].append(Int32(i))
        columnBottoms[best] = top + heights[i]
    }

    // MARK: Queries

    /// Appends, in ascending order, every tile whose frame meets `rect` (open intersection:
    /// touching edges do not count). O(columns · log n + k); allocates nothing when `result`
    /// has room.
    public func indices(in rect: Rect, into result: inout [Int]) {
        guard rect.width > 0, rect.height > 0, cellWidth > 0 else { return }
        let start = result.count
        for c in 0..<columnCount {
            let x = columnX(c)
            guard x < rect.maxX, rect.minX < x + cellWidth else { continue }
            columnTiles[c].withUnsafeBufferPointer { list in
                // First tile whose bottom is below the rect's top: bottoms rise along the list.
                var slot = Self.partition(list) { tops[Int($0)] + heights[Int($0)] <= rect.minY }
                while slot < list.count {
                    let t = Int(list[slot])
                    if tops[t] >= rect.maxY { break }
                    if heights[t] > 0 { result.append(t) }
                    slot += 1
                }
            }
        }
        // Columns interleave indices; a few dozen integers sort in place on the stack.
        result[start...].withUnsafeMutableBufferPointer { $0.sort() }
    }

    public func indices(in rect: Rect) -> [Int] {
        var out: [Int] = []
        indices(in: rect, into: &out)
        return out
    }

    /// The tile under `point` (half-open frames: a shared edge belongs to the tile below or to
    /// the right), or nil in a margin, a gap, or outside the content. O(log n).
    public func index(at point: Point) -> Int? {
        guard cellWidth > 0, point.x.isFinite, point.y.isFinite else { return nil }
        let pitch = cellWidth + margins.column
        var c = Int(((point.x - margins.left) / pitch).rounded(.down).clamped(to: -1...Double(columnCount)))
        // Division can land one column off right at a column's left edge; correct against the
        // same formula `frame(at:)` uses so both always agree.
        if c + 1 < columnCount, point.x >= columnX(c + 1) { c += 1 }
        if c >= 0, point.x < columnX(c) { c -= 1 }
        guard c >= 0, c < columnCount, point.x < columnX(c) + cellWidth else { return nil }
        let list = columnTiles[c]
        let slot = Self.partition(list) { tops[Int($0)] <= point.y } - 1
        guard slot >= 0 else { return nil }
        let t = Int(list[slot])
        return point.y < tops[t] + heights[t] ? t : nil
    }

    /// The first position in `list` where `isBefore` turns false (it must be true on a prefix).
    private static func partition<C: RandomAccessCollection>(_ list: C, _ isBefore: (C.Element) -> Bool) -> Int
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

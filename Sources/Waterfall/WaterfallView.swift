import InputLimits
// The seed's ZYWaterFlowView without UIKit: it owns the layout, the scroll model, the gesture
// recognizer and the reuse pool; per frame it keeps cells alive only for tiles in the preload
// range, hands the rest back to the pool by identifier, and produces the draw list. Taps are
// hit-tested against what was drawn, never against a layout the user has not seen yet.
//
// Generic over the cell type so the screen uses texture-backed cells and tests use fakes.
// Not thread-safe: one owner (the frame loop) drives it.
//
// On either axis (WallAxis): the scroll offset runs along it, and the frame pass works in the
// layout's flow coordinates, turning only what leaves the view — the draw list, the viewport
// rects — into the screen's.

public struct DrawItem<Cell> {
    public let index: Int
    /// In viewport coordinates (0,0 = top-left of the window), logical pixels.
    public let frame: Rect
    public let cell: Cell
}

public enum ScrollPosition: Sendable {
    case top, center
    /// Only as far as needed to show the whole tile (no move if it already shows).
    case visible
}

public final class WaterfallView<Cell: WaterfallCell> {
    public weak var dataSource: (any WaterfallDataSource<Cell>)?
    public weak var delegate: (any WaterfallDelegate<Cell>)?
    public let pool: ReusePool<Cell>

    public private(set) var layout = WaterfallLayout(width: 0)
    public internal(set) var scroll = ScrollModel()
    public private(set) var viewportSize: Size
    /// Columns, or rows on a horizontal wall.
    public private(set) var columns = ColumnCount.seedDefault
    /// Which way the wall scrolls; set with `setAxis`.
    public private(set) var axis = WallAxis.vertical
    /// Screens of tiles kept decoded ahead of the scroll direction and behind it (Texture's
    /// preload range): enough that a fling rarely outruns the decoders.
    public var preloadAhead = 1.5
    public var preloadBehind = 0.5
    /// Pinch and Ctrl+wheel stay within these column counts: the table's, as every entry point.
    public var columnLimits = Limits.columns.range

    private struct LiveCell { var index: Int; var cell: Cell }
    private var live: [LiveCell] = []
    private var nextLive: [LiveCell] = []
    private var wanted: [Int] = []
    public private(set) var drawList: [DrawItem<Cell>] = []
    public private(set) var drawnOffset = 0.0

    // Internal for the input extension (WaterfallView+Input.swift).
    var gestures = GestureRecognizer()
    var touchCaughtFling = false
    var pinchBaseColumns = 3
    var lastTime: Double?
    /// The tile the last Ctrl+wheel notch held, where the pointer was, and the offset it left.
    private var lastWheelZoom: (point: Point, anchor: ViewportAnchor, offset: Double)?
    private var lastLaidOutOffset = 0.0
    private var scrollDirection = 1.0

    public init(viewportSize: Size, pool: ReusePool<Cell> = ReusePool()) {
        self.viewportSize = viewportSize
        self.pool = pool
        reserveBuffers(64)
    }

    /// How far the wall has scrolled along its axis.
    public var contentOffset: Double { scroll.offset }
    /// The wall's extent along its axis: its height, or its width when horizontal.
    public var contentLength: Double { layout.contentLength }
    public var numberOfCells: Int { layout.count }
    /// The viewport's extent along the axis (its height on a vertical wall).
    var viewportLength: Double { axis.along(viewportSize) }
    public var viewportRect: Rect { axis.turned(flowViewport(at: scroll.offset)) }
    /// The viewport where the scroll is headed: the end of a glide under way, else `viewportRect`.
    public var destinationRect: Rect { axis.turned(flowViewport(at: scroll.destination)) }

    /// The viewport at `offset` in flow coordinates.
    private func flowViewport(at offset: Double) -> Rect {
        Rect(x: 0, y: offset, width: axis.across(viewportSize), height: viewportLength)
    }
    /// A frame is needed every vsync while this is true.
    public var isAnimating: Bool { scroll.isAnimating }
    /// Tiles with a live cell (visible + preload), ascending.
    public var liveIndices: [Int] { live.map(\.index) }

    /// The live cell of tile `index`, if it is in the preload range. O(log k).
    public func liveCell(at index: Int) -> Cell? {
        var lo = 0, hi = live.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if live[mid].index < index { lo = mid + 1 } else { hi = mid }
        }
        return lo < live.count && live[lo].index == index ? live[lo].cell : nil
    }

    /// Every live cell with its tile, in index order, without building an array.
    public func forEachLiveCell(_ body: (Int, Cell) -> Void) {
        for entry in live { body(entry.index, entry.cell) }
    }

    // MARK: Data

    /// Rebuilds every frame from the data source and delegate; every live cell goes back to the
    /// pool. The scroll offset is kept (clamped), as the seed's reloadData does.
    public func reloadData() {
        lastWheelZoom = nil
        columns = dataSource?.numberOfColumns(in: self) ?? .seedDefault
        recycleAll()
        rebuildLayout()
        scroll.setBounds(viewportLength: viewportLength, contentLength: layout.contentLength)
        scroll.setOffset(scroll.offset)
    }

    public func dequeueReusableCell(withIdentifier id: ReuseIdentifier) -> Cell? {
        pool.dequeue(id)
    }

    /// Dequeues, or makes a cell with `make` and books its bytes with the pool.
    public func dequeueReusableCell(withIdentifier id: ReuseIdentifier, orMake make: () -> Cell) -> Cell {
        if let cell = pool.dequeue(id) { return cell }
        let cell = make()
        pool.registerCreated(bytes: cell.byteCost)
        return cell
    }

    /// Tiles were inserted at `range` (indices after the insert). Tiles before it stay put and
    /// the tile being looked at keeps its place on screen.
    public func insertCells(in range: Range<Int>) {
        guard !range.isEmpty else { return }
        lastWheelZoom = nil
        keepingAnchor { anchor in
            let delegate = self.delegate
            let w = layout.laneBreadth
            layout.insert(heights: range.map { delegate?.waterfallView(self, lengthAt: $0, breadth: w) ?? 65 }, at: range.lowerBound)
            anchor?.noteInsert(at: range.lowerBound, count: range.count)
            shiftIndices(from: range.lowerBound, by: range.count)
        }
    }

    /// `keepingLanes`: the tiles left keep their lanes (`WaterfallLayout.remove`).
    public func deleteCells(in range: Range<Int>, keepingLanes: Bool = false) {
        guard !range.isEmpty else { return }
        lastWheelZoom = nil
        keepingAnchor { anchor in
            recycle { range.contains($0) }
            drawList.removeAll { range.contains($0.index) }
            layout.remove(range: range, keepingLanes: keepingLanes)
            anchor?.noteRemove(range)
            shiftIndices(from: range.upperBound, by: -range.count)
        }
    }

    /// The data source's sections changed (photos came or went, a year grew into months):
    /// the wall is laid out again from the first break that moved, the tile being looked at
    /// kept in its place on screen.
    public func reloadSections() {
        let breaks = dataSource?.sectionBreaks(in: self) ?? []
        guard breaks != layout.sectionBreaks else { return }
        keepingAnchor { _ in layout.setSections(breaks) }
    }

    /// The tiles' heights changed (their photos' sizes became known, a file was replaced): their
    /// cells are recycled and requested again.
    public func reloadCells(in range: Range<Int>) {
        guard !range.isEmpty else { return }
        keepingAnchor { _ in
            recycle { range.contains($0) }
            let w = layout.laneBreadth
            for i in range {
                layout.setHeight(delegate?.waterfallView(self, lengthAt: i, breadth: w) ?? 65, at: i)
            }
        }
    }

    // MARK: Geometry changes that keep the viewport anchored

    public func setViewportSize(_ size: Size) {
        guard size != viewportSize else { return }
        let breadthChanged = axis.across(size) != axis.across(viewportSize)
        keepingAnchor { _ in
            viewportSize = size
            if breadthChanged {
                recycleAll()
                rebuildLayout()
            }
        }
    }

    /// Turns the wall to scroll along `axis`: the tile a reader's eye is on stays at the same
    /// distance from the viewport's start.
    public func setAxis(_ newAxis: WallAxis) {
        guard newAxis != axis else { return }
        lastWheelZoom = nil
        keepingAnchor { _ in
            axis = newAxis
            recycleAll()
            rebuildLayout()
        }
    }

    /// Changes the column count, holding the tile under `point` (viewport coordinates) — or the
    /// anchor tile — in place.
    public func setColumns(_ newColumns: ColumnCount, holding point: Point? = nil) {
        setColumns(newColumns, anchoredBy: point.flatMap { layout.anchor(under: $0, inViewport: viewportRect) })
    }

    /// Changes the column count, holding tile `index` by its middle where it is on screen (the
    /// keyboard cursor), or the anchor tile when that tile is not on screen.
    public func setColumns(_ newColumns: ColumnCount, holdingCell index: Int?) {
        // A glide under way (following the cursor) lands first: the relayout jumps anyway, and
        // the cursor's place on screen is where the glide was taking it.
        if case .springing = scroll.phase, index != nil { scroll.setOffset(scroll.destination) }
        setColumns(newColumns, anchoredBy: index.flatMap { layout.anchor(holding: $0, inViewport: viewportRect) })
    }

    private func setColumns(_ newColumns: ColumnCount, anchoredBy held: ViewportAnchor?) {
        let before = layout.laneCount
        columns = newColumns
        let after = newColumns.resolve(width: layout.breadth, margins: layout.flow)
        if after != before {
            keepingAnchor(held) { _ in
                recycleAll()
                rebuildLayout()
            }
        }
        delegate?.waterfallView(self, didChangeColumns: newColumns)
    }

    /// Zoom in (positive) or out by whole columns — Ctrl+wheel — about `point`: the line of the
    /// tile under it stays at the pointer's height. Notch after notch with the pointer still,
    /// the tile first pointed at is held, though a relayout may have put it in another column:
    /// the photo the user aimed at stays where they are looking.
    public func zoom(by steps: Int, holding point: Point? = nil) {
        guard let target = zoomTarget(steps) else { return }
        guard let point else { return setColumns(.fixed(target), anchoredBy: nil) }
        var held = layout.anchor(under: point, inViewport: viewportRect)
        if let last = lastWheelZoom, last.point == point, last.offset == scroll.offset, last.anchor.index < layout.count {
            held = last.anchor
        }
        setColumns(.fixed(target), anchoredBy: held)
        lastWheelZoom = held.map { (point, $0, scroll.offset) }
    }

    /// Zoom by whole columns holding tile `index` (the keyboard cursor) in place — `+` / `-`.
    public func zoom(by steps: Int, holdingCell index: Int?) {
        if let target = zoomTarget(steps) { setColumns(.fixed(target), holdingCell: index) }
    }

    private func zoomTarget(_ steps: Int) -> Int? {
        let target = (layout.laneCount - steps).clamped(to: columnLimits)
        return target != layout.laneCount ? target : nil
    }

    // MARK: Scrolling

    /// Scrolls to `y` along the wall's axis.
    public func scrollTo(offset y: Double, animated: Bool = false) {
        scroll.scroll(to: y, animated: animated)
    }

    /// Section `k`'s heading at the start of the screen (after the start margin).
    public func scrollToSection(_ k: Int, animated: Bool = false) {
        guard k >= 0, k < layout.sectionCount else { return }
        scroll.scroll(to: layout.flowHeadingFrame(ofSection: k).minY - layout.flow.top, animated: animated)
    }

    /// `.top` puts the tile at the start of the screen: its top, or its left edge when horizontal.
    public func scrollToCell(at index: Int, position: ScrollPosition = .top, animated: Bool = false) {
        guard index >= 0, index < layout.count else { return }
        let f = frameWithHeading(at: index)
        let h = viewportLength
        let margins = layout.flow
        let target: Double
        switch position {
        case .top:
            target = f.minY - margins.top
        case .center:
            target = f.midY - h / 2
        case .visible:
            // Measured from where the view is headed: a glide still on its way to the last
            // cursor step must not make this one scroll back, or not at all.
            let top = scroll.destination
            if f.minY - margins.top < top || f.height > h {
                target = f.minY - margins.top
            } else if f.maxY + margins.bottom > top + h {
                target = f.maxY + margins.bottom - h
            } else {
                return
            }
        }
        scroll.scroll(to: target, animated: animated)
    }

    /// Tile `index`'s flow frame, stretched back over its section's heading when it is a first
    /// tile right after it: brought into view, it shows which month it is of.
    private func frameWithHeading(at index: Int) -> Rect {
        let f = layout.flowFrame(at: index)
        guard let k = layout.section(containing: index) else { return f }
        let heading = layout.flowHeadingFrame(ofSection: k)
        guard f.minY <= heading.maxY + layout.flow.row else { return f }
        return Rect(x: f.minX, y: heading.minY, width: f.width, height: f.maxY - heading.minY)
    }

    // MARK: The frame

    /// Brings live cells in line with the viewport and builds `drawList`. O(columns·log n + k);
    /// allocation-free once the buffers have grown to the largest live set.
    public func layoutCells() {
        let offset = scroll.offset
        if offset != lastLaidOutOffset { scrollDirection = offset > lastLaidOutOffset ? 1 : -1 }
        lastLaidOutOffset = offset
        let viewport = flowViewport(at: offset)
        let h = viewportLength
        let ahead = preloadAhead * h, behind = preloadBehind * h
        let preload = viewport.expanded(top: scrollDirection > 0 ? behind : ahead,
                                        bottom: scrollDirection > 0 ? ahead : behind)
        wanted.removeAll(keepingCapacity: true)
        layout.flowIndices(in: preload, into: &wanted)
        reserveBuffers(wanted.count)

        // Tiles that left the range go back first, so the ones entering can reuse their cells.
        recycle { !wanted.containsSorted($0) }

        nextLive.removeAll(keepingCapacity: true)
        var k = 0
        for index in wanted {
            while k < live.count, live[k].index < index { k += 1 }
            if k < live.count, live[k].index == index {
                nextLive.append(live[k])
            } else if let dataSource {
                // A preloaded cell only well under the budget: the 10 % below `trimPreload`'s
                // line keeps a cell at the edge from being made and dropped every frame.
                if pool.stats.bytesInUse >= pool.budgetBytes / 10 * 9, !layout.flowFrame(at: index).intersects(viewport) { continue }
                nextLive.append(LiveCell(index: index, cell: dataSource.waterfallView(self, cellAt: index)))
            }
        }
        swap(&live, &nextLive)
        nextLive.removeAll(keepingCapacity: true)
        trimPreload(toBudgetAround: viewport)

        drawList.removeAll(keepingCapacity: true)
        for entry in live {
            let frame = layout.flowFrame(at: entry.index)
            if frame.intersects(viewport) {
                drawList.append(DrawItem(index: entry.index, frame: axis.inViewport(axis.turned(frame), offset: offset), cell: entry.cell))
            }
        }
        drawnOffset = offset
    }

    // MARK: Internals

    private func rebuildLayout() {
        let count = max(0, dataSource?.numberOfCells(in: self) ?? 0)
        let d = delegate
        let margins = Margins(
            top: d?.waterfallView(self, marginFor: .top) ?? 10,
            left: d?.waterfallView(self, marginFor: .left) ?? 10,
            bottom: d?.waterfallView(self, marginFor: .bottom) ?? 10,
            right: d?.waterfallView(self, marginFor: .right) ?? 10,
            row: d?.waterfallView(self, marginFor: .row) ?? 10,
            column: d?.waterfallView(self, marginFor: .column) ?? 10)
        layout.configure(axis: axis, breadth: axis.across(viewportSize), lanes: columns, margins: margins)
        layout.reserveCapacity(count)
        let w = layout.laneBreadth
        var heights = [Double](repeating: 65, count: count)
        if let d { for i in 0..<count { heights[i] = d.waterfallView(self, lengthAt: i, breadth: w) } }
        layout.setHeights(heights, sections: dataSource?.sectionBreaks(in: self) ?? [])
    }

    /// Runs a change that moves tiles, then scrolls so the anchored tile is back at its screen y.
    /// `held`: the tile to hold; by default the one a reader's eye is on.
    private func keepingAnchor(_ held: ViewportAnchor? = nil, _ change: (inout ViewportAnchor?) -> Void) {
        var anchor = held ?? layout.anchor(forViewport: viewportRect)
        change(&anchor)
        scroll.setBounds(viewportLength: viewportLength, contentLength: layout.contentLength)
        if let anchor, let y = layout.offset(restoring: anchor) {
            scroll.shift(by: y - scroll.offset)
        }
    }

    private func shiftIndices(from start: Int, by delta: Int) {
        for k in live.indices where live[k].index >= start { live[k].index += delta }
        drawList = drawList.map { $0.index >= start ? DrawItem(index: $0.index + delta, frame: $0.frame, cell: $0.cell) : $0 }
    }

    private func recycle(where shouldGo: (Int) -> Bool) {
        var kept = 0
        for k in live.indices {
            let entry = live[k]
            if shouldGo(entry.index) {
                delegate?.waterfallView(self, didEndDisplaying: entry.cell, at: entry.index)
                pool.enqueue(entry.cell, id: entry.cell.reuseIdentifier, bytes: entry.cell.byteCost)
            } else {
                live[kept] = entry
                kept += 1
            }
        }
        live.removeLast(live.count - kept)
    }

    /// Over the texture budget (a big window with narrow columns wants more preloaded textures
    /// than it allows, and the idle ones are evicted already), off-screen cells go back farthest
    /// first: the budget is kept by preloading less, never by leaving a tile on screen empty.
    private func trimPreload(toBudgetAround viewport: Rect) {
        guard pool.stats.bytesInUse > pool.budgetBytes else { return }
        func distance(_ i: Int) -> Double { max(layout.flowFrame(at: i).minY - viewport.maxY, viewport.minY - layout.flowFrame(at: i).maxY, 0) }
        var bytes = pool.stats.bytesInUse, dropped = Set<Int>()
        for entry in live.filter({ distance($0.index) > 0 }).sorted(by: { distance($0.index) > distance($1.index) })
        where bytes > pool.budgetBytes {
            dropped.insert(entry.index)
            bytes -= entry.cell.byteCost
        }
        recycle { dropped.contains($0) }
    }

    private func recycleAll() {
        recycle { _ in true }
        drawList.removeAll(keepingCapacity: true)
    }

    private func reserveBuffers(_ n: Int) {
        guard live.capacity < n || wanted.capacity < n else { return }
        let target = max(n, 64) * 2
        live.reserveCapacity(target); nextLive.reserveCapacity(target)
        wanted.reserveCapacity(target); drawList.reserveCapacity(target)
    }
}

extension Array where Element == Int {
    /// Binary search in an ascending array.
    func containsSorted(_ value: Int) -> Bool {
        var lo = 0, hi = count
        while lo < hi {
            let mid = (lo + hi) / 2
            if self[mid] < value { lo = mid + 1 } else { hi = mid }
        }
        return lo < count && self[lo] == value
    }
}

import Testing
@testable import Waterfall

final class FakeCell: WaterfallCell {
    let reuseIdentifier: ReuseIdentifier
    var index: Int
    let byteCost = 1000
    init(id: ReuseIdentifier, index: Int) { reuseIdentifier = id; self.index = index }
}

/// A wall of `ratios.count` photos; counts what the view asks of it.
final class FakeWall: WaterfallDataSource, WaterfallDelegate {
    var ratios: [Double]
    var columns: ColumnCount = .fixed(3)
    /// Key cells by the tile's pixel size class, as texture-backed cells are; otherwise one
    /// identifier for all.
    var sizeClassed = true
    var created = 0
    var requests = 0
    var selected: [Int] = []
    var longPressed: [Int] = []
    var ended: [Int] = []
    /// Where its sections start, if it is in sections.
    var breaks: [SectionBreak] = []

    init(count: Int, seed: UInt64 = 1) {
        var rng = SeededGenerator(seed: seed)
        ratios = (0..<count).map { _ in [0.75, 1.5, 1.0, 0.5625, 1.333][Int.random(in: 0..<5, using: &rng)] }
    }

    func numberOfCells(in view: WaterfallView<FakeCell>) -> Int { ratios.count }
    func numberOfColumns(in view: WaterfallView<FakeCell>) -> ColumnCount { columns }
    func sectionBreaks(in view: WaterfallView<FakeCell>) -> [SectionBreak] { breaks }
    func waterfallView(_ view: WaterfallView<FakeCell>, lengthAt index: Int, breadth: Double) -> Double {
        breadth * ratios[index]
    }
    func waterfallView(_ view: WaterfallView<FakeCell>, cellAt index: Int) -> FakeCell {
        requests += 1
        let f = view.layout.frame(at: index)
        let id = sizeClassed ? ReuseIdentifier.sizeClass(.tile, width: Int(f.width), height: Int(f.height))
                             : ReuseIdentifier(family: .cell)
        let cell = view.dequeueReusableCell(withIdentifier: id) { created += 1; return FakeCell(id: id, index: index) }
        cell.index = index
        return cell
    }
    func waterfallView(_ view: WaterfallView<FakeCell>, didSelectCellAt index: Int) { selected.append(index) }
    func waterfallView(_ view: WaterfallView<FakeCell>, didLongPressCellAt index: Int) { longPressed.append(index) }
    func waterfallView(_ view: WaterfallView<FakeCell>, didEndDisplaying cell: FakeCell, at index: Int) { ended.append(index) }
}

private func makeView(_ wall: FakeWall, width: Double = 900, height: Double = 600) -> WaterfallView<FakeCell> {
    let view = WaterfallView<FakeCell>(viewportSize: Size(width: width, height: height))
    view.dataSource = wall
    view.delegate = wall
    view.reloadData()
    view.layoutCells()
    return view
}

private func tap(_ view: WaterfallView<FakeCell>, _ p: Point, at t: Double) {
    view.handle(.pointerDown(id: 0, at: p, time: t))
    view.handle(.pointerUp(id: 0, at: p, time: t + 0.05))
}

@Suite("WaterfallView")
struct WaterfallViewTests {
    @Test("the seed's defaults: 3 columns, height 65, margins 10")
    func defaults() {
        final class Minimal: WaterfallDataSource, WaterfallDelegate {
            typealias Cell = FakeCell
            func numberOfCells(in view: WaterfallView<FakeCell>) -> Int { 7 }
            func waterfallView(_ view: WaterfallView<FakeCell>, cellAt index: Int) -> FakeCell {
                FakeCell(id: ReuseIdentifier(family: .cell), index: index)
            }
        }
        let source = Minimal()
        let view = WaterfallView<FakeCell>(viewportSize: Size(width: 320, height: 480))
        view.dataSource = source
        view.delegate = source
        view.reloadData()
        #expect(view.layout.laneCount == 3)
        #expect(view.layout.frame(at: 0) == Rect(x: 10, y: 10, width: 280.0 / 3, height: 65))
        #expect(view.layout.frame(at: 3).minY == 85)
    }

    @Test("cells exist only for visible and preload tiles")
    func onlyLiveCells() {
        let wall = FakeWall(count: 500)
        let view = makeView(wall)
        for offset in stride(from: 0.0, to: 20000, by: 1234) {
            view.scrollTo(offset: offset)
            view.layoutCells()
            let vp = view.viewportRect
            let preload = view.layout.indices(in: vp.expanded(top: 0.5 * vp.height + 1, bottom: 1.5 * vp.height + 1))
            let visible = view.layout.indices(in: vp)
            let live = view.liveIndices
            #expect(Set(visible).isSubset(of: Set(live)))
            #expect(Set(live).isSubset(of: Set(preload)))
            #expect(view.drawList.map(\.index) == visible)
            for item in view.drawList { #expect(item.cell.index == item.index) }   // no wrong image in a reused cell
        }
    }

    @Test("scrolling the whole wall steadily creates no more cells than the largest live set")
    func steadyScrollReuses() {
        let wall = FakeWall(count: 3000)
        wall.sizeClassed = false
        let view = makeView(wall)
        var largestLive = 0
        var y = 0.0
        while y < view.contentLength {
            view.scrollTo(offset: y)
            view.layoutCells()
            largestLive = max(largestLive, view.liveIndices.count)
            y += 50   // 3000 px/s at 60 fps
        }
        #expect(wall.created <= largestLive)
        #expect(wall.requests > 10 * largestLive)
    }

    @Test("with cells keyed by size class, creation stops after warm-up")
    func sizeClassReuse() {
        let wall = FakeWall(count: 3000)
        let view = makeView(wall)
        var y = 0.0
        while y < view.contentLength / 3 { view.scrollTo(offset: y); view.layoutCells(); y += 50 }
        let warm = (created: wall.created, requests: wall.requests)
        while y < view.contentLength { view.scrollTo(offset: y); view.layoutCells(); y += 50 }
        let created = wall.created - warm.created, requests = wall.requests - warm.requests
        #expect(Double(created) <= 0.01 * Double(requests))
    }

    @Test("a tap after scrolling selects the tile under it")
    func tapSelects() {
        let wall = FakeWall(count: 400)
        let view = makeView(wall)
        view.scrollTo(offset: 3000)
        view.layoutCells()
        let target = view.drawList[view.drawList.count / 2]
        tap(view, Point(x: target.frame.midX, y: target.frame.midY), at: 10)
        #expect(wall.selected == [target.index])
        // A tap in the gap between columns selects nothing.
        tap(view, Point(x: view.layout.margins.left + view.layout.laneBreadth + 5, y: 300), at: 11)
        #expect(wall.selected == [target.index])
    }

    @Test("a tap during a fling stops it and selects nothing")
    func tapDuringFling() {
        let wall = FakeWall(count: 400)
        let view = makeView(wall)
        var t = 0.0
        view.advance(to: t)
        view.handle(.pointerDown(id: 0, at: Point(x: 300, y: 500), time: t))
        for k in 1...8 {
            t += 0.016
            view.handle(.pointerMoved(id: 0, to: Point(x: 300, y: 500 - Double(k) * 40), time: t))
        }
        view.handle(.pointerUp(id: 0, at: Point(x: 300, y: 180), time: t))
        #expect(view.isAnimating)
        for _ in 0..<10 { t += 1 / 60; view.advance(to: t); view.layoutCells() }
        #expect(view.isAnimating)
        tap(view, Point(x: 300, y: 300), at: t)
        #expect(wall.selected.isEmpty)
        let caught = view.contentOffset
        for _ in 0..<30 { t += 1 / 60; view.advance(to: t) }
        #expect(view.contentOffset == caught)
        // The next tap, with the wall at rest, selects.
        view.layoutCells()
        tap(view, Point(x: 150, y: 300), at: t + 1)
        #expect(wall.selected.count == 1)
    }

    @Test("taps hit the tiles that were drawn, not a pending layout")
    func tapUsesDrawnLayout() {
        let wall = FakeWall(count: 100)
        let view = makeView(wall)
        let drawn = view.drawList[0]
        view.scrollTo(offset: 2000)    // not laid out yet: the screen still shows the old tiles
        tap(view, Point(x: drawn.frame.midX, y: drawn.frame.midY), at: 1)
        #expect(wall.selected == [drawn.index])
    }

    @Test("anchoring holds through an insert above, a removal above, a column change and a width change")
    func anchoring() {
        let wall = FakeWall(count: 600)
        let view = makeView(wall)
        view.scrollTo(offset: 5000)
        view.layoutCells()
        func screenY(of index: Int) -> Double { view.layout.frame(at: index).minY - view.contentOffset }
        /// Runs a change and checks the tile at the top of the screen before it is where it was.
        func expectAnchored(shift: Int = 0, _ change: () -> Void) {
            let anchor = view.layout.anchor(forViewport: view.viewportRect)!
            change()
            #expect(abs(screenY(of: anchor.index + shift) - anchor.screenY) < 0.001)
            view.layoutCells()
        }
        expectAnchored(shift: 3) {
            wall.ratios.insert(contentsOf: [1, 0.5, 2], at: 10)
            view.insertCells(in: 10..<13)
        }
        expectAnchored(shift: -5) {
            wall.ratios.removeSubrange(0..<5)
            view.deleteCells(in: 0..<5)
        }
        expectAnchored { view.setColumns(.fixed(5)) }
        expectAnchored { view.setViewportSize(Size(width: 1300, height: 700)) }
        expectAnchored { view.setViewportSize(Size(width: 700, height: 700)) }
    }

    @Test("an insert below the viewport moves nothing on screen")
    func insertBelow() {
        let wall = FakeWall(count: 300)
        let view = makeView(wall)
        view.scrollTo(offset: 1000)
        view.layoutCells()
        let before = view.drawList.map { ($0.index, $0.frame) }
        wall.ratios.insert(1, at: 290)
        view.insertCells(in: 290..<291)
        view.layoutCells()
        #expect(view.drawList.map(\.index) == before.map(\.0))
        #expect(view.drawList.map(\.frame) == before.map(\.1))
    }

    @Test("pinching apart means fewer, bigger columns, holding the tile under the fingers")
    func pinchChangesColumns() {
        let wall = FakeWall(count: 300)
        wall.columns = .fixed(4)
        let view = makeView(wall)
        view.handle(.pointerDown(id: 1, at: Point(x: 300, y: 300), time: 0))
        view.handle(.pointerDown(id: 2, at: Point(x: 400, y: 300), time: 0.01))
        view.handle(.pointerMoved(id: 2, to: Point(x: 500, y: 300), time: 0.1))
        #expect(view.layout.laneCount == 2)
        view.handle(.pointerUp(id: 2, at: Point(x: 500, y: 300), time: 0.2))
        view.handle(.pointerUp(id: 1, at: Point(x: 300, y: 300), time: 0.2))
        view.handle(.wheel(dx: 0, dy: 1, zoom: true, time: 1))
        #expect(view.layout.laneCount == 3)
    }

    @Test("zero cells, one cell and a zero-width viewport work")
    func degenerate() {
        let none = FakeWall(count: 0)
        let v0 = makeView(none)
        #expect(v0.drawList.isEmpty)
        tap(v0, Point(x: 10, y: 10), at: 0)
        #expect(none.selected.isEmpty)

        let one = FakeWall(count: 1)
        let v1 = makeView(one)
        #expect(v1.drawList.map(\.index) == [0])
        v1.handle(.wheel(dx: 0, dy: 500, zoom: false, time: 0))
        v1.advance(to: 0); v1.advance(to: 1)
        #expect(v1.contentOffset == 0)

        let thin = FakeWall(count: 50)
        let v2 = makeView(thin, width: 0, height: 600)
        #expect(v2.drawList.isEmpty)
        v2.setViewportSize(Size(width: 800, height: 600))
        v2.layoutCells()
        #expect(!v2.drawList.isEmpty)
    }
}

import Testing
@testable import Waterfall

/// The rows rule written out on the screen's axes, independently of the layout's turn: each
/// tile in order goes to the row whose right end is smallest (ties to the top row), at the left
/// margin in an empty row, else after the row's end and the horizontal gap.
private func referenceRows(widths: [Double], height: Double, rows: Int, margins m: Margins) -> [Rect] {
    let rowHeight = (height - m.top - m.bottom - Double(rows - 1) * m.row) / Double(rows)
    var ends = [Double?](repeating: nil, count: rows)
    return widths.map { w in
        var best = 0
        for r in 1..<rows where (ends[r] ?? 0) < (ends[best] ?? 0) { best = r }
        let x = ends[best].map { $0 + m.column } ?? m.left
        ends[best] = x + w
        return Rect(x: x, y: m.top + Double(best) * (rowHeight + m.row), width: w, height: rowHeight)
    }
}

private let uneven = Margins(top: 7, left: 11, bottom: 13, right: 17, row: 5, column: 3)

@Suite("A horizontal wall")
struct HorizontalWallTests {
    private func widths(_ n: Int, seed: UInt64 = 3) -> [Double] {
        var rng = SeededGenerator(seed: seed)
        return (0..<n).map { _ in Double.random(in: 20...400, using: &rng).rounded() }
    }

    @Test("places tiles in rows by the vertical rule turned a quarter, margins and all")
    func matchesReference() {
        let ws = widths(500)
        var layout = WaterfallLayout(axis: .horizontal, breadth: 540, lanes: .fixed(3), margins: uneven)
        layout.setHeights(ws)
        let reference = referenceRows(widths: ws, height: 540, rows: 3, margins: uneven)
        #expect(layout.laneCount == 3)
        #expect(abs(layout.laneBreadth - (540 - 7 - 13 - 2 * 5) / 3) < 1e-9)
        for i in ws.indices { #expect(layout.frame(at: i) == reference[i], "tile \(i)") }
        let end = reference.map(\.maxX).max()! + uneven.right
        #expect(abs(layout.contentLength - end) < 1e-9)
    }

    @Test("finds the tiles meeting a rect, and the tile under a point, as a scan of frames does")
    func queriesMatchScan() {
        let ws = widths(2000, seed: 5)
        var layout = WaterfallLayout(axis: .horizontal, breadth: 700, lanes: .fixed(4), margins: uneven)
        layout.setHeights(ws)
        let frames = ws.indices.map(layout.frame(at:))
        var rng = SeededGenerator(seed: 9)
        for _ in 0..<200 {
            let rect = Rect(x: Double.random(in: -50...layout.contentLength, using: &rng), y: Double.random(in: -20...700, using: &rng),
                            width: Double.random(in: 1...1500, using: &rng), height: Double.random(in: 1...400, using: &rng))
            #expect(layout.indices(in: rect) == frames.indices.filter { frames[$0].intersects(rect) })
            let p = Point(x: Double.random(in: 0...layout.contentLength, using: &rng), y: Double.random(in: 0...700, using: &rng))
            #expect(layout.index(at: p) == frames.indices.first { frames[$0].contains(p) })
        }
    }

    @Test("auto rows fill a 1920×540 bar with two, and a 1080-high screen with four")
    func autoRows() {
        #expect(WaterfallLayout(axis: .horizontal, breadth: 540, lanes: .automatic).laneCount == 2)
        #expect(WaterfallLayout(axis: .horizontal, breadth: 1080, lanes: .automatic).laneCount == 4)
    }

    @Test("the cursor: ←/→ go along a row, ↑/↓ to the row beside")
    func cursor() {
        var layout = WaterfallLayout(axis: .horizontal, breadth: 600, lanes: .fixed(3), margins: .seed)
        layout.setHeights(widths(60))
        let start = (0..<60).first { layout.lane(at: $0) == 1 && layout.tile(from: $0, moving: .left) != nil }!
        let right = layout.tile(from: start, moving: .right)!
        #expect(layout.lane(at: right) == 1 && layout.frame(at: right).minX > layout.frame(at: start).minX)
        #expect(layout.tile(from: right, moving: .left) == start)
        let down = layout.tile(from: start, moving: .down)!, up = layout.tile(from: start, moving: .up)!
        #expect(layout.lane(at: down) == 2 && layout.lane(at: up) == 0)
        // The tile beside the cursor's horizontal middle, as the vertical wall takes the vertical one.
        let mid = layout.frame(at: start).midX
        let spanning = (0..<60).filter { layout.lane(at: $0) == 2 && layout.frame(at: $0).minX <= mid && mid < layout.frame(at: $0).maxX }
        #expect(spanning == [down])
        #expect(layout.firstTile(in: Rect(x: 0, y: 0, width: 300, height: 600)) == 0)
    }

    @Test("a section's heading is a band down the wall at its start")
    func sectionBand() {
        var layout = WaterfallLayout(axis: .horizontal, breadth: 600, lanes: .fixed(2), margins: uneven)
        layout.setHeights(widths(40), sections: [SectionBreak(start: 0, headingHeight: 30), SectionBreak(start: 20, headingHeight: 30)])
        let band = layout.headingFrame(ofSection: 1)
        #expect(band.width == 30 && band.minY == uneven.top && band.height == 600 - uneven.top - uneven.bottom)
        let before = (0..<20).map { layout.frame(at: $0).maxX }.max()!
        #expect(band.minX == before + uneven.column)
        #expect((20..<40).allSatisfy { layout.frame(at: $0).minX >= band.maxX })
        #expect(layout.heading(at: Point(x: band.midX, y: band.midY)) == 1)
        #expect(layout.sections(in: Rect(x: band.minX - 1, y: 100, width: 2, height: 5)) == 1..<2)
    }
}

@Suite("A horizontal WaterfallView")
@MainActor
struct HorizontalViewTests {
    private func makeView(_ wall: FakeWall) -> WaterfallView<FakeCell> {
        let view = WaterfallView<FakeCell>(viewportSize: Size(width: 1920, height: 540))
        view.dataSource = wall
        view.delegate = wall
        view.setAxis(.horizontal)
        view.reloadData()
        view.layoutCells()
        return view
    }

    @Test("draws the tiles meeting the viewport at their frames less the offset along x")
    func drawList() {
        let wall = FakeWall(count: 300)
        wall.columns = .fixed(2)
        let view = makeView(wall)
        view.scrollTo(offset: 2500)
        view.layoutCells()
        #expect(view.viewportRect == Rect(x: 2500, y: 0, width: 1920, height: 540))
        let expected = view.layout.indices(in: view.viewportRect)
        #expect(view.drawList.map(\.index) == expected)
        for item in view.drawList { #expect(item.frame == view.layout.frame(at: item.index).offsetBy(dx: -2500, dy: 0)) }
        #expect(view.drawList.allSatisfy { $0.frame.height == view.layout.laneBreadth })
    }

    @Test("a drag sideways and the wheel scroll along x; a tap selects the tile drawn under it")
    func input() {
        let wall = FakeWall(count: 300)
        let view = makeView(wall)
        view.handle(.pointerDown(id: 1, at: Point(x: 1500, y: 200), time: 0))
        for k in 1...10 { view.handle(.pointerMoved(id: 1, to: Point(x: 1500 - Double(k) * 40, y: 205), time: 0.02 * Double(k))) }
        view.handle(.pointerMoved(id: 1, to: Point(x: 1100, y: 205), time: 0.5))
        view.handle(.pointerUp(id: 1, at: Point(x: 1100, y: 205), time: 0.7))
        #expect(view.contentOffset == 400, "a finger moved 400 px left, and resting before the lift")
        view.handle(.wheel(dx: 0, dy: 120, zoom: false, time: 1))
        for t in stride(from: 1.0, through: 3, by: 0.016) { view.advance(to: t) }
        #expect(view.contentOffset == 520)
        view.layoutCells()
        let target = view.drawList[view.drawList.count / 2]
        view.handle(.pointerDown(id: 2, at: Point(x: target.frame.midX, y: target.frame.midY), time: 4))
        view.handle(.pointerUp(id: 2, at: Point(x: target.frame.midX, y: target.frame.midY), time: 4.05))
        #expect(wall.selected == [target.index])
    }

    @Test("photos inserted before the viewport and removed from it leave the tile looked at where it is on screen")
    func anchoringAlongX() {
        let wall = FakeWall(count: 300)
        let view = makeView(wall)
        view.scrollTo(offset: 4000)
        view.layoutCells()
        let anchor = view.layout.anchor(forViewport: view.viewportRect)!
        func screenX(_ i: Int) -> Double { view.layout.frame(at: i).minX - view.contentOffset }
        let before = screenX(anchor.index)
        wall.ratios.insert(contentsOf: [1.5, 0.5, 1.0, 2.0], at: 0)
        view.insertCells(in: 0..<4)
        #expect(abs(screenX(anchor.index + 4) - before) < 1e-9)
        wall.ratios.removeSubrange(0..<10)
        view.deleteCells(in: 0..<10)
        #expect(abs(screenX(anchor.index - 6) - before) < 1e-9)
    }

    @Test("turning the wall keeps the tile being looked at at the viewport's start")
    func turnKeepsAnchor() {
        let wall = FakeWall(count: 400)
        let view = WaterfallView<FakeCell>(viewportSize: Size(width: 1200, height: 800))
        view.dataSource = wall
        view.delegate = wall
        view.reloadData()
        view.scrollTo(offset: 3000)
        let anchor = view.layout.anchor(forViewport: view.viewportRect)!
        view.setAxis(.horizontal)
        view.layoutCells()
        #expect(view.axis == .horizontal)
        let f = view.layout.frame(at: anchor.index)
        #expect(abs(f.minX - view.contentOffset - anchor.screenY) < 1e-9 || view.contentOffset == view.scroll.maxOffset)
        #expect(view.drawList.contains { $0.index == anchor.index })
    }
}

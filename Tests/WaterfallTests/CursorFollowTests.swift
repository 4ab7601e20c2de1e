import Testing
@testable import Waterfall

/// A masonry wall of 400 photos in a 900×600 window, 3 columns, and the frame loop's clock.
/// (It holds the data source: the view holds it only weakly.)
private final class Stage {
    let source = FakeWall(count: 400, seed: 7)
    let view = WaterfallView<FakeCell>(viewportSize: Size(width: 900, height: 600))
    private(set) var time = 0.0

    init() {
        view.dataSource = source
        view.delegate = source
        view.reloadData()
        view.layoutCells()
        view.advance(to: time)
    }

    /// The frame loop between two presses: `seconds` of frames at 60 Hz; `frame` sees each.
    func run(for seconds: Double, frame: () -> Void = {}) {
        let end = time + seconds
        while time < end - 1e-9 {
            time = min(end, time + 1.0 / 60)
            view.advance(to: time)
            view.layoutCells()
            frame()
        }
    }
}

/// The `n`th tile below `index` in its column.
private func below(_ index: Int, _ n: Int, in layout: WaterfallLayout) -> Int {
    (0..<n).reduce(index) { i, _ in layout.tile(from: i, moving: .down) ?? i }
}

@Suite("The cursor and the scroll that follows it")
struct CursorFollowTests {
    @Test("presses 40 ms apart each move one step, though the glide has not caught up", arguments: [0.04, 0.016, 0])
    func quickPresses(gap: Double) {
        let stage = Stage(), view = stage.view
        defer { withExtendedLifetime(stage) {} }
        var cursor = view.stepCursor(from: nil, moving: .right)
        #expect(cursor == 0, "the first press lands on the top-left tile")
        stage.run(for: gap)
        for _ in 0..<10 {
            cursor = view.stepCursor(from: cursor, moving: .down)
            stage.run(for: gap)
        }
        let expected = below(0, 10, in: view.layout)
        #expect(cursor == expected)
        #expect(view.layout.lane(at: expected) == 0)
        stage.run(for: 2)
        #expect(!view.isAnimating)
        let frame = view.layout.frame(at: expected)
        #expect(frame.minY >= view.contentOffset && frame.maxY <= view.contentOffset + 600, "the wall followed the cursor")
    }

    @Test("a held key (30 repeats a second) walks the column tile by tile; the wall follows smoothly, never back")
    func heldKey() {
        let stage = Stage(), view = stage.view
        defer { withExtendedLifetime(stage) {} }
        var cursor = view.stepCursor(from: nil, moving: .down)
        var steps = [cursor!]
        var offsets: [Double] = []
        for _ in 0..<40 {
            stage.run(for: 1.0 / 30) { offsets.append(view.contentOffset) }
            cursor = view.stepCursor(from: cursor, moving: .down)
            steps.append(cursor!)
        }
        for (a, b) in zip(steps, steps.dropFirst()) {
            #expect(view.layout.tile(from: a, moving: .down) == b, "\(a) → \(b) is not one step down")
        }
        #expect(zip(offsets, offsets.dropFirst()).allSatisfy { $0 <= $1 }, "the wall moved back while following Down")
        #expect(offsets.last! > 3000, "the wall went with the cursor")
        // Always within a screen and a tile of the cursor: the view keeps up.
        let lastTop = view.layout.frame(at: steps[steps.count - 2]).minY
        #expect(lastTop - (offsets.last! + 600) < 600)
    }

    @Test("up, left and right during a glide also step from the cursor")
    func everyDirectionDuringAGlide() {
        let stage = Stage(), view = stage.view
        defer { withExtendedLifetime(stage) {} }
        var cursor = view.stepCursor(from: nil, moving: .down)!
        for _ in 0..<6 { cursor = view.stepCursor(from: cursor, moving: .down)!; stage.run(for: 0.02) }
        for move in [CursorMove.right, .right, .up, .left, .down, .down] {
            let expected = view.layout.tile(from: cursor, moving: move) ?? cursor
            cursor = view.stepCursor(from: cursor, moving: move)!
            #expect(cursor == expected, "\(move)")
            stage.run(for: 0.02)
        }
    }

    @Test("a cursor the user scrolled out of sight starts again among the photos in view")
    func scrolledAway() {
        let stage = Stage(), view = stage.view
        defer { withExtendedLifetime(stage) {} }
        let cursor = view.stepCursor(from: nil, moving: .down)
        stage.run(for: 1)
        // Three wheel notches down: the cursor (tile 0) is left above the screen.
        for _ in 0..<3 { view.handle(.wheel(dx: 0, dy: 400, zoom: false, time: stage.time)) }
        let inView = view.layout.firstTile(in: view.destinationRect)
        let next = view.stepCursor(from: cursor, moving: .down)
        #expect(next == inView, "the top-left tile where the wheel is taking the wall")
        #expect(next != view.layout.tile(from: 0, moving: .down))
    }

    @Test("Home, then an arrow while the wall still glides up: the cursor starts at the top, not mid-glide")
    func firstPressDuringHome() {
        let stage = Stage(), view = stage.view
        defer { withExtendedLifetime(stage) {} }
        view.scrollTo(offset: 5000)
        view.scrollTo(offset: 0, animated: true)
        stage.run(for: 0.05)
        #expect(view.contentOffset > 1000, "still on the way up")
        #expect(view.stepCursor(from: nil, moving: .right) == 0)
        #expect(view.stepCursor(from: 250, moving: .down) == 0, "a cursor left behind restarts at the top too")
    }

    @Test("at the wall's edge the cursor stays; an empty wall has no cursor")
    func edges() {
        let stage = Stage(), view = stage.view
        defer { withExtendedLifetime(stage) {} }
        #expect(view.stepCursor(from: 0, moving: .left) == 0)
        #expect(view.stepCursor(from: 0, moving: .up) == 0)
        let empty = WaterfallView<FakeCell>(viewportSize: Size(width: 900, height: 600))
        let none = FakeWall(count: 0)
        empty.dataSource = none
        empty.delegate = none
        empty.reloadData()
        #expect(empty.stepCursor(from: nil, moving: .down) == nil)
        #expect(empty.stepCursor(from: 3, moving: .down) == nil)
        withExtendedLifetime(none) {}
    }
}

@Suite("Zooming holds the tile being looked at")
struct ZoomAnchorTests {
    /// Where `anchor`'s line of its tile is on screen now.
    private func screenY(of anchor: ViewportAnchor, in view: WaterfallView<FakeCell>) -> Double {
        let f = view.layout.frame(at: anchor.index)
        return f.minY + anchor.fraction * f.height - view.contentOffset
    }

    @Test("Ctrl+wheel keeps the pointed tile under the pointer, one notch after another", arguments: [
        Point(x: 150, y: 120), Point(x: 450, y: 300), Point(x: 760, y: 540),
    ])
    func controlWheelHoldsThePointedTile(pointer: Point) throws {
        let stage = Stage(), view = stage.view
        defer { withExtendedLifetime(stage) {} }
        view.scrollTo(offset: 4000)
        view.layoutCells()
        let anchor = try #require(view.layout.anchor(under: pointer, inViewport: view.viewportRect), "a tile under \(pointer)")
        for (notch, dy) in [-1.0, -1, 1, 1, 1].enumerated() {
            view.handle(.wheel(dx: 0, dy: dy, zoom: true, at: pointer, time: Double(notch)))
            view.layoutCells()
            #expect(abs(screenY(of: anchor, in: view) - pointer.y) < 0.5, "notch \(notch): the same line of tile \(anchor.index) is at the pointer's height")
            let f = view.layout.frame(at: anchor.index)
            #expect(f.minY - view.contentOffset <= pointer.y && pointer.y < f.maxY - view.contentOffset)
        }
        #expect(view.layout.laneCount == 4)

        // Once the wall has moved, the next notch holds whatever tile is under the pointer then.
        view.scrollTo(offset: view.contentOffset + 700)
        view.layoutCells()
        // (Over a tile at the pointer's height: the pointer itself may be over a margin now.)
        let beside = try #require(view.drawList.first { $0.frame.minY + 5 < pointer.y && pointer.y < $0.frame.maxY - 5 })
        let probe = Point(x: beside.frame.midX, y: pointer.y)
        let now = try #require(view.layout.anchor(under: probe, inViewport: view.viewportRect))
        view.handle(.wheel(dx: 0, dy: -1, zoom: true, at: probe, time: 9))
        #expect(abs(screenY(of: now, in: view) - probe.y) < 0.5)
    }

    @Test("the pointer's share of the tile is what is held: the tile grows and shrinks about it")
    func fractionUnderThePointer() throws {
        var layout = WaterfallLayout(width: 300, columns: .fixed(1), margins: Margins(all: 0))
        layout.setHeights([100, 200, 100])
        let anchor = try #require(layout.anchor(under: Point(x: 50, y: 100), inViewport: Rect(x: 0, y: 50, width: 300, height: 400)))
        #expect(anchor == ViewportAnchor(index: 1, screenY: 100, fraction: 0.25))
        #expect(layout.offset(restoring: anchor) == 50)
        layout.setHeights([100, 400, 100])
        #expect(layout.offset(restoring: anchor) == 100, "a tile twice as tall: its quarter line is 100 px down it")
        #expect(layout.anchor(under: Point(x: 50, y: 1000), inViewport: Rect(x: 0, y: 0, width: 300, height: 400)) == nil, "below the content")
        #expect(layout.anchor(under: Point(x: .nan, y: 10), inViewport: Rect(x: 0, y: 0, width: 300, height: 400)) == nil)
    }

    @Test("+ and - keep the cursor's tile where it is (by its middle); without a cursor on screen, the top tile")
    func keysHoldTheCursor() throws {
        let stage = Stage(), view = stage.view
        defer { withExtendedLifetime(stage) {} }
        view.scrollTo(offset: 4000)
        view.layoutCells()
        let cursor = try #require(view.layout.anchor(under: Point(x: 450, y: 350), inViewport: view.viewportRect)).index
        let middle = view.layout.frame(at: cursor).midY - view.contentOffset
        for steps in [1, 1, -1, -1, -1] {
            view.zoom(by: steps, holdingCell: cursor)
            #expect(abs(view.layout.frame(at: cursor).midY - view.contentOffset - middle) < 0.5, "after \(steps)")
        }

        let top = try #require(view.layout.anchor(forViewport: view.viewportRect))
        view.zoom(by: 1, holdingCell: 0)   // tile 0 is far above the screen
        #expect(abs(view.layout.frame(at: top.index).minY - view.contentOffset - top.screenY) < 0.5)
    }

    @Test("+ during a glide after the cursor holds the cursor where the glide was taking it")
    func keysDuringAGlide() {
        let stage = Stage(), view = stage.view
        defer { withExtendedLifetime(stage) {} }
        var cursor = view.stepCursor(from: nil, moving: .down)!
        for _ in 0..<8 { cursor = view.stepCursor(from: cursor, moving: .down)! }
        stage.run(for: 0.03)
        #expect(view.isAnimating)
        view.zoom(by: 1, holdingCell: cursor)
        let f = view.layout.frame(at: cursor)
        #expect(f.maxY > view.contentOffset && f.minY < view.contentOffset + 600, "the cursor is on screen after the zoom")
    }
}

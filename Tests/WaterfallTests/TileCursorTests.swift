import Testing
@testable import Waterfall

/// The cursor's rules written as plainly as possible, by scanning every tile.
private func referenceStep(_ layout: WaterfallLayout, from index: Int, _ move: CursorMove) -> Int? {
    let c = layout.lane(at: index)
    switch move {
    case .up:
        return (0..<index).last { layout.lane(at: $0) == c }
    case .down:
        return ((index + 1)..<layout.count).first { layout.lane(at: $0) == c }
    case .left, .right:
        let target = move == .left ? c - 1 : c + 1
        let y = layout.frame(at: index).midY
        let candidates = (0..<layout.count).filter { layout.lane(at: $0) == target }
        if let holding = candidates.first(where: { layout.frame(at: $0).minY <= y && y < layout.frame(at: $0).maxY }) {
            return holding
        }
        func gap(_ t: Int) -> Double {
            let f = layout.frame(at: t)
            return f.minY > y ? f.minY - y : y - f.maxY
        }
        return candidates.min { a, b in
            (gap(a), layout.frame(at: a).minY, a) < (gap(b), layout.frame(at: b).minY, b)
        }
    }
}

private func referenceFirst(_ layout: WaterfallLayout, in rect: Rect) -> Int? {
    layout.indices(in: rect).min { a, b in
        (layout.frame(at: a).minY, layout.lane(at: a)) < (layout.frame(at: b).minY, layout.lane(at: b))
    }
}

/// Random masonry walls, some with zero-height tiles and no row margin (the awkward cases).
private func randomWall(_ rng: inout SeededGenerator) -> WaterfallLayout {
    let columns = Int.random(in: 1...7, using: &rng)
    let row = Bool.random(using: &rng) ? 0 : Double(Int.random(in: 1...15, using: &rng))
    let margins = Margins(top: 10, left: 10, bottom: 10, right: 10, row: row, column: 10)
    var layout = WaterfallLayout(width: Double(Int.random(in: 300...1600, using: &rng)), columns: .fixed(columns), margins: margins)
    let zeros = Bool.random(using: &rng)
    layout.setHeights((0..<Int.random(in: 0...300, using: &rng)).map { _ in
        zeros && Int.random(in: 0..<5, using: &rng) == 0 ? 0 : Double(Int.random(in: 1...300, using: &rng))
    })
    return layout
}

/// A plain grid: `columns` columns of 100-pixel tiles, no margins, so tile i sits at row i / columns.
private func grid(columns: Int, tiles: Int) -> WaterfallLayout {
    var layout = WaterfallLayout(width: Double(columns) * 100, columns: .fixed(columns), margins: Margins(all: 0))
    layout.setHeights(Array(repeating: 100, count: tiles))
    return layout
}

@Suite("Keyboard cursor")
struct TileCursorTests {
    @Test("down then up comes back to the same tile, on every tile of random walls", arguments: 1...6)
    func downThenUp(seed: Int) {
        var rng = SeededGenerator(seed: UInt64(seed))
        let layout = randomWall(&rng)
        for i in 0..<layout.count {
            if let below = layout.tile(from: i, moving: .down) {
                #expect(layout.lane(at: below) == layout.lane(at: i))
                #expect(layout.frame(at: below).minY > layout.frame(at: i).minY || layout.length(at: i) == 0)
                #expect(layout.tile(from: below, moving: .up) == i)
            }
            if let above = layout.tile(from: i, moving: .up) {
                #expect(layout.tile(from: above, moving: .down) == i)
            }
        }
    }

    @Test("every move matches the plain rule on random walls", arguments: 1...10)
    func matchesReference(seed: Int) {
        var rng = SeededGenerator(seed: UInt64(seed))
        let layout = randomWall(&rng)
        for i in 0..<layout.count {
            for move in [CursorMove.up, .down, .left, .right] {
                #expect(layout.tile(from: i, moving: move) == referenceStep(layout, from: i, move),
                        "tile \(i) moving \(move)")
            }
        }
    }

    @Test("right and left move along a row of a grid")
    func gridRows() {
        let layout = grid(columns: 3, tiles: 9)
        #expect(layout.tile(from: 0, moving: .right) == 1)
        #expect(layout.tile(from: 1, moving: .right) == 2)
        #expect(layout.tile(from: 4, moving: .left) == 3)
        #expect(layout.tile(from: 7, moving: .left) == 6)
        #expect(layout.tile(from: 4, moving: .down) == 7)
        #expect(layout.tile(from: 4, moving: .up) == 1)
    }

    @Test("right picks the tile beside the cursor's centre in a masonry wall")
    func masonryRight() {
        // Two columns, no margins: col 0 holds one tall tile (0…300); col 1 holds 1 (0…100),
        // 2 (100…200) and 3 (200…300).
        var layout = WaterfallLayout(width: 200, columns: .fixed(2), margins: Margins(all: 0))
        layout.setHeights([300, 100, 100, 100])
        #expect(layout.tile(from: 0, moving: .right) == 2)    // centre 150 falls in tile 2
        #expect(layout.tile(from: 1, moving: .left) == 0)
        #expect(layout.tile(from: 3, moving: .left) == 0)
        #expect(layout.tile(from: 2, moving: .down) == 3)
    }

    @Test("beside a gap, the nearer tile wins, and the upper one on a tie")
    func nearestAcrossGap() {
        // Two columns, row margin 20. Tile 0 fills col 0 from 0 to 100 (centre 50); col 1 holds
        // tile 1 from 0 to h and tile 2 from h + 20: the centre sits in the gap between them.
        func right(upperHeight h: Double) -> Int? {
            var layout = WaterfallLayout(width: 200, columns: .fixed(2), margins: Margins(top: 0, left: 0, bottom: 0, right: 0, row: 20, column: 0))
            layout.setHeights([100, h, 100])
            #expect(layout.lane(at: 2) == 1)
            return layout.tile(from: 0, moving: .right)
        }
        #expect(right(upperHeight: 45) == 1)   // gaps 5 and 15
        #expect(right(upperHeight: 35) == 2)   // gaps 15 and 5
        #expect(right(upperHeight: 40) == 1)   // gaps 10 and 10: the upper one
    }

    @Test("below the last tile of the next column the cursor lands on that last tile")
    func pastTheEnd() {
        var layout = WaterfallLayout(width: 200, columns: .fixed(2), margins: Margins(all: 0))
        layout.setHeights([50, 500, 50, 50, 50])   // col 0: 0, 2, 3, 4; col 1: 1
        #expect(layout.tile(from: 1, moving: .left) == 4)  // centre 250; col 0 ends at 200
        #expect(layout.tile(from: 4, moving: .right) == 1)
    }

    @Test("the wall's edges: left in the first column, right in the last, up at the top, down at the bottom")
    func edges() {
        let layout = grid(columns: 3, tiles: 9)
        #expect(layout.tile(from: 0, moving: .left) == nil)
        #expect(layout.tile(from: 6, moving: .left) == nil)
        #expect(layout.tile(from: 2, moving: .right) == nil)
        #expect(layout.tile(from: 1, moving: .up) == nil)
        #expect(layout.tile(from: 7, moving: .down) == nil)
    }

    @Test("a neighbouring column with no tiles is an edge")
    func emptyNeighbour() {
        var layout = WaterfallLayout(width: 300, columns: .fixed(3), margins: Margins(all: 0))
        layout.setHeights([100])
        #expect(layout.tile(from: 0, moving: .right) == nil)
    }

    @Test("a one-column wall: left and right go nowhere, up and down step through it")
    func oneColumn() {
        let layout = grid(columns: 1, tiles: 4)
        for i in 0..<4 {
            #expect(layout.tile(from: i, moving: .left) == nil)
            #expect(layout.tile(from: i, moving: .right) == nil)
        }
        #expect(layout.tile(from: 0, moving: .down) == 1)
        #expect(layout.tile(from: 3, moving: .up) == 2)
        #expect(layout.tile(from: 3, moving: .down) == nil)
    }

    @Test("an index outside the wall goes nowhere")
    func outOfRange() {
        let layout = grid(columns: 3, tiles: 9)
        for move in [CursorMove.up, .down, .left, .right] {
            #expect(layout.tile(from: -1, moving: move) == nil)
            #expect(layout.tile(from: 9, moving: move) == nil)
            #expect(WaterfallLayout(width: 300).tile(from: 0, moving: move) == nil)
        }
    }

    @Test("the first tile is the top-left one visible")
    func firstTileInGrid() {
        let layout = grid(columns: 3, tiles: 30)
        #expect(layout.firstTile(in: Rect(x: 0, y: 0, width: 300, height: 400)) == 0)
        // Scrolled so that row 1 is cut off at its top: it still shows, and it is the highest.
        #expect(layout.firstTile(in: Rect(x: 0, y: 150, width: 300, height: 400)) == 3)
        // Exactly on a row's bottom edge: that row is not visible.
        #expect(layout.firstTile(in: Rect(x: 0, y: 200, width: 300, height: 400)) == 6)
        // A rect over the right two columns only.
        #expect(layout.firstTile(in: Rect(x: 150, y: 0, width: 150, height: 400)) == 1)
    }

    @Test("the first tile prefers the highest, then the leftmost")
    func firstTileInMasonry() {
        // Col 0: tile 0 (0…300); col 1: tile 1 (0…100), tile 2 (100…200), tile 3 (200…300).
        var layout = WaterfallLayout(width: 200, columns: .fixed(2), margins: Margins(all: 0))
        layout.setHeights([300, 100, 100, 100])
        #expect(layout.firstTile(in: Rect(x: 0, y: 0, width: 200, height: 50)) == 0)
        #expect(layout.firstTile(in: Rect(x: 0, y: 150, width: 200, height: 50)) == 0)   // 0 starts higher than 2
        #expect(layout.firstTile(in: Rect(x: 100, y: 150, width: 100, height: 50)) == 2)
    }

    @Test("no first tile when nothing is visible")
    func firstTileNone() {
        let layout = grid(columns: 3, tiles: 9)
        #expect(layout.firstTile(in: Rect(x: 0, y: 300, width: 300, height: 100)) == nil)   // below the content
        #expect(layout.firstTile(in: Rect(x: 0, y: 0, width: 0, height: 100)) == nil)
        #expect(layout.firstTile(in: Rect(x: 0, y: .nan, width: 300, height: 100)) == nil)
        #expect(WaterfallLayout(width: 300).firstTile(in: Rect(x: 0, y: 0, width: 300, height: 300)) == nil)
    }

    @Test("the first tile matches the visible tiles on random walls", arguments: 1...10)
    func firstTileMatchesReference(seed: Int) {
        var rng = SeededGenerator(seed: UInt64(seed))
        let layout = randomWall(&rng)
        let h = layout.contentLength
        for _ in 0..<200 {
            let rect = Rect(x: Double.random(in: -50...layout.breadth, using: &rng),
                            y: Double.random(in: -200...(h + 200), using: &rng),
                            width: Double.random(in: 0...layout.breadth, using: &rng),
                            height: Double.random(in: 0...900, using: &rng))
            #expect(layout.firstTile(in: rect) == referenceFirst(layout, in: rect), "\(rect)")
        }
    }

    @Test("a run of zero-height tiles is skipped, not shown")
    func zeroHeightRun() {
        // Without a row margin the zero-height tiles pile up at the top margin, nearly all in
        // column 0, and the one real tile comes after them.
        var layout = WaterfallLayout(width: 200, columns: .fixed(2), margins: Margins(top: 10, left: 0, bottom: 0, right: 0, row: 0, column: 0))
        layout.setHeights(Array(repeating: 0, count: 10_000) + [50])
        let last = layout.count - 1
        #expect(layout.lane(at: last) == 0 && layout.frame(at: last).minY == 10)
        #expect(layout.firstTile(in: Rect(x: 0, y: 0, width: 200, height: 100)) == last)
        #expect(layout.firstTile(in: Rect(x: 100, y: 0, width: 100, height: 100)) == nil)
    }

    @Test("a 100,000-tile wall: walking a column visits each of its tiles once, in order")
    func largeWall() {
        var rng = SeededGenerator(seed: 42)
        var layout = WaterfallLayout(width: 1200, columns: .fixed(5))
        layout.setHeights((0..<100_000).map { _ in Double(Int.random(in: 80...400, using: &rng)) })
        let top = layout.firstTile(in: Rect(x: 0, y: 0, width: 1200, height: 800))
        #expect(top == 0)
        var steps = 0
        var at = 0
        while let next = layout.tile(from: at, moving: .down) {
            #expect(next > at)
            at = next
            steps += 1
        }
        let inColumn0 = (0..<layout.count).filter { layout.lane(at: $0) == 0 }
        #expect(steps == inColumn0.count - 1)
        #expect(at == inColumn0.last)
        // Across the wall near its end: each step right lands beside the cursor's centre.
        var across = layout.firstTile(in: Rect(x: 0, y: layout.contentLength - 2000, width: 20, height: 800))
        for _ in 0..<4 {
            guard let from = across, let to = layout.tile(from: from, moving: .right) else { break }
            #expect(to == referenceStep(layout, from: from, .right))
            across = to
        }
        #expect(across.map(layout.lane(at:)) == 4)
    }
}

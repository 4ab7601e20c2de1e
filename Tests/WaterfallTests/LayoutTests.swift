import Testing
@testable import Waterfall

/// The seed's rule written as plainly as possible, to check the real layout against.
func referenceFrames(width: Double, columns: Int, margins m: Margins, heights: [Double]) -> [Rect] {
    let cw = max(0, (width - m.left - m.right - Double(columns - 1) * m.column) / Double(columns))
    var bottoms = [Double](repeating: 0, count: columns)
    var used = [Bool](repeating: false, count: columns)
    var frames: [Rect] = []
    for h in heights {
        var best = 0
        for c in 0..<columns where bottoms[c] < bottoms[best] { best = c }
        let y = used[best] ? bottoms[best] + m.row : m.top
        frames.append(Rect(x: m.left + Double(best) * (cw + m.column), y: y, width: cw, height: h))
        bottoms[best] = y + h
        used[best] = true
    }
    return frames
}

private func frames(_ layout: WaterfallLayout) -> [Rect] { (0..<layout.count).map(layout.frame(at:)) }

private func randomHeights(_ n: Int, _ rng: inout SeededGenerator) -> [Double] {
    (0..<n).map { _ in Double(Int.random(in: 20...400, using: &rng)) }
}

@Suite("Layout")
struct LayoutTests {
    @Test("the seed's example, worked by hand: 3 columns, margins 10, width 320")
    func seedExample() {
        // cw = (320 − 10 − 10 − 2·10) / 3 = 93.333…
        var layout = WaterfallLayout(width: 320)
        layout.setHeights([100, 50, 70, 30, 65, 40])
        let cw = 280.0 / 3
        #expect(layout.laneCount == 3)
        #expect(layout.laneBreadth == cw)
        let expected = [
            Rect(x: 10, y: 10, width: cw, height: 100),          // every column empty: leftmost
            Rect(x: 20 + cw, y: 10, width: cw, height: 50),      // col 1
            Rect(x: 30 + 2 * cw, y: 10, width: cw, height: 70),  // col 2
            Rect(x: 20 + cw, y: 70, width: cw, height: 30),      // bottoms 110, 60, 80 → col 1 at 60 + 10
            Rect(x: 30 + 2 * cw, y: 90, width: cw, height: 65),  // bottoms 110, 100, 80 → col 2 at 90
            Rect(x: 20 + cw, y: 110, width: cw, height: 40),     // bottoms 110, 100, 155 → col 1 at 110
        ]
        #expect(frames(layout) == expected)
        // Content height = tallest column (col 2: 155) + bottom margin.
        #expect(layout.contentLength == 165)
    }

    @Test("ties go to the lowest column")
    func ties() {
        var layout = WaterfallLayout(width: 330, columns: .fixed(3), margins: Margins(all: 0))
        layout.setHeights([10, 10, 10, 10])
        #expect(layout.frame(at: 3).minX == 0)
        #expect(layout.frame(at: 3).minY == 10)
    }

    @Test("matches a plain reference on random walls", arguments: 1...8)
    func randomAgainstReference(seed: Int) {
        var rng = SeededGenerator(seed: UInt64(seed))
        let width = Double(Int.random(in: 50...2000, using: &rng))
        let columns = Int.random(in: 1...9, using: &rng)
        let margins = Margins(top: 3, left: 7, bottom: 11, right: 5, row: 2, column: 13)
        let heights = randomHeights(Int.random(in: 0...500, using: &rng), &rng)
        var layout = WaterfallLayout(width: width, columns: .fixed(columns), margins: margins)
        layout.setHeights(heights)
        #expect(frames(layout) == referenceFrames(width: width, columns: columns, margins: margins, heights: heights))
    }

    @Test("auto columns: as many of at least 240 px as fit, at least one")
    func autoColumns() {
        let m = Margins.seed
        #expect(ColumnCount.automatic.resolve(width: 1200, margins: m) == 4)   // 4·240 + 3·10 + 20 = 1010 ≤ 1200 < 1260
        #expect(ColumnCount.automatic.resolve(width: 1010, margins: m) == 4)
        #expect(ColumnCount.automatic.resolve(width: 1009, margins: m) == 3)
        #expect(ColumnCount.automatic.resolve(width: 100, margins: m) == 1)
        #expect(ColumnCount.automatic.resolve(width: 0, margins: m) == 1)
        #expect(ColumnCount.fixed(0).resolve(width: 500, margins: m) == 1)
    }

    @Test("tile height: aspect ratio clamped to [0.25, 4] plus the caption")
    func tileHeight() {
        #expect(TileSizing.tileHeight(cellWidth: 200, displayed: Size(width: 400, height: 300)) == 150)
        #expect(TileSizing.tileHeight(cellWidth: 200, displayed: Size(width: 40000, height: 1)) == 50)
        #expect(TileSizing.tileHeight(cellWidth: 200, displayed: Size(width: 1, height: 40000)) == 800)
        #expect(TileSizing.tileHeight(cellWidth: 200, displayed: .zero, captionHeight: 22) == 222)
        #expect(TileSizing.isCropped(Size(width: 40000, height: 1)))
        #expect(!TileSizing.isCropped(Size(width: 4, height: 3)))
    }

    @Test("append, insert, remove and resize equal a full rebuild and leave earlier tiles in place", arguments: 1...6)
    func incrementalEqualsRebuild(seed: Int) {
        var rng = SeededGenerator(seed: UInt64(100 + seed))
        let columns = Int.random(in: 1...6, using: &rng)
        var heights = randomHeights(300, &rng)
        var layout = WaterfallLayout(width: 1000, columns: .fixed(columns))
        layout.setHeights(heights)
        for _ in 0..<60 {
            let before = frames(layout)
            let op = Int.random(in: 0..<4, using: &rng)
            var changedFrom = 0
            switch op {
            case 0:
                let h = Double(Int.random(in: 10...300, using: &rng))
                heights.append(h); layout.append(height: h); changedFrom = heights.count - 1
            case 1:
                let i = Int.random(in: 0...heights.count, using: &rng)
                let h = Double(Int.random(in: 10...300, using: &rng))
                heights.insert(h, at: i); layout.insert(height: h, at: i); changedFrom = i
            case 2 where !heights.isEmpty:
                let i = Int.random(in: 0..<heights.count, using: &rng)
                heights.remove(at: i); layout.remove(at: i); changedFrom = i
            default:
                guard !heights.isEmpty else { continue }
                let i = Int.random(in: 0..<heights.count, using: &rng)
                let h = Double(Int.random(in: 10...300, using: &rng))
                heights[i] = h; layout.setHeight(h, at: i); changedFrom = i
            }
            var rebuilt = WaterfallLayout(width: 1000, columns: .fixed(columns))
            rebuilt.setHeights(heights)
            #expect(frames(layout) == frames(rebuilt))
            #expect(layout.contentLength == rebuilt.contentLength)
            #expect(Array(frames(layout).prefix(changedFrom)) == Array(before.prefix(changedFrom)))
        }
    }

    @Test("a removal keeping lanes: every other tile stays in its lane, the gap closes in the removed tile's lane alone", arguments: 1...6)
    func removalKeepsLanes(seed: Int) {
        var rng = SeededGenerator(seed: UInt64(300 + seed))
        let columns = Int.random(in: 2...6, using: &rng)
        var layout = WaterfallLayout(width: 1000, columns: .fixed(columns))
        layout.setHeights(randomHeights(200, &rng), sections: seed.isMultiple(of: 2)
                          ? [SectionBreak(start: 0, headingHeight: 30), SectionBreak(start: 80, headingHeight: 30)] : [])
        for _ in 0..<20 {
            let before = frames(layout)
            let lanes = (0..<layout.count).map(layout.lane(at:))
            let start = Int.random(in: 0..<(layout.count - 3), using: &rng), length = Int.random(in: 1...3, using: &rng)
            let gone = start..<(start + length)
            layout.remove(range: gone, keepingLanes: true)
            let kept = (0..<before.count).filter { !gone.contains($0) }
            #expect((0..<layout.count).map(layout.lane(at:)) == kept.map { lanes[$0] }, "a tile changed lanes")
            let after = frames(layout)
            for (new, old) in kept.enumerated() {
                // Nothing moves sideways or down; a tile moves up only if a removed tile was
                // above it in its lane (or a section heading above it rose).
                #expect(after[new].minX == before[old].minX && after[new].minY <= before[old].minY)
                if old < start { #expect(after[new] == before[old], "a tile before the removal moved") }
            }
            let laneOfGone = Set(gone.map { lanes[$0] })
            if layout.sectionBreaks.isEmpty {
                for (new, old) in kept.enumerated() where !laneOfGone.contains(lanes[old]) {
                    #expect(after[new] == before[old], "a tile of another lane moved")
                }
            }
        }
        // Inserting deals the tiles to the shortest lanes again, as a fresh layout does.
        layout.insert(height: 120, at: 0)
        var rebuilt = WaterfallLayout(width: 1000, columns: .fixed(columns))
        rebuilt.setHeights((0..<layout.count).map(layout.length(at:)), sections: layout.sectionBreaks)
        #expect(frames(layout) == frames(rebuilt))
    }

    @Test("empty wall, one tile, zero width")
    func edgeCases() {
        var empty = WaterfallLayout(width: 800)
        empty.setHeights([])
        #expect(empty.contentLength == 10)
        #expect(empty.indices(in: Rect(x: 0, y: 0, width: 800, height: 600)).isEmpty)
        #expect(empty.index(at: Point(x: 20, y: 20)) == nil)

        var one = WaterfallLayout(width: 800)
        one.append(height: 100)
        #expect(one.frame(at: 0).minY == 10)
        #expect(one.contentLength == 120)

        var zero = WaterfallLayout(width: 0)
        zero.setHeights([100, 200, 300])
        #expect(zero.laneBreadth == 0)
        #expect(zero.indices(in: Rect(x: -10, y: -10, width: 100, height: 1000)).isEmpty)
        #expect(zero.index(at: Point(x: 10, y: 50)) == nil)
    }
}

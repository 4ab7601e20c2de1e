import Testing
@testable import Waterfall

/// A wall in sections laid out the plain way: each section a wall of its own (the plain
/// reference of LayoutTests) whose top margin ends one row below its heading, the heading one
/// row below the tallest column before it.
private func referenceFrames(width: Double, columns: Int, margins m: Margins, heights: [Double],
                             breaks: [SectionBreak]) -> (tiles: [Rect], headings: [Rect]) {
    var tiles: [Rect] = [], headings: [Rect] = []
    let starts = [0] + breaks.map(\.start) + [heights.count]
    for k in 0..<(starts.count - 1) where starts[k] < starts[k + 1] || k > 0 {
        var sectionMargins = m
        if k > 0 {
            let y = tiles.isEmpty ? m.top : tiles.map(\.maxY).max()! + m.row
            headings.append(Rect(x: m.left, y: y, width: width - m.left - m.right, height: breaks[k - 1].headingHeight))
            sectionMargins.top = y + breaks[k - 1].headingHeight + m.row
        }
        tiles += referenceFrames(width: width, columns: columns, margins: sectionMargins, heights: Array(heights[starts[k]..<starts[k + 1]]))
    }
    return (tiles, headings)
}

private func frames(_ layout: WaterfallLayout) -> [Rect] { (0..<layout.count).map(layout.frame(at:)) }
private func headings(_ layout: WaterfallLayout) -> [Rect] { (0..<layout.sectionCount).map(layout.headingFrame(ofSection:)) }

/// Random section starts (always one at 0) over `n` tiles.
private func randomBreaks(_ n: Int, _ rng: inout SeededGenerator, height: Double = 30) -> [SectionBreak] {
    var starts: Set<Int> = [0]
    for _ in 0..<Int.random(in: 1...6, using: &rng) { starts.insert(Int.random(in: 0..<n, using: &rng)) }
    return starts.sorted().map { SectionBreak(start: $0, headingHeight: height) }
}

@Suite("Layout in sections")
struct SectionLayoutTests {
    @Test("worked by hand: every column of a section starts below its heading, the heading below the tallest column")
    func handWorked() {
        var layout = WaterfallLayout(width: 320)
        layout.setHeights([100, 50, 70, 30], sections: [SectionBreak(start: 0, headingHeight: 30), SectionBreak(start: 3, headingHeight: 30)])
        let cw = 280.0 / 3
        #expect(headings(layout) == [Rect(x: 10, y: 10, width: 300, height: 30), Rect(x: 10, y: 160, width: 300, height: 30)])
        #expect(frames(layout) == [
            Rect(x: 10, y: 50, width: cw, height: 100),
            Rect(x: 20 + cw, y: 50, width: cw, height: 50),
            Rect(x: 30 + 2 * cw, y: 50, width: cw, height: 70),
            // Bottoms 150, 100, 120: the heading at 150 + 10, the tile a row below it, leftmost —
            // not in column 1, the shortest before the break.
            Rect(x: 10, y: 200, width: cw, height: 30),
        ])
        #expect(layout.contentLength == 240)
    }

    @Test("matches the plain reference on random walls in sections", arguments: 1...8)
    func randomAgainstReference(seed: Int) {
        var rng = SeededGenerator(seed: UInt64(seed))
        let n = Int.random(in: 1...300, using: &rng)
        let heights = (0..<n).map { _ in Double(Int.random(in: 20...400, using: &rng)) }
        let breaks = randomBreaks(n, &rng)
        let columns = Int.random(in: 1...6, using: &rng)
        var layout = WaterfallLayout(width: 900, columns: .fixed(columns))
        layout.setHeights(heights, sections: breaks)
        let expected = referenceFrames(width: 900, columns: columns, margins: .seed, heights: heights, breaks: breaks)
        #expect(frames(layout) == expected.tiles)
        #expect(headings(layout) == expected.headings)
        #expect(layout.contentLength == (expected.tiles.map(\.maxY).max() ?? 0) + 10)
    }

    @Test("an insert or a removal across a break replays from there: nothing before it moves, the rest as laid out afresh",
          arguments: 1...12)
    func incrementalAcrossBreaks(seed: Int) {
        var rng = SeededGenerator(seed: UInt64(seed))
        let n = Int.random(in: 20...200, using: &rng)
        var heights = (0..<n).map { _ in Double(Int.random(in: 20...400, using: &rng)) }
        var breaks = randomBreaks(n, &rng)
        var layout = WaterfallLayout(width: 800, columns: .fixed(4))
        layout.setHeights(heights, sections: breaks)
        for _ in 0..<10 {
            let before = frames(layout), headingsBefore = headings(layout)
            let at: Int
            if Bool.random(using: &rng), heights.count > 2 {
                // Remove a run — often a whole section, so its break goes too.
                let k = Int.random(in: 0..<breaks.count, using: &rng)
                let end = k + 1 < breaks.count ? breaks[k + 1].start : heights.count
                let range = Bool.random(using: &rng) ? breaks[k].start..<end : breaks[k].start..<min(end, breaks[k].start + 1)
                guard range.count < heights.count else { continue }
                at = range.lowerBound
                heights.removeSubrange(range)
                breaks = breaks.compactMap { b in
                    if b.start < range.lowerBound { return b }
                    if b.start >= range.upperBound { return SectionBreak(start: b.start - range.count, headingHeight: b.headingHeight) }
                    return b.start == range.lowerBound && range.upperBound < end ? b : nil
                }
                breaks = SectionBreak.sanitized(breaks, count: heights.count)
                layout.remove(range: range, sections: breaks)
            } else {
                // Insert a run, sometimes opening a section of its own.
                at = Int.random(in: 0...heights.count, using: &rng)
                let new = (0..<Int.random(in: 1...5, using: &rng)).map { _ in Double(Int.random(in: 20...400, using: &rng)) }
                heights.insert(contentsOf: new, at: at)
                breaks = breaks.map { $0.start >= at && $0.start > 0 ? SectionBreak(start: $0.start + new.count, headingHeight: $0.headingHeight) : $0 }
                if Bool.random(using: &rng) { breaks.append(SectionBreak(start: at, headingHeight: 44)) }
                breaks = SectionBreak.sanitized(breaks.sorted { $0.start < $1.start }, count: heights.count)
                layout.insert(heights: new, at: at, sections: breaks)
            }
            var fresh = WaterfallLayout(width: 800, columns: .fixed(4))
            fresh.setHeights(heights, sections: breaks)
            #expect(frames(layout) == frames(fresh))
            #expect(headings(layout) == headings(fresh))
            #expect(layout.contentLength == fresh.contentLength)
            #expect(Array(frames(layout).prefix(at)) == Array(before.prefix(at)), "tiles before the change stay put")
            let kept = breaks.prefix { $0.start < at }.count
            #expect(Array(headings(layout).prefix(kept)) == Array(headingsBefore.prefix(kept)), "headings before it too")
            #expect(layout.indices(in: Rect(x: 0, y: 0, width: 800, height: 1e9)) == Array(0..<heights.count))
        }
    }

    @Test("appending to a wall in sections starts the last section's empty columns below its heading")
    func appendInLastSection() {
        var layout = WaterfallLayout(width: 320)
        layout.setHeights([100, 50, 70, 300], sections: [SectionBreak(start: 0, headingHeight: 30), SectionBreak(start: 3, headingHeight: 30)])
        layout.append(height: 40)
        var fresh = WaterfallLayout(width: 320)
        fresh.setHeights([100, 50, 70, 300, 40], sections: layout.sectionBreaks)
        #expect(frames(layout) == frames(fresh))
        #expect(layout.frame(at: 4).minY == 200, "column 1 of the new section starts under its heading, not under tile 1")
    }

    @Test("a point on a heading is on no tile; the heading answers for it, and a rect finds the headings it meets")
    func hitTestingHeadings() {
        var layout = WaterfallLayout(width: 320)
        layout.setHeights([100, 50, 70, 30], sections: [SectionBreak(start: 0, headingHeight: 30), SectionBreak(start: 3, headingHeight: 30)])
        // The second heading spans y 160..<190, over every column.
        for x in [15.0, 160, 300] {
            #expect(layout.index(at: Point(x: x, y: 170)) == nil)
            #expect(layout.heading(at: Point(x: x, y: 170)) == 1)
        }
        #expect(layout.heading(at: Point(x: 15, y: 200)) == nil)
        #expect(layout.index(at: Point(x: 15, y: 200)) == 3)
        #expect(layout.heading(at: Point(x: 15, y: 10)) == 0)
        #expect(layout.heading(at: Point(x: 5, y: 170)) == nil, "the side margin is no heading")
        #expect(layout.sections(in: Rect(x: 0, y: 0, width: 320, height: 45)) == 0..<1)
        #expect(layout.sections(in: Rect(x: 0, y: 40, width: 320, height: 120)).isEmpty, "open intersection, as tiles")
        #expect(layout.sections(in: Rect(x: 0, y: 100, width: 320, height: 200)) == 1..<2)
        #expect(layout.sections(in: Rect(x: 0, y: 0, width: 320, height: 1000)) == 0..<2)
        #expect(layout.section(containing: 2) == 0)
        #expect(layout.section(containing: 3) == 1)
        #expect(layout.tiles(inSection: 0) == 0..<3)
        #expect(layout.tiles(inSection: 1) == 3..<4)
    }

    @Test("a wall without sections: no headings, and setting none changes nothing")
    func noSections() {
        var layout = WaterfallLayout(width: 320)
        layout.setHeights([100, 50, 70, 30, 65, 40])
        let before = frames(layout)
        layout.setSections([])
        #expect(frames(layout) == before)
        #expect(layout.sectionCount == 0)
        #expect(layout.heading(at: Point(x: 15, y: 5)) == nil)
        #expect(layout.section(containing: 0) == nil)
        // Breaks out of the wall or out of order are dropped, not trusted.
        layout.setSections([SectionBreak(start: 4, headingHeight: 30), SectionBreak(start: 2, headingHeight: 30),
                            SectionBreak(start: 9, headingHeight: 30), SectionBreak(start: -1, headingHeight: .nan)])
        #expect(layout.sectionBreaks == [SectionBreak(start: 4, headingHeight: 30)])
        #expect(Array(frames(layout).prefix(4)) == Array(before.prefix(4)))
    }

    @Test("the cursor goes down into the next section and up into the one before, never past a short one")
    func cursorAcrossSections() {
        // Three columns; section 1 is a single tile (in column 0), section 2 fills all three.
        var layout = WaterfallLayout(width: 320)
        layout.setHeights([100, 50, 70, 30, 40, 40, 40], sections: [
            SectionBreak(start: 0, headingHeight: 30), SectionBreak(start: 3, headingHeight: 30), SectionBreak(start: 4, headingHeight: 30),
        ])
        #expect(layout.tile(from: 2, moving: .down) == 3, "from column 2 to section 1's only tile, in column 0")
        #expect(layout.tile(from: 3, moving: .down) == 4)
        #expect(layout.tile(from: 6, moving: .up) == 3, "from column 2 up into the short section")
        #expect(layout.tile(from: 3, moving: .up) == 0, "into the section before, in the same column")
        #expect(layout.tile(from: 3, moving: .right) == nil, "nothing beside it in its section")
        #expect(layout.tile(from: 4, moving: .right) == 5)
        #expect(layout.tile(from: 6, moving: .down) == nil, "the wall's end")
    }

    @Test("the tile at the top of the screen stays put when a section above vanishes or appears")
    func anchoringThroughSections() {
        let wall = FakeWall(count: 600)
        wall.breaks = stride(from: 0, to: 600, by: 50).map { SectionBreak(start: $0, headingHeight: 36) }
        let view = WaterfallView<FakeCell>(viewportSize: Size(width: 900, height: 600))
        view.dataSource = wall
        view.delegate = wall
        view.reloadData()
        #expect(view.layout.sectionCount == 12)
        view.scrollTo(offset: 20000)
        view.layoutCells()
        #expect(view.layout.anchor(forViewport: view.viewportRect)!.index > 150, "the changes are above the screen")
        func expectAnchored(shift: Int, _ change: () -> Void) {
            let anchor = view.layout.anchor(forViewport: view.viewportRect)!
            change()
            let y = view.layout.frame(at: anchor.index + shift).minY - view.contentOffset
            #expect(abs(y - anchor.screenY) < 0.001, "tile \(anchor.index) moved from \(anchor.screenY) to \(y) (shift \(shift), offset \(view.contentOffset), content \(view.contentLength))")
            view.layoutCells()
        }
        // Section 1 (tiles 50..<100) trashed whole: its heading goes with it.
        expectAnchored(shift: -50) {
            wall.ratios.removeSubrange(50..<100)
            wall.breaks = wall.breaks.filter { $0.start != 50 }.map { $0.start > 50 ? SectionBreak(start: $0.start - 50, headingHeight: 36) : $0 }
            view.deleteCells(in: 50..<100)
            view.reloadSections()
        }
        #expect(view.layout.sectionCount == 11)
        // Three photos of a new month arrive inside section 0: a heading appears for them, and
        // one more for the rest of section 0 after them.
        expectAnchored(shift: 3) {
            wall.ratios.insert(contentsOf: [1, 0.5, 2], at: 10)
            wall.breaks = [SectionBreak(start: 0, headingHeight: 36), SectionBreak(start: 10, headingHeight: 36), SectionBreak(start: 13, headingHeight: 36)]
                + wall.breaks.dropFirst().map { SectionBreak(start: $0.start + 3, headingHeight: 36) }
            view.insertCells(in: 10..<13)
            view.reloadSections()
        }
        #expect(view.layout.sectionCount == 13)
        var fresh = WaterfallLayout(width: 900, columns: .fixed(3))
        let cw = fresh.laneBreadth
        fresh.setHeights(wall.ratios.map { cw * $0 }, sections: wall.breaks)
        #expect((0..<fresh.count).map(fresh.frame(at:)) == (0..<view.layout.count).map(view.layout.frame(at:)))
    }

    @Test("a tap on a heading selects nothing; a tap on the tile under it selects that tile")
    func tapOnHeading() {
        let wall = FakeWall(count: 40)
        wall.breaks = [SectionBreak(start: 0, headingHeight: 36), SectionBreak(start: 20, headingHeight: 36)]
        let view = WaterfallView<FakeCell>(viewportSize: Size(width: 900, height: 600))
        view.dataSource = wall
        view.delegate = wall
        view.reloadData()
        let heading = view.layout.headingFrame(ofSection: 1)
        view.scrollTo(offset: heading.minY - 10)
        view.layoutCells()
        func tap(_ p: Point, at t: Double) {
            view.handle(.pointerDown(id: 0, at: p, time: t))
            view.handle(.pointerUp(id: 0, at: p, time: t + 0.05))
        }
        tap(Point(x: 100, y: 10 + heading.height / 2), at: 10)
        #expect(wall.selected.isEmpty)
        let first = view.layout.frame(at: 20)
        tap(Point(x: first.midX, y: first.midY - view.contentOffset), at: 20)
        #expect(wall.selected == [20])
    }
}

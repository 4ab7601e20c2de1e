import Testing
@testable import Waterfall

private func bruteForce(_ layout: WaterfallLayout, _ rect: Rect) -> [Int] {
    (0..<layout.count).filter { layout.frame(at: $0).intersects(rect) }
}

private func bruteForce(_ layout: WaterfallLayout, _ p: Point) -> Int? {
    (0..<layout.count).first { layout.frame(at: $0).contains(p) }
}

private func randomLayout(_ rng: inout SeededGenerator) -> WaterfallLayout {
    let columns = Int.random(in: 1...8, using: &rng)
    let m = Margins(top: Double.random(in: 0...20, using: &rng).rounded(), left: 10, bottom: 10, right: 10,
                    row: Double.random(in: 0...15, using: &rng).rounded(), column: Double.random(in: 0...15, using: &rng).rounded())
    var layout = WaterfallLayout(width: Double(Int.random(in: 200...1600, using: &rng)), columns: .fixed(columns), margins: m)
    layout.setHeights((0..<Int.random(in: 0...400, using: &rng)).map { _ in Double(Int.random(in: 1...300, using: &rng)) })
    return layout
}

@Suite("Visibility and hit-testing")
struct VisibilityTests {
    @Test("tiles in a rect equal brute force on random layouts and rects", arguments: 1...10)
    func rectQueries(seed: Int) {
        var rng = SeededGenerator(seed: UInt64(seed))
        let layout = randomLayout(&rng)
        let h = layout.contentLength
        for _ in 0..<200 {
            let rect = Rect(x: Double.random(in: -50...layout.breadth, using: &rng),
                            y: Double.random(in: -200...(h + 200), using: &rng),
                            width: Double.random(in: 0...layout.breadth, using: &rng),
                            height: Double.random(in: 0...900, using: &rng))
            #expect(layout.indices(in: rect) == bruteForce(layout, rect))
        }
    }

    @Test("rects exactly on tile borders: touching is not meeting")
    func borders() {
        var rng = SeededGenerator(seed: 77)
        let layout = randomLayout(&rng)
        for i in stride(from: 0, to: layout.count, by: 7) {
            let f = layout.frame(at: i)
            let above = Rect(x: f.minX, y: f.minY - 50, width: f.width, height: 50)
            let below = Rect(x: f.minX, y: f.maxY, width: f.width, height: 50)
            let inside = Rect(x: f.minX, y: f.minY, width: 1, height: 1)
            #expect(layout.indices(in: above) == bruteForce(layout, above))
            #expect(!layout.indices(in: above).contains(i))
            #expect(!layout.indices(in: below).contains(i))
            #expect(layout.indices(in: inside) == [i])
        }
    }

    @Test("the tile under a point equals brute force, gaps and margins hit nothing", arguments: 1...10)
    func pointQueries(seed: Int) {
        var rng = SeededGenerator(seed: UInt64(1000 + seed))
        let layout = randomLayout(&rng)
        for _ in 0..<400 {
            let p = Point(x: Double.random(in: -20...(layout.breadth + 20), using: &rng),
                          y: Double.random(in: -50...(layout.contentLength + 50), using: &rng))
            #expect(layout.index(at: p) == bruteForce(layout, p))
        }
        // Corners and edges of every tile, and just outside them.
        for i in 0..<layout.count {
            let f = layout.frame(at: i)
            for p in [Point(x: f.minX, y: f.minY), Point(x: f.maxX, y: f.maxY), Point(x: f.maxX - 0.001, y: f.maxY - 0.001),
                      Point(x: f.minX - 0.001, y: f.midY), Point(x: f.midX, y: f.minY - 0.001), Point(x: f.midX, y: f.maxY)] {
                #expect(layout.index(at: p) == bruteForce(layout, p))
            }
        }
    }

    @Test("above and below the content, and the left and right margins")
    func outside() {
        var layout = WaterfallLayout(width: 640)
        layout.setHeights([100, 120, 90, 200])
        #expect(layout.index(at: Point(x: 50, y: 5)) == nil)                         // top margin
        #expect(layout.index(at: Point(x: 5, y: 50)) == nil)                         // left margin
        #expect(layout.index(at: Point(x: 635, y: 50)) == nil)                       // right margin
        #expect(layout.index(at: Point(x: 50, y: layout.contentLength + 1)) == nil)  // below
        #expect(layout.index(at: Point(x: 50, y: 50)) == 0)
        #expect(layout.indices(in: Rect(x: 0, y: -500, width: 640, height: 500)).isEmpty)
        #expect(layout.indices(in: Rect(x: 0, y: layout.contentLength, width: 640, height: 500)).isEmpty)
    }
}

import Testing
import Waterfall

@Suite("rect subtraction")
struct RectSubtractionTests {
    @Test("the strips a rect leaves uncovered cover exactly the rest, without overlap")
    func stripsCoverTheRest() {
        let outer = Rect(x: 0, y: 0, width: 100, height: 60)
        for inner in [Rect(x: 20, y: 10, width: 30, height: 20), Rect(x: -10, y: 10, width: 50, height: 80),
                      Rect(x: 200, y: 0, width: 5, height: 5), Rect(x: 0, y: 0, width: 100, height: 60)] {
            let strips = outer.subtracting(inner)
            for x in stride(from: 0.5, to: 100, by: 1) {
                for y in stride(from: 0.5, to: 60, by: 1) {
                    let p = Point(x: x, y: y)
                    let count = strips.filter { $0.contains(p) }.count
                    #expect(count == (inner.contains(p) ? 0 : 1), "\(p) with \(inner)")
                }
            }
        }
    }

    @Test("a pair's bounding box holds the gap between its photos; an empty rect adds nothing")
    func unionHoldsTheGap() {
        let left = Rect(x: 100, y: 0, width: 200, height: 480), right = Rect(x: 500, y: 40, width: 200, height: 400)
        let both = Rect.zero.union(left).union(right)
        #expect(both == Rect(x: 100, y: 0, width: 600, height: 480))
        #expect(both.contains(Point(x: 400, y: 240)) && !left.contains(Point(x: 400, y: 240)))
        #expect(left.union(.zero) == left)
    }

    @Test("the overlap of two rects; touching edges and apart are no overlap")
    func intersectionIsTheOverlap() {
        let bar = Rect(x: 0, y: 0, width: 100, height: 480), area = Rect(x: -20, y: 40, width: 90, height: 400)
        #expect(bar.intersection(area) == Rect(x: 0, y: 40, width: 70, height: 400))
        #expect(bar.intersection(Rect(x: 100, y: 0, width: 50, height: 480)) == nil, "touching along an edge")
        #expect(bar.intersection(Rect(x: 300, y: 0, width: 50, height: 50)) == nil)
    }
}

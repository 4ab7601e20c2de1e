import Testing
@testable import App

/// Which rows of a wall `cascade render` may deflate while tiles are still coming: a row is
/// settled only when no tile yet to be drawn reaches it, whatever order the decoders finish in.
@Suite("settled rows")
struct SettledRowsTests {
    @Test("the line is the highest top of any tile not drawn yet, out of order and uneven")
    func highestUndrawnTop() {
        // A waterfall's tops mostly grow, but a wide tile or a caption can break that: 150 before 120.
        var settled = SettledRows(tops: [0, 0, 100, 150, 120], height: 300)
        #expect(settled.rows == 0)
        settled.markDrawn(1)
        #expect(settled.rows == 0, "tile 0 still covers row 0")
        settled.markDrawn(0)
        #expect(settled.rows == 100)
        settled.markDrawn(3)
        #expect(settled.rows == 100, "tile 2 is still to come")
        settled.markDrawn(2)
        #expect(settled.rows == 120, "tile 4 starts above tile 3")
        settled.markDrawn(4)
        #expect(settled.rows == 300, "all drawn: the whole wall")
    }

    @Test("an empty wall is settled from the start; a tile below the wall's end counts up to the end only")
    func edges() {
        #expect(SettledRows(tops: [], height: 40).rows == 40)
        var settled = SettledRows(tops: [10, 500], height: 200)
        settled.markDrawn(0)
        #expect(settled.rows == 200)
    }
}

import Testing
@testable import Waterfall

@Suite("Where a folder's wall was left: the restore's decision and the remembered folders")
struct WallPlaceTests {
    private let names = ["a.jpg", "b.jpg", "c.jpg", "d.jpg"]
    private func index(_ name: String) -> Int? { names.firstIndex(of: name) }

    @Test("waits while the remembered cursor photo has not appeared, restores once it has")
    func waitsForTheCursorPhoto() {
        let place = WallPlace(cursor: "d.jpg", top: "c.jpg", topScreenY: 40, topFraction: 0, columns: 5)
        let early = place.restoration(index: { ["a.jpg", "b.jpg"].firstIndex(of: $0) }, scanEnded: false, viewportHeight: 600)
        #expect(early == nil)
        let now = place.restoration(index: index, scanEnded: false, viewportHeight: 600)
        #expect(now == WallPlace.Restoration(cursor: 3, anchor: ViewportAnchor(index: 2, screenY: 40, fraction: 0), columns: 5))
    }

    @Test("at the scan's end restores what is there: a cursor photo gone leaves no cursor")
    func restoresWhatIsLeftAtTheEnd() {
        let place = WallPlace(cursor: "gone.jpg", top: "b.jpg", topScreenY: 10, topFraction: 0.5, columns: nil)
        #expect(place.restoration(index: index, scanEnded: false, viewportHeight: 600) == nil)
        let end = place.restoration(index: index, scanEnded: true, viewportHeight: 600)
        #expect(end == WallPlace.Restoration(cursor: nil, anchor: ViewportAnchor(index: 1, screenY: 10, fraction: 0.5), columns: nil))
    }

    @Test("a place without a cursor waits for its top photo")
    func waitsForTheTopPhoto() {
        let place = WallPlace(cursor: nil, top: "c.jpg", topScreenY: 10, topFraction: 0, columns: nil)
        #expect(place.restoration(index: { $0 == "a.jpg" ? 0 : nil }, scanEnded: false, viewportHeight: 600) == nil)
        #expect(place.restoration(index: index, scanEnded: false, viewportHeight: 600)?.anchor?.index == 2)
    }

    @Test("a smaller window keeps the top photo in its upper half")
    func smallerWindow() {
        let place = WallPlace(cursor: nil, top: "a.jpg", topScreenY: 700, topFraction: 0, columns: nil)
        #expect(place.restoration(index: index, scanEnded: true, viewportHeight: 400)?.anchor?.screenY == 200)
    }

    @Test("a restored anchor puts its photo back on screen in a layout of another width")
    func anchorAcrossWidths() throws {
        let margins = Margins(all: 10)
        var wide = WaterfallLayout(width: 1280, columns: .automatic, margins: margins)
        var narrow = WaterfallLayout(width: 700, columns: .automatic, margins: margins)
        for i in 0..<200 {
            wide.append(height: Double(100 + (i * 37) % 200))
            narrow.append(height: Double(100 + (i * 37) % 200))
        }
        let viewport = Rect(x: 0, y: 3000, width: 1280, height: 800)
        let anchor = try #require(wide.anchor(forViewport: viewport))
        let place = WallPlace(cursor: nil, top: "\(anchor.index)", topScreenY: anchor.screenY, topFraction: anchor.fraction, columns: nil)
        let restored = try #require(place.restoration(index: { Int($0) }, scanEnded: true, viewportHeight: 800)?.anchor)
        let offset = try #require(narrow.offset(restoring: restored))
        let shown = narrow.frame(at: anchor.index).offsetBy(dx: 0, dy: -offset)
        #expect(abs(shown.minY - anchor.screenY) < 1e-9)
    }

    @Test("nothing to restore is no restoration")
    func nothingRemembered() {
        let place = WallPlace(cursor: nil, top: nil, topScreenY: 0, topFraction: 0, columns: nil)
        #expect(place.restoration(index: index, scanEnded: true, viewportHeight: 600) == nil)
    }

    @Test("the most recent folder first, the least recently used dropped beyond the limit")
    func leastRecentlyUsedDropped() {
        var walls = RememberedWalls()
        for i in 0..<5 { walls.remember(WallPlace(cursor: "\(i).jpg"), of: "/photos/\(i)", limit: 3) }
        #expect(walls.folders.map(\.folder) == ["/photos/4", "/photos/3", "/photos/2"])
        #expect(walls.lastFolder == "/photos/4")
        walls.remember(WallPlace(cursor: "again.jpg"), of: "/photos/2", limit: 3)
        #expect(walls.folders.map(\.folder) == ["/photos/2", "/photos/4", "/photos/3"])
        #expect(walls.place(of: "/photos/2")?.cursor == "again.jpg")
        #expect(walls.place(of: "/photos/0") == nil)
    }

    @Test("a file's list is tidied: duplicates, unusable numbers and the excess go")
    func tidied() {
        var walls = RememberedWalls()
        walls.folders = [
            .init(folder: "/a", place: WallPlace(cursor: "1", top: "1", topScreenY: .nan, topFraction: .infinity, columns: 100_000)),
            .init(folder: "/b", place: WallPlace(cursor: "2")),
            .init(folder: "/a", place: WallPlace(cursor: "3")),
            .init(folder: "relative", place: WallPlace(cursor: "4")),
        ]
        let tidy = walls.tidied(limit: 10)
        #expect(tidy.folders.map(\.folder) == ["/a", "/b"])
        let a = tidy.folders[0].place
        #expect(a.cursor == "1" && a.topScreenY == 0 && a.topFraction == 0 && a.columns == nil)
        #expect(walls.tidied(limit: 1).folders.map(\.folder) == ["/a"])
    }
}

import Testing
@testable import Screen

@Suite("Cutting scaled copies at the target's edge (software renderer)")
struct EdgeClipTests {
    let screen = PixelRect(x: 0, y: 0, width: 1920, height: 1080)

    @Test("a copy inside the target is left as it is; one wholly outside draws nothing")
    func insideAndOutside() {
        let source = PixelRect(x: 0, y: 0, width: 256, height: 171)
        let inside = PixelRect(x: 10, y: 10, width: 262, height: 175)
        #expect(EdgeClip.clip(source: source, destination: inside, to: screen)! == (source, inside))
        #expect(EdgeClip.clip(source: source, destination: PixelRect(x: 10, y: -175, width: 262, height: 175), to: screen) == nil)
        #expect(EdgeClip.clip(source: source, destination: PixelRect(x: 1920, y: 10, width: 262, height: 175), to: screen) == nil)
    }

    @Test("near 1:1 the destination becomes exactly the visible part, the source its share rounded")
    func nearOneToOne() throws {
        // A 256-px thumbnail on a 262-px tile, 100 px of it above the screen.
        let source = PixelRect(x: 0, y: 0, width: 256, height: 171)
        let tile = PixelRect(x: 300, y: -100, width: 262, height: 175)
        let cut = try #require(EdgeClip.clip(source: source, destination: tile, to: screen))
        #expect(cut.destination == PixelRect(x: 300, y: 0, width: 262, height: 75))
        // 100 of 175 rows hidden: 97.7 of 171 source rows, rounded to 98.
        #expect(cut.source == PixelRect(x: 0, y: 98, width: 256, height: 73))
    }

    @Test("scaled up further, the visible source pixels are kept whole and the picture stays in place")
    func largeUpscale() throws {
        // A photo zoomed 8× in the detail view, its 100×100 source centred on a small screen.
        let source = PixelRect(x: 0, y: 0, width: 100, height: 100)
        let zoomed = PixelRect(x: -350, y: -355, width: 800, height: 800)
        let small = PixelRect(x: 0, y: 0, width: 100, height: 90)
        let cut = try #require(EdgeClip.clip(source: source, destination: zoomed, to: small))
        // Columns 350..<450 of the zoomed picture are source columns 43.75..<56.25: 43...56.
        #expect(cut.source == PixelRect(x: 43, y: 44, width: 14, height: 12))
        // Source column 43 starts at 43·8 − 350 = −6 on screen: exactly where it was.
        #expect(cut.destination == PixelRect(x: -6, y: -3, width: 112, height: 96))
        // The temporary surface SDL makes for it is the visible part and less than a source
        // pixel around it, not the 800×800 destination.
        #expect(cut.destination.width * cut.destination.height < 120 * 110)
    }

    @Test("a sliver of a tile still gets at least one source pixel")
    func sliver() throws {
        let cut = try #require(EdgeClip.clip(source: PixelRect(x: 0, y: 0, width: 50, height: 50),
                                             destination: PixelRect(x: 0, y: 1079, width: 60, height: 60), to: screen))
        #expect(cut.destination == PixelRect(x: 0, y: 1079, width: 60, height: 1))
        #expect(cut.source.height == 1 && cut.source.y < 50)
    }
}

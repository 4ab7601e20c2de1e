import Testing
@testable import Waterfall
@testable import Kiosk

@Suite("where a slide's photos go")
struct SlideLayoutTests {
    let screen = Size(width: 1920, height: 1080)

    private func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 1e-6 }

    @Test("one photo is fitted whole and centred, as before")
    func single() {
        let frames = SlideLayout.frames([Size(width: 3000, height: 2000)], in: screen)
        let fit = KenBurns.fit(Size(width: 3000, height: 2000), in: Rect(x: 0, y: 0, width: 1920, height: 1080))
        #expect(frames.count == 1 && close(frames[0].minX, fit.minX) && close(frames[0].minY, fit.minY)
                && close(frames[0].width, fit.width) && close(frames[0].height, fit.height), "\(frames)")
    }

    @Test("a portrait pair is one picture: same height, full height, a small gap, centred as a whole")
    func portraitPair() throws {
        let frames = SlideLayout.frames([Size(width: 2000, height: 3000), Size(width: 3000, height: 4000)], in: screen)
        try #require(frames.count == 2)
        let (a, b) = (frames[0], frames[1])
        #expect(close(a.height, 1080) && close(b.height, 1080), "\(frames)")
        #expect(close(a.minY, 0) && close(b.minY, 0))
        #expect(close(a.width, 720) && close(b.width, 810), "each keeps its shape")
        let gap = b.minX - a.maxX
        #expect(close(gap, 1920 * SlideLayout.gapShare), "the gap is \(gap)")
        #expect(gap > 0 && gap <= 0.02 * 1920, "the gap is small: \(gap)")
        // Centred as a whole: the bars either side are equal.
        #expect(close(a.minX, 1920 - b.maxX), "bars \(a.minX) and \(1920 - b.maxX)")
    }

    @Test("a pair too wide for the screen's height is scaled down to its width, still centred")
    func widePair() throws {
        // Two nearly square portraits on a 4:3 screen: side by side they are wider than it.
        let screen = Size(width: 1024, height: 768)
        let frames = SlideLayout.frames([Size(width: 900, height: 1000), Size(width: 900, height: 1000)], in: screen)
        try #require(frames.count == 2)
        let (a, b) = (frames[0], frames[1])
        #expect(close(a.height, b.height) && a.height < 768, "\(frames)")
        let gap = b.minX - a.maxX
        #expect(close(a.minX, gap) && close(1024 - b.maxX, gap), "the outer margin is the gap: \(frames)")
        #expect(close(a.minY, 768 - b.maxY) && close(a.minY, (768 - a.height) / 2), "centred upright")
    }

    @Test("a photo whose size is unknown counts as square rather than vanishing")
    func unknownSize() {
        let frames = SlideLayout.frames([Size(width: 0, height: 0), Size(width: 600, height: 900)], in: screen)
        #expect(frames.allSatisfy { $0.width > 0 && $0.height > 0 }, "\(frames)")
    }

    @Test("a panorama is a photo much wider than the screen: 4:1 on 16:9 is, 3:2 is not")
    func panorama() {
        #expect(SlideLayout.isPanorama(Size(width: 8000, height: 2000), on: screen))
        #expect(!SlideLayout.isPanorama(Size(width: 3000, height: 2000), on: screen))
        #expect(!SlideLayout.isPanorama(Size(width: 2000, height: 3000), on: screen))
        #expect(!SlideLayout.isPanorama(Size(width: 0, height: 0), on: screen))
    }

    @Test("a panorama pans at full height from its left end (t=0) through its middle (½) to its right end (1)")
    func pan() {
        let photo = Size(width: 8000, height: 2000)
        let start = SlideLayout.pan(photo, on: screen, travel: 0)
        let middle = SlideLayout.pan(photo, on: screen, travel: 0.5)
        let end = SlideLayout.pan(photo, on: screen, travel: 1)
        for rect in [start, middle, end] {
            #expect(close(rect.height, 1080) && close(rect.minY, 0) && close(rect.width, 4320), "\(rect)")
        }
        #expect(close(start.minX, 0), "\(start)")
        #expect(close(middle.midX, 960), "\(middle)")
        #expect(close(end.maxX, 1920), "\(end)")
        #expect(SlideLayout.pan(photo, on: screen, travel: 2) == end, "past its end it stays there")
    }

    @Test("the Ken Burns move takes a pair as one picture: the gap grows with it and no photo overlaps the other")
    func kenBurnsPair() throws {
        let frames = SlideLayout.frames([Size(width: 2000, height: 3000), Size(width: 2000, height: 3000)], in: screen)
        let moved = SlideLayout.kenBurns(frames, travel: 1)
        try #require(moved.count == 2)
        #expect(moved[0].maxX < moved[1].minX, "\(moved)")
        let before = frames[1].minX - frames[0].maxX, after = moved[1].minX - moved[0].maxX
        #expect(close(after, before * (1 + KenBurns.growth)), "the gap \(before) → \(after)")
        #expect(close(moved[0].minY, frames[0].minY), "portraits grow from their top edge, so heads stay in")
        #expect(SlideLayout.kenBurns(frames, travel: 0) == frames)
    }

    @Test("a pair's mats split the screen at the middle of the gap; one photo's mat is the whole screen")
    func matAreas() throws {
        let full = Rect(x: 0, y: 0, width: 1920, height: 1080)
        #expect(SlideLayout.matAreas([Rect(x: 400, y: 0, width: 1120, height: 1080)], in: screen) == [full])
        let frames = SlideLayout.frames([Size(width: 2000, height: 3000), Size(width: 3000, height: 4000)], in: screen)
        let areas = SlideLayout.matAreas(frames, in: screen)
        try #require(areas.count == 2)
        let middle = (frames[0].maxX + frames[1].minX) / 2
        #expect(close(areas[0].minX, 0) && close(areas[0].maxX, middle) && close(areas[1].minX, middle) && close(areas[1].maxX, 1920))
        #expect(areas.allSatisfy { close($0.height, 1080) })
    }

    @Test("the bars are what the photos leave of the screen; the gap of a pair is not a bar")
    func bars() {
        let frames = SlideLayout.frames([Size(width: 2000, height: 3000), Size(width: 2000, height: 3000)], in: screen)
        let bars = SlideLayout.bars(frames, in: screen)
        let union = frames[0].union(frames[1])
        #expect(bars.count == 2 && bars.allSatisfy { !$0.intersects(union) }, "\(bars)")
        #expect(SlideLayout.bars([Rect(x: 0, y: 0, width: 1920, height: 1080)], in: screen).isEmpty)
    }
}

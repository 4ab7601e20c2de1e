import Testing
import Waterfall
@testable import Screen

@Suite(.serialized) @MainActor
struct TextTests {
    init() { useDummyVideoDriver() }

    private func textRenderer(_ canvas: OffscreenCanvas) throws -> TextRenderer {
        let font = try #require(FontLocator.locate(), "DejaVu Sans is needed for this test (fonts-dejavu-core)")
        return try TextRenderer(fontPath: font, pixelSize: 13, renderer: canvas.renderer)
    }

    @Test func longNamesAreShortenedInTheMiddleKeepingTheirEnd() throws {
        let canvas = try OffscreenCanvas(size: PixelSize(width: 8, height: 8))
        let text = try textRenderer(canvas)
        let name = "IMG_20240101_123456_holiday_in_provence_with_everyone_0417.jpg"
        let fitted = text.fitted(name, maxWidth: 150)
        #expect(text.width(of: fitted) <= 150)
        #expect(fitted.contains("…"))
        #expect(fitted.hasPrefix("IMG_2024"))
        #expect(fitted.hasSuffix(".jpg"))
        #expect(text.fitted("short.jpg", maxWidth: 150) == "short.jpg")
        // Prose loses its end instead.
        let reason = text.fitted("file is truncated after 1024 bytes of 20000", maxWidth: 100, truncation: .end)
        #expect(reason.hasPrefix("file is") && reason.hasSuffix("…"))
        #expect(text.width(of: reason) <= 100)
    }

    @Test func nothingFitsInNoRoomAndNothingCrashesOnOddText() throws {
        let canvas = try OffscreenCanvas(size: PixelSize(width: 8, height: 8))
        let text = try textRenderer(canvas)
        #expect(text.fitted("anything", maxWidth: 0) == "")
        #expect(text.fitted("anything", maxWidth: 2) == "")
        #expect(text.texture(for: "", maxWidth: 100) == nil)
        #expect(text.texture(for: "anything", maxWidth: -5) == nil)
        // A newline or NUL in a file name is shown as a replacement sign, not cut or boxed.
        #expect(TextRenderer.printable("a\nb\u{0}c.jpg") == "a\u{FFFD}b\u{FFFD}c.jpg")
        #expect(TextRenderer.printable(String(repeating: "x", count: 10_000)).count == TextRenderer.maximumCharacters)
        #expect(text.texture(for: "naïve 写真 🌄\t.jpg", maxWidth: 200) != nil)
    }

    @Test func captionsAreRenderedOnceAndTheCacheIsBounded() throws {
        let canvas = try OffscreenCanvas(size: PixelSize(width: 300, height: 60))
        let font = try #require(FontLocator.locate())
        let text = try TextRenderer(fontPath: font, pixelSize: 13, renderer: canvas.renderer, cacheLimit: 8)
        let first = try #require(text.texture(for: "IMG_0001.jpg", maxWidth: 200))
        let created = canvas.renderer.texturesCreated
        #expect(text.texture(for: "IMG_0001.jpg", maxWidth: 200) === first, "a second frame re-rendered the caption")
        #expect(canvas.renderer.texturesCreated == created)
        for i in 0 ..< 100 { _ = text.texture(for: "IMG_\(i).jpg", maxWidth: 200) }
        #expect(text.cachedCount <= 8)
        #expect(canvas.renderer.liveTextureCount <= 9)
    }

    @Test func drawingFramesDoesNotGrowTheCaptionCache() throws {
        let canvas = try OffscreenCanvas(size: PixelSize(width: 300, height: 200))
        let drawer = TileDrawer(renderer: canvas.renderer)
        try #require(drawer.captionsAvailable)
        func frame() {
            drawer.clearBackground()
            for i in 0 ..< 4 {
                drawer.draw(.placeholder, in: Rect(x: 10 + Double(i) * 70, y: 10, width: 60, height: 100), caption: "photo \(i).jpg")
            }
            drawer.draw(.error(reason: "corrupt JPEG data"), in: Rect(x: 10, y: 120, width: 200, height: 70))
        }
        frame()
        let textures = canvas.renderer.texturesCreated, cached = drawer.cachedTextCount
        for _ in 0 ..< 5 { frame() }
        #expect(canvas.renderer.texturesCreated == textures)
        #expect(drawer.cachedTextCount == cached)
    }

    @Test func withoutAFontCaptionsAreOffAndNothingBreaks() throws {
        let canvas = try OffscreenCanvas(size: PixelSize(width: 100, height: 100))
        for drawer in [TileDrawer(renderer: canvas.renderer, fontPath: nil),
                       TileDrawer(renderer: canvas.renderer, fontPath: "/nonexistent/font.ttf")] {
            #expect(!drawer.captionsAvailable)
            #expect(drawer.captionHeight == 0)
            drawer.clearBackground()
            drawer.draw(.placeholder, in: Rect(x: 0, y: 0, width: 100, height: 100), caption: "ignored.jpg")
            // No strip is cut out: the layout reserved none.
            #expect(canvas.pixel(atX: 50, y: 95) == Theme.standard.placeholder)
            drawer.draw(.error(reason: "corrupt"), in: Rect(x: 0, y: 0, width: 100, height: 100))
            #expect(pixels(of: canvas, in: PixelRect(x: 0, y: 0, width: 100, height: 100))
                .contains { $0.distance(to: Theme.standard.errorIcon) <= 4 })
        }
    }
}

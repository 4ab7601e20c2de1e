import CSDL2
import Testing
import Waterfall
@testable import Screen

/// A window made again for a screen that came back, in SDL's dummy driver: the renderer its
/// holders keep works again, and nothing made on the old one is drawn from freed memory.
@Suite(.serialized) @MainActor
struct WindowRecreateTests {
    init() { useDummyVideoDriver() }

    @Test("after recreate the same Renderer draws again; tiles and text made before are destroyed and made anew")
    func renderersHoldersKeepAWorkingOne() throws {
        defer { SDL_QuitSubSystem(SDL_INIT_VIDEO | SDL_INIT_EVENTS) }
        let window = try Window(title: "cascade test", placement: .windowed(width: 64, height: 48))
        let renderer = window.renderer
        let font = try #require(FontLocator.locate(), "DejaVu Sans is needed for this test (fonts-dejavu-core)")
        let text = try TextRenderer(fontPath: font, pixelSize: 13, renderer: renderer)
        let tile = try TileTexture(renderer: renderer, capacity: PixelSize(width: 16, height: 16), opaque: true)
        try fill(tile, width: 16, height: 16) { _, _ in red }
        let label = try #require(text.texture(for: "IMG_0001.jpg", maxWidth: 200))
        #expect(renderer.liveTextureCount == 2)

        let size = try window.recreate()

        #expect(size == Size(width: 64, height: 48))
        #expect(window.renderer === renderer)
        #expect(!renderer.isDetached)
        #expect(tile.isDestroyed && label.isDestroyed, "textures of the old renderer are gone, not dangling")
        #expect(renderer.liveTextureCount == 0 && renderer.liveTextureBytes == 0)
        let again = try #require(text.texture(for: "IMG_0001.jpg", maxWidth: 200))
        #expect(!again.isDestroyed, "the caption is rendered again, not served destroyed from the cache")

        let drawer = TileDrawer(renderer: renderer)
        let fresh = try TileTexture(renderer: renderer, capacity: PixelSize(width: 16, height: 16), opaque: true)
        try fill(fresh, width: 16, height: 16) { _, _ in red }
        renderer.clear(ScreenColor(rgb: 0))
        drawer.copy(fresh, to: PixelRect(x: 0, y: 0, width: 16, height: 16), cropping: false, opacity: 1)
        let pixel = try renderer.readPixels(in: PixelRect(x: 8, y: 8, width: 1, height: 1))
        #expect(abs(Int(pixel[2]) - Int(red.red)) < 8 && abs(Int(pixel[1]) - Int(red.green)) < 8
                && abs(Int(pixel[0]) - Int(red.blue)) < 8, "the new renderer draws: \(pixel)")
        tile.destroy()
        #expect(renderer.liveTextureCount == 2, "destroying an old texture again touches nothing")
    }
}

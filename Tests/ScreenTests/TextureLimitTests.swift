import Foundation
import Testing
@testable import Screen
import Waterfall

/// The largest texture, held to a cap that stands in for a small GPU.
@Suite("the renderer's texture limit")
@MainActor
struct TextureLimitTests {
    @Test("a cap holds the largest texture to it: pictures are fitted with their shape, a bigger texture is refused")
    func cap() throws {
        let canvas = try OffscreenCanvas(size: PixelSize(width: 64, height: 64))
        let renderer = canvas.renderer
        #expect(renderer.maximumTextureSize == PixelSize(width: 16384, height: 16384), "the software renderer reports no limit of its own")
        renderer.textureSideCap = 512
        #expect(renderer.maximumTextureSize == PixelSize(width: 512, height: 512))
        #expect(renderer.textureFit(PixelSize(width: 3000, height: 2000)) == PixelSize(width: 512, height: 341))
        #expect(throws: ScreenError.self) { try TileTexture(renderer: renderer, capacity: PixelSize(width: 513, height: 16)) }
        let texture = try TileTexture(renderer: renderer, capacity: PixelSize(width: 512, height: 341))
        #expect(renderer.longestTextureSide == 512)
        texture.destroy()
    }
}

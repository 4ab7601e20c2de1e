import CSDL2
import Waterfall

/// An `SDL_Texture` with exactly one owner: destroyed exactly once, on `destroy()` or when the
/// last reference goes, and always before its renderer (which it keeps alive).
@MainActor
final class OwnedTexture {
    private(set) var handle: OpaquePointer?
    let renderer: Renderer
    let size: PixelSize
    var byteCost: Int { size.width * size.height * 4 }

    /// Takes ownership of a texture just made on `renderer`.
    init(adopting handle: OpaquePointer, renderer: Renderer, size: PixelSize) {
        self.handle = handle
        self.renderer = renderer
        self.size = size
        renderer.textureCreated(size: size)
        renderer.liveTextures.insert(self)
    }

    var isDestroyed: Bool { handle == nil }

    func destroy() {
        guard let handle else { return }
        self.handle = nil
        renderer.liveTextures.remove(self)
        SDL_DestroyTexture(handle)
        renderer.textureDestroyed(bytes: byteCost)
    }

    isolated deinit {
        destroy()
    }
}

import CSDL2
import Waterfall

/// The textures alive on one renderer, held weakly: their owners keep them, this only lets the
/// renderer destroy them all before SDL's renderer goes (SDL_DestroyRenderer frees its
/// textures itself, and an owner destroying one afterwards would touch freed memory).
@MainActor
struct LiveTextures {
    private final class Entry {
        weak var texture: OwnedTexture?
        init(_ texture: OwnedTexture) { self.texture = texture }
    }
    private var entries: [ObjectIdentifier: Entry] = [:]
    /// The SDL renderer was destroyed and no new one attached yet: nothing may draw.
    var detached = false
    /// How the picture was turned when the renderer was detached, to turn it again after.
    var rotationToRestore = ScreenRotation.upright

    mutating func insert(_ texture: OwnedTexture) { entries[ObjectIdentifier(texture)] = Entry(texture) }
    mutating func remove(_ texture: OwnedTexture) { entries[ObjectIdentifier(texture)] = nil }

    fileprivate mutating func takeAll() -> [OwnedTexture] {
        defer { entries.removeAll() }
        return entries.values.compactMap(\.texture)
    }
}

extension Renderer {
    /// Destroys every texture made here — their owners find them `isDestroyed` and make new
    /// ones, re-reading what they showed — then SDL's renderer. Until `attach` nothing may be
    /// drawn; `isDetached` says so.
    func detach() {
        guard !liveTextures.detached else { return }
        for texture in liveTextures.takeAll() { texture.destroy() }
        // The turned picture's textures go with SDL's renderer; the window turns it again.
        liveTextures.rotationToRestore = rotation
        rotated = nil
        SDL_DestroyRenderer(handle)
        liveTextures.detached = true
    }

    /// Takes a renderer SDL made on the new window. Size, scale and pixel format are those of
    /// the same driver as before.
    func attach(_ made: OpaquePointer) {
        handle = made
        liveTextures.detached = false
    }

    /// How to turn the picture on a renderer made again (`Window.recreate`).
    var rotationToRestore: ScreenRotation { liveTextures.rotationToRestore }

    /// True between `detach` and `attach`: the window is being made again, or could not be.
    public var isDetached: Bool { liveTextures.detached }
}

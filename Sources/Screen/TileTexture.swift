import CSDL2
import Waterfall

/// A tile's texture: allocated once at a *capacity* (its size class) and refilled with each new
/// photo of that class, so scrolling hands textures from tile to tile instead of creating them.
/// Only the top-left `contentSize` pixels hold the current photo; the rest is stale and never drawn.
///
/// Static, not streaming: tiles are only ever refilled through `SDL_UpdateTexture`, and GPU
/// renderers keep a second, CPU-side copy of every streaming texture for `SDL_LockTexture`.
@MainActor
public final class TileTexture {
    private let texture: OwnedTexture
    /// The allocated size in physical pixels.
    public let capacity: PixelSize
    /// The pixels of the current photo, at most `capacity`; empty until the first `update`.
    public private(set) var contentSize = PixelSize(width: 0, height: 0)
    /// Made for photos without translucent pixels (a wall's tiles, flattened onto the tile
    /// colour before they come here; their alpha must be 255): the renderer may store them
    /// without alpha, and a fully shown photo is copied without blending.
    public let isOpaque: Bool

    /// Memory this texture holds (capacity × 4 bytes), whatever its content.
    public var byteCost: Int { texture.byteCost }
    public var renderer: Renderer { texture.renderer }
    public var isDestroyed: Bool { texture.isDestroyed }
    var handle: OpaquePointer? { texture.handle }

    /// A texture of `capacity` physical pixels on `renderer`; `opaque` for photos without
    /// translucent pixels.
    public convenience init(renderer: Renderer, capacity: PixelSize, opaque: Bool = false) throws {
        try self.init(renderer: renderer, capacity: capacity, opaque: opaque, access: SDL_TEXTUREACCESS_STATIC)
    }

    /// `access`: static for photos uploaded from memory, target for a copy drawn on the renderer.
    private init(renderer: Renderer, capacity: PixelSize, opaque: Bool, access: SDL_TextureAccess) throws {
        guard capacity.width > 0, capacity.height > 0 else {
            throw ScreenError.invalidSize("texture \(capacity) covers no pixel")
        }
        let maximum = renderer.maximumTextureSize
        guard capacity.width <= maximum.width, capacity.height <= maximum.height else {
            throw ScreenError.invalidSize("texture \(capacity) is larger than the renderer allows (\(maximum))")
        }
        let format = opaque ? renderer.opaqueTextureFormat : SDL_PIXELFORMAT_ARGB8888.rawValue
        guard let handle = SDL_CreateTexture(renderer.handle, format, Int32(access.rawValue),
                                             Int32(capacity.width), Int32(capacity.height)) else {
            throw ScreenError.sdl("SDL_CreateTexture")
        }
        // Blending (chosen at each copy) is what lets a photo fade in over its placeholder;
        // linear scaling keeps the slight resize from decoded size to tile size smooth.
        SDL_SetTextureBlendMode(handle, SDL_BLENDMODE_BLEND)
        SDL_SetTextureScaleMode(handle, SDL_ScaleModeLinear)
        self.texture = OwnedTexture(adopting: handle, renderer: renderer, size: capacity)
        self.capacity = capacity
        isOpaque = opaque
    }

    /// A texture whose capacity is the size class of `size`.
    public convenience init(renderer: Renderer, sizeClass: TextureSizeClass, opaque: Bool = false) throws {
        try self.init(renderer: renderer, capacity: sizeClass.capacity, opaque: opaque)
    }

    /// Replaces the content with `width` × `height` pixels of B,G,R,A bytes, rows `bytesPerRow`
    /// apart. Checked against the buffer and the capacity before SDL reads a byte.
    public func update(pixels: UnsafeRawBufferPointer, width: Int, height: Int, bytesPerRow: Int) throws {
        guard let handle = texture.handle else { throw ScreenError.destroyed }
        guard width > 0, height > 0 else {
            throw ScreenError.invalidPixels("\(width)×\(height) covers no pixel")
        }
        guard width <= capacity.width, height <= capacity.height else {
            throw ScreenError.invalidPixels("\(width)×\(height) does not fit a texture of capacity \(capacity)")
        }
        guard bytesPerRow >= width * 4, bytesPerRow <= Int(Int32.max) else {
            throw ScreenError.invalidPixels("\(bytesPerRow) bytes per row for \(width) pixels")
        }
        let (rows, overflow) = bytesPerRow.multipliedReportingOverflow(by: height - 1)
        guard !overflow, let base = pixels.baseAddress, pixels.count >= rows + width * 4 else {
            throw ScreenError.invalidPixels("\(pixels.count) bytes is too few for \(width)×\(height) at \(bytesPerRow) bytes per row")
        }
        var area = SDL_Rect(PixelRect(x: 0, y: 0, width: width, height: height))
        guard SDL_UpdateTexture(handle, &area, base, Int32(bytesPerRow)) == 0 else {
            throw ScreenError.sdl("SDL_UpdateTexture")
        }
        contentSize = PixelSize(width: width, height: height)
    }

    /// A texture of its own holding this one's picture, copied by the renderer (on the GPU, where
    /// there is one). A wall tile's texture goes to the next tile of its size class when the wall
    /// moves on, or is freed to keep the pool in budget: whoever goes on showing its picture
    /// elsewhere (the detail view) keeps a copy rather than the tile's texture.
    public func copy() throws -> TileTexture {
        guard let source = texture.handle, !contentSize.isEmpty else { throw ScreenError.destroyed }
        let copy = try TileTexture(renderer: renderer, capacity: contentSize, opaque: isOpaque,
                                   access: SDL_TEXTUREACCESS_TARGET)
        let area = PixelRect(x: 0, y: 0, width: contentSize.width, height: contentSize.height)
        // Without blending: the copy gets these very pixels, alpha included.
        try renderer.drawing(into: copy.texture) { renderer.copy(source, from: area, to: area, opaque: true) }
        copy.contentSize = contentSize
        return copy
    }

    /// Releases the GPU/CPU memory now. Further updates throw; drawing shows a placeholder.
    /// Safe to call more than once; the texture is destroyed exactly once.
    public func destroy() {
        texture.destroy()
        contentSize = PixelSize(width: 0, height: 0)
    }
}

/// The reuse class of a tile texture: the core's size class of the tile family (each side
/// rounded up to a sixteenth of its power of two), in the one pixel format tile textures have.
/// The pool keys idle textures by `reuseIdentifier`, and `capacity` is the same rounded size,
/// so a texture found under a key always holds any tile that maps to that key.
public struct TextureSizeClass: Hashable, Sendable, CustomStringConvertible {
    /// The byte order of every tile's pixels (B, G, R, A in memory), part of the key so a
    /// texture of another layout (should one ever exist) is never handed to a tile. A
    /// renderer may store opaque tiles as XRGB8888, which has the same bytes.
    public static let pixelFormat = SDL_PIXELFORMAT_ARGB8888.rawValue

    public let reuseIdentifier: ReuseIdentifier

    /// The smallest class that holds `size` (sides below 1 count as 1).
    public init(fitting size: PixelSize) {
        reuseIdentifier = .sizeClass(.tile, width: max(1, size.width), height: max(1, size.height),
                                     format: Self.pixelFormat)
    }

    public var width: Int { Int(reuseIdentifier.width) }
    public var height: Int { Int(reuseIdentifier.height) }
    public var capacity: PixelSize { PixelSize(width: width, height: height) }
    /// What a texture of this class holds; saturates for classes no renderer could allocate.
    public var byteCost: Int {
        let (bytes, overflow) = (width * 4).multipliedReportingOverflow(by: height)
        return overflow ? Int.max : bytes
    }
    public var description: String { reuseIdentifier.description }
}

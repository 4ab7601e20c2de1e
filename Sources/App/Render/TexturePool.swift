// Tile textures handed around by size class through the core's reuse pool: a texture that has
// been drawn goes back, and the next tile of its class refills it — a wall of thousands of
// tiles needs only as many textures as it has distinct size classes in flight.

import Photos
import Screen
import Waterfall

@MainActor
final class TexturePool {
    let renderer: Renderer
    let pool: ReusePool<TileTexture>

    init(renderer: Renderer, budgetBytes: Int = 256 << 20) {
        self.renderer = renderer
        pool = ReusePool(budgetBytes: budgetBytes) { texture in
            MainActor.assumeIsolated { texture.destroy() }
        }
    }

    /// A texture of the image's size class with the image in it; the image is a tile's,
    /// flattened onto the tile colour (`TileSource`), so the texture is an opaque one.
    func texture(holding image: DecodedImage) throws -> TileTexture {
        let sizeClass = TextureSizeClass(fitting: PixelSize(width: image.width, height: image.height))
        let texture: TileTexture
        if let reused = pool.dequeue(sizeClass.reuseIdentifier) {
            texture = reused
        } else {
            texture = try TileTexture(renderer: renderer, capacity: sizeClass.capacity, opaque: true)
            pool.registerCreated(bytes: texture.byteCost)
        }
        try texture.fill(with: image)
        return texture
    }

    func giveBack(_ texture: TileTexture) {
        pool.enqueue(texture, id: TextureSizeClass(fitting: texture.capacity).reuseIdentifier, bytes: texture.byteCost)
    }

    var stats: PoolStats { pool.stats }
}

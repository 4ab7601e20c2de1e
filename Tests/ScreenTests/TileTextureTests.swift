import Testing
import Waterfall
@testable import Screen

@Suite(.serialized) @MainActor
struct TileTextureTests {
    init() { useDummyVideoDriver() }

    @Test func capacityAndByteCostComeFromTheAllocationNotTheContent() throws {
        let canvas = try OffscreenCanvas(size: PixelSize(width: 8, height: 8))
        let texture = try TileTexture(renderer: canvas.renderer, sizeClass: TextureSizeClass(fitting: PixelSize(width: 300, height: 410)))
        #expect(texture.capacity == PixelSize(width: 320, height: 416))
        #expect(texture.byteCost == 320 * 416 * 4)
        #expect(texture.contentSize.isEmpty)
        try fill(texture, width: 300, height: 410) { _, _ in red }
        #expect(texture.contentSize == PixelSize(width: 300, height: 410))
        #expect(texture.byteCost == 320 * 416 * 4)
        #expect(canvas.renderer.liveTextureBytes == 320 * 416 * 4)
    }

    @Test func destroyedExactlyOnceAndAccountedFor() throws {
        let canvas = try OffscreenCanvas(size: PixelSize(width: 8, height: 8))
        let renderer = canvas.renderer
        let before = renderer.liveTextureCount
        do {
            let kept = try TileTexture(renderer: renderer, capacity: PixelSize(width: 16, height: 16))
            let dropped = try TileTexture(renderer: renderer, capacity: PixelSize(width: 16, height: 16))
            _ = dropped
            #expect(renderer.liveTextureCount == before + 2)
            kept.destroy()
            kept.destroy()
            #expect(kept.isDestroyed)
            #expect(renderer.liveTextureCount == before + 1)
            #expect(throws: ScreenError.destroyed) {
                try kept.update(pixels: UnsafeRawBufferPointer(start: nil, count: 0), width: 1, height: 1, bytesPerRow: 4)
            }
        }
        // `dropped` went out of scope: released without an explicit destroy.
        #expect(renderer.liveTextureCount == before)
        #expect(renderer.liveTextureBytes == 0)
    }

    @Test func badPixelBuffersAreRejectedBeforeSDLReadsThem() throws {
        let canvas = try OffscreenCanvas(size: PixelSize(width: 8, height: 8))
        let texture = try TileTexture(renderer: canvas.renderer, capacity: PixelSize(width: 10, height: 10))
        let bytes = [UInt8](repeating: 0x7F, count: 10 * 48)
        try bytes.withUnsafeBytes { buffer in
            // Larger than the capacity, either side.
            #expect(throws: ScreenError.self) { try texture.update(pixels: buffer, width: 11, height: 5, bytesPerRow: 44) }
            #expect(throws: ScreenError.self) { try texture.update(pixels: buffer, width: 5, height: 11, bytesPerRow: 20) }
            // Rows shorter than the width, nothing at all, negative sizes.
            #expect(throws: ScreenError.self) { try texture.update(pixels: buffer, width: 10, height: 10, bytesPerRow: 39) }
            #expect(throws: ScreenError.self) { try texture.update(pixels: buffer, width: 0, height: 10, bytesPerRow: 40) }
            #expect(throws: ScreenError.self) { try texture.update(pixels: buffer, width: -3, height: 10, bytesPerRow: 40) }
            // A buffer too short for the rows it claims, and absurd strides that would overflow.
            #expect(throws: ScreenError.self) {
                try texture.update(pixels: UnsafeRawBufferPointer(rebasing: buffer[0 ..< 399]), width: 10, height: 10, bytesPerRow: 40)
            }
            #expect(throws: ScreenError.self) {
                try texture.update(pixels: UnsafeRawBufferPointer(rebasing: buffer[0 ..< (9 * 44 + 19)]), width: 5, height: 10, bytesPerRow: 44)
            }
            #expect(throws: ScreenError.self) { try texture.update(pixels: buffer, width: 10, height: 10, bytesPerRow: Int.max / 2) }
            // The exact minimum is fine: the last row needs only its own width, not a full stride.
            try texture.update(pixels: UnsafeRawBufferPointer(rebasing: buffer[0 ..< (9 * 44 + 20)]), width: 5, height: 10, bytesPerRow: 44)
        }
        #expect(texture.contentSize == PixelSize(width: 5, height: 10))
    }

    @Test func paddedRowsAreReadWithTheirStride() throws {
        let canvas = try OffscreenCanvas(size: PixelSize(width: 10, height: 10))
        let drawer = TileDrawer(renderer: canvas.renderer)
        let texture = try TileTexture(renderer: canvas.renderer, capacity: PixelSize(width: 10, height: 10))
        // 10 pixels of green per row, then 8 bytes of red padding that must never show.
        let image = bgraPixels(width: 12, height: 10) { x, _ in x < 10 ? green : red }
        try image.bytes.withUnsafeBytes { try texture.update(pixels: $0, width: 10, height: 10, bytesPerRow: 48) }
        drawer.draw(.photo(texture), in: Rect(x: 0, y: 0, width: 10, height: 10))
        #expect(pixels(of: canvas, in: PixelRect(x: 0, y: 0, width: 10, height: 10)).allSatisfy { $0.distance(to: green) <= 2 })
    }

    @Test func impossibleCapacitiesAreErrors() throws {
        let canvas = try OffscreenCanvas(size: PixelSize(width: 8, height: 8))
        #expect(throws: ScreenError.self) { try TileTexture(renderer: canvas.renderer, capacity: PixelSize(width: 0, height: 5)) }
        #expect(throws: ScreenError.self) { try TileTexture(renderer: canvas.renderer, capacity: PixelSize(width: 5, height: -1)) }
        #expect(throws: ScreenError.self) { try TileTexture(renderer: canvas.renderer, capacity: PixelSize(width: 1 << 20, height: 64)) }
        #expect(throws: ScreenError.self) { try TileTexture(renderer: canvas.renderer, capacity: PixelSize(width: Int.max, height: Int.max)) }
        #expect(canvas.renderer.liveTextureCount == 0)
    }
}

struct TextureSizeClassTests {
    @Test func sizesRoundUpToSharedClasses() {
        // Each side up to a sixteenth of its power of two: 300 → 320 (steps of 32 below 512).
        #expect(TextureSizeClass(fitting: PixelSize(width: 300, height: 410)).capacity == PixelSize(width: 320, height: 416))
        #expect(TextureSizeClass(fitting: PixelSize(width: 320, height: 416)).capacity == PixelSize(width: 320, height: 416))
        #expect(TextureSizeClass(fitting: PixelSize(width: 1100, height: 1)).capacity == PixelSize(width: 1152, height: 16))
        // Tiles of nearly equal size share one class, so one texture serves them all.
        #expect(TextureSizeClass(fitting: PixelSize(width: 301, height: 400)) == TextureSizeClass(fitting: PixelSize(width: 310, height: 410)))
        #expect(TextureSizeClass(fitting: PixelSize(width: 301, height: 400)) != TextureSizeClass(fitting: PixelSize(width: 301, height: 460)))
    }

    @Test func thePoolKeyIsTheCoresSizeClassOfTheSameTile() {
        // A texture found in the pool under a tile's key must hold that tile: the key the core
        // computes for the tile and the capacity the texture is made with are one rounding.
        for (width, height) in [(300, 410), (17, 5000), (1920, 1080), (64, 64)] {
            let sizeClass = TextureSizeClass(fitting: PixelSize(width: width, height: height))
            let key = ReuseIdentifier.sizeClass(.tile, width: width, height: height, format: TextureSizeClass.pixelFormat)
            #expect(sizeClass.reuseIdentifier == key)
            #expect(sizeClass.capacity == PixelSize(width: Int(key.width), height: Int(key.height)))
            #expect(sizeClass.width >= width && sizeClass.height >= height)
        }
        // Captions and placeholders never receive a tile's texture.
        let tile = TextureSizeClass(fitting: PixelSize(width: 300, height: 410)).reuseIdentifier
        #expect(tile != ReuseIdentifier.sizeClass(.caption, width: 300, height: 410, format: TextureSizeClass.pixelFormat))
    }

    @Test func degenerateSizesStillGiveAUsableClass() {
        #expect(TextureSizeClass(fitting: PixelSize(width: 0, height: -4)).capacity == PixelSize(width: 16, height: 16))
        let huge = TextureSizeClass(fitting: PixelSize(width: Int.max, height: Int.max))
        #expect(huge.width > 0 && huge.width <= Int(Int32.max))
        #expect(huge.byteCost == Int.max)
        #expect(TextureSizeClass(fitting: PixelSize(width: 300, height: 410)).byteCost == 320 * 416 * 4)
    }
}

import Foundation
import Testing
@testable import Photos
import Waterfall

@Suite("Tile loading through the thumbnail cache")
struct TileImageLoaderTests {
    @Test("A miss decodes once, writes the thumbnail of the matching size, and the next load uses it")
    func missThenHit() throws {
        let dir = TempFolder()
        let photo = try makeRedBlue(dir, "photo.jpg", width: 1600, height: 1200)
        let cache = ThumbnailCache(root: dir.path("thumbnails"))
        let loader = TileImageLoader(cache: cache)

        let tile = try loader.load(path: photo, format: .jpeg, storedSize: PixelSize(width: 1600, height: 1200), tile: PixelSize(width: 300, height: 300))
        #expect(tile.width == 300 && tile.height == 300)
        #expect(tile.pixel(10, 150).isClose(to: .red) && tile.pixel(290, 150).isClose(to: .blue))

        // 4:3 filling 300×300 needs 400 px: the x-large folder, 512×384.
        let stamp = try FileStamp.of(photo)
        let thumbnail = try #require(cache.lookup(path: photo, stamp: stamp, size: .xLarge))
        #expect(thumbnail.width == 512 && thumbnail.height == 384)

        // Replace the thumbnail with a green one that is still valid: the next tile must
        // come from it, proving the photo was not decoded again.
        #expect(cache.store(.solid(width: 512, height: 384, .green), path: photo, stamp: stamp, size: .xLarge))
        let cached = try loader.load(path: photo, format: .jpeg, storedSize: PixelSize(width: 1600, height: 1200), tile: PixelSize(width: 300, height: 300))
        #expect(cached.width == 300 && cached.height == 300 && cached.pixel(150, 150) == .green)

        // A smaller tile is served from the larger thumbnail too.
        let small = try loader.load(path: photo, format: .jpeg, storedSize: PixelSize(width: 1600, height: 1200), tile: PixelSize(width: 100, height: 100))
        #expect(small.width == 100 && small.pixel(50, 50) == .green)
    }

    @Test("Two photos that swap names each show their own picture, not the thumbnail made under their name")
    func swappedNames() throws {
        // Same byte size and the same second: the spec's URI, MTime and Size cannot tell them apart.
        let dir = TempFolder()
        try convert(["-size", "320x240", "xc:red", "BMP3:" + dir.path("a.bmp").string])
        try convert(["-size", "240x320", "xc:blue", "BMP3:" + dir.path("b.bmp").string])
        for name in ["a.bmp", "b.bmp"] { dir.setModified(name, seconds: 1_600_000_000) }
        let loader = TileImageLoader(cache: ThumbnailCache(root: dir.path("thumbnails")))
        let wide = PixelSize(width: 320, height: 240), tall = PixelSize(width: 240, height: 320)
        let tile = PixelSize(width: 100, height: 100)
        #expect(try loader.load(path: dir.path("a.bmp"), format: .bmp, storedSize: wide, tile: tile).pixel(50, 50) == .red)
        #expect(try loader.load(path: dir.path("b.bmp"), format: .bmp, storedSize: tall, tile: tile).pixel(50, 50) == .blue)

        dir.swapNames("a.bmp", "b.bmp")
        #expect(try loader.load(path: dir.path("a.bmp"), format: .bmp, storedSize: tall, tile: tile).pixel(50, 50) == .blue)
        #expect(try loader.load(path: dir.path("b.bmp"), format: .bmp, storedSize: wide, tile: tile).pixel(50, 50) == .red)
    }

    @Test("a photo swapped into the name of one that failed does not inherit its failure record")
    func swappedNameKeepsNoFailure() throws {
        let dir = TempFolder()
        try convert(["-size", "320x240", "xc:red", "BMP3:" + dir.path("good.bmp").string])
        var broken = Array(try Data(contentsOf: URL(fileURLWithPath: dir.path("good.bmp").string)))
        for at in 54..<broken.count { broken[at] = 0 }
        broken[10] = 0xFF; broken[11] = 0xFF  // pixel data offset past the end
        dir.write("bad.bmp", broken)
        for name in ["good.bmp", "bad.bmp"] { dir.setModified(name, seconds: 1_600_000_000) }
        let loader = TileImageLoader(cache: ThumbnailCache(root: dir.path("thumbnails")))
        let size = PixelSize(width: 320, height: 240), tile = PixelSize(width: 100, height: 100)
        #expect(throws: DecodeError.self) { try loader.load(path: dir.path("bad.bmp"), format: .bmp, storedSize: size, tile: tile) }

        dir.swapNames("good.bmp", "bad.bmp")
        #expect(try loader.load(path: dir.path("bad.bmp"), format: .bmp, storedSize: size, tile: tile).pixel(50, 50) == .red)
    }

    @Test("A tile a few pixels wider than 256 is served by a large thumbnail, not an x-large one")
    func toleranceKeepsLarge() throws {
        let dir = TempFolder()
        let photo = try makeRedBlue(dir, "wide.jpg", width: 1920, height: 1080)
        let cache = ThumbnailCache(root: dir.path("thumbnails"))
        let loader = TileImageLoader(cache: cache)
        // The 262-px columns of a 1920-px wall.
        let tile = try loader.load(path: photo, format: .jpeg, storedSize: PixelSize(width: 1920, height: 1080), tile: PixelSize(width: 262, height: 147))
        #expect(tile.width >= 236 && tile.width <= 262)
        let large = try FileManager.default.contentsOfDirectory(atPath: dir.path("thumbnails/large").string)
        #expect(large.count == 1)
        #expect(!FileManager.default.fileExists(atPath: dir.path("thumbnails/x-large").string))
    }

    @Test("A tile past the largest size stored is cut from its own decode and leaves that size's thumbnail; a larger one there is used")
    func pastTheLargestStored() throws {
        let dir = TempFolder()
        // Turned a quarter to the right: displayed 1600×2400, red on top, blue below.
        let photo = try makeRedBlue(dir, "tall.jpg", width: 2400, height: 1600)
        let cache = ThumbnailCache(root: dir.path("thumbnails"))
        let loader = TileImageLoader(cache: cache, largestStored: .xLarge)
        let stored = PixelSize(width: 2400, height: 1600)
        // Filling 700×900 needs a 1050-px long side: more than x-large holds.
        let tile = try loader.load(path: photo, format: .jpeg, orientation: .right, storedSize: stored, tile: PixelSize(width: 700, height: 900))
        #expect(tile.width == 700 && tile.height == 900)
        #expect(tile.pixel(350, 20).isClose(to: .red) && tile.pixel(350, 880).isClose(to: .blue))

        let stamp = try FileStamp.of(photo)
        let thumbnail = try #require(cache.lookup(path: photo, stamp: stamp, size: .xLarge))
        #expect(thumbnail.height == 512 && abs(thumbnail.width - 341) <= 1)
        #expect(thumbnail.pixel(thumbnail.width / 2, 10).isClose(to: .red))
        #expect(!FileManager.default.fileExists(atPath: dir.path("thumbnails/xx-large").string), "nothing larger is made")

        // An xx-large thumbnail another run stored serves the tile without a decode.
        #expect(cache.store(.solid(width: 683, height: 1024, .green), path: photo, stamp: stamp, size: .xxLarge))
        let cached = try loader.load(path: photo, format: .jpeg, orientation: .right, storedSize: stored, tile: PixelSize(width: 700, height: 900))
        // 683 px wide, within the 10 % a thumbnail may be short of the tile (the caller enlarges).
        #expect(cached.width >= 630 && cached.pixel(cached.width / 2, cached.height / 2) == .green)
    }

    @Test("Thumbnails are stored as displayed: orientation applied")
    func orientedThumbnail() throws {
        let dir = TempFolder()
        let photo = try makeRedBlue(dir, "turned.jpg", width: 800, height: 600)
        let cache = ThumbnailCache(root: dir.path("thumbnails"))
        let tile = try TileImageLoader(cache: cache).load(path: photo, format: .jpeg, orientation: .right,
                                                          storedSize: PixelSize(width: 800, height: 600), tile: PixelSize(width: 150, height: 200))
        #expect(tile.width == 150 && tile.height == 200)
        let thumbnail = try #require(cache.lookup(path: photo, stamp: try FileStamp.of(photo), size: .large))
        #expect(thumbnail.width == 192 && thumbnail.height == 256)
        #expect(thumbnail.pixel(96, 10).isClose(to: .red))
    }

    @Test("A broken photo is recorded once and not decoded again until it changes")
    func brokenRecorded() throws {
        let dir = TempFolder()
        dir.write("broken.jpg", [0xFF, 0xD8, 0xFF, 0xE0] + [UInt8](repeating: 0x42, count: 300))
        let photo = dir.path("broken.jpg")
        let cache = ThumbnailCache(root: dir.path("thumbnails"))
        let loader = TileImageLoader(cache: cache)

        let first = decodeError { () throws(DecodeError) in
            try loader.load(path: photo, format: .jpeg, storedSize: PixelSize(width: 640, height: 480), tile: PixelSize(width: 200, height: 200))
        }
        let firstError = try #require(first)
        #expect(firstError.isContentFailure)
        #expect(cache.failure(path: photo, stamp: try FileStamp.of(photo)) == firstError.reason)

        let second = decodeError { () throws(DecodeError) in
            try loader.load(path: photo, format: .jpeg, storedSize: PixelSize(width: 640, height: 480), tile: PixelSize(width: 200, height: 200))
        }
        #expect(second == .failedBefore(firstError.reason))
        #expect(second?.reason == firstError.reason)

        // Rewritten with a new mtime, the file is tried again (and now decodes).
        try convert(["-size", "640x480", "xc:blue", dir.path("broken.jpg").string])
        dir.setModified("broken.jpg", seconds: 2_000_000_000)
        let fixed = try loader.load(path: photo, format: .jpeg, storedSize: PixelSize(width: 640, height: 480), tile: PixelSize(width: 200, height: 200))
        #expect(fixed.pixel(100, 100).isClose(to: .blue))
    }

    @Test("An unwritable cache does not stop the tile")
    func unwritableCache() throws {
        let dir = TempFolder()
        let photo = try makeRedBlue(dir, "photo.png", width: 400, height: 300)
        dir.write("blocked", [1])
        let loader = TileImageLoader(cache: ThumbnailCache(root: dir.path("blocked/thumbnails")))
        let tile = try loader.load(path: photo, format: .png, storedSize: PixelSize(width: 400, height: 300), tile: PixelSize(width: 120, height: 90))
        #expect(tile.width == 120 && tile.height == 90)
        #expect(tile.pixel(5, 45) == .red)
    }

    @Test("With the cache off nothing is written and tiles still come")
    func cacheOff() throws {
        let dir = TempFolder()
        let photo = try makeRedBlue(dir, "photo.webp", width: 400, height: 300)
        let loader = TileImageLoader(cache: ThumbnailCache(root: nil))
        let tile = try loader.load(path: photo, format: .webp, storedSize: PixelSize(width: 400, height: 300), tile: PixelSize(width: 100, height: 100))
        #expect(tile.width == 100 && tile.height == 100)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path.string) == ["photo.webp"])
    }
}

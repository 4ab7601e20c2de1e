import Foundation
import Testing
@testable import Photos
@testable import TestSupport
import Waterfall

@Suite("Thumbnails read before the wall asks")
struct EarlyThumbnailsTests {
    static func entry(_ path: PhotoPath) -> PhotoEntry {
        PhotoEntry(path: path, relative: PhotoPath(path.lastComponent.string), group: 0,
                   mtime: FileTime(seconds: 1_700_000_123, nanoseconds: 0), fileSize: 4_567_890,
                   fileID: FileID(device: 1, inode: 2),
                   info: PhotoInfo(format: .jpeg, pixelWidth: 4000, pixelHeight: 3000, orientation: .up))
    }

    /// Waits for the early thread to have read `count` thumbnails.
    static func waitFor(_ count: Int, in early: EarlyThumbnails) async throws {
        try await TestSupport.waitUntil("the early thread to read \(count) thumbnails") { early.unclaimed >= count }
    }

    @Test("a lookup takes the thumbnail read early, checked against its photo like one from the disk, and only once")
    func takenOnceAndChecked() async throws {
        let dir = TempFolder()
        let plain = ThumbnailCache(root: dir.path("cache/thumbnails"))
        let stamp = FileStamp(mtime: 1_700_000_123, size: 4_567_890)
        let photos = (0..<3).map { PhotoPath("/photos/p\($0).jpg") }
        for photo in photos {
            #expect(plain.store(DecodedImage.solid(width: 256, height: 192, .blue), path: photo, stamp: stamp, size: .large,
                                originalSize: PixelSize(width: 4000, height: 3000), format: .jpeg))
        }
        let early = EarlyThumbnails()
        let cache = plain.reading(early)
        // 240×180 tiles take the 256-px (large) thumbnails.
        early.read(photos.map { EarlyThumbnails.Tile(entry: Self.entry($0), box: PixelSize(width: 240, height: 180)) }, from: plain)
        try await Self.waitFor(3, in: early)
        #expect(early.unclaimed == 3)
        // Once read, the files themselves are not needed: the lookup takes what was read.
        try FileManager.default.removeItem(atPath: dir.path("cache/thumbnails/large").string)
        #expect(cache.lookup(path: photos[0], stamp: stamp, size: .large)?.pixel(0, 0) == .blue)
        #expect(early.unclaimed == 2)
        // A photo changed since: the early thumbnail is refused as a stale one on disk would be.
        #expect(cache.lookup(path: photos[1], stamp: FileStamp(mtime: 1_700_000_999, size: 4_567_890), size: .large) == nil)
        #expect(early.unclaimed == 1)
        // Taken once: a second lookup goes to the disk (now empty).
        #expect(cache.lookup(path: photos[0], stamp: stamp, size: .large) == nil)
        early.drop()
        #expect(early.unclaimed == 0)
        #expect(cache.lookup(path: photos[2], stamp: stamp, size: .large) == nil)
    }

    @Test("with the cache off nothing is read")
    func cacheOff() {
        let early = EarlyThumbnails()
        early.read([EarlyThumbnails.Tile(entry: Self.entry(PhotoPath("/photos/a.jpg")), box: PixelSize(width: 240, height: 180))],
                   from: ThumbnailCache(root: nil))
        #expect(early.unclaimed == 0)
    }
}

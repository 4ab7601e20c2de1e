import Foundation
import Testing
@testable import Photos
import Waterfall

@Suite("Thumbnail cache (freedesktop.org spec)")
struct ThumbnailCacheTests {
    static func mode(_ path: String) -> Int {
        var info = stat()
        stat(path, &info)
        return Int(info.st_mode & 0o777)
    }

    static func files(in folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }

    @Test("The file name is the MD5 of the URI, as in the spec's example")
    func specExample() {
        let path = PhotoPath("/home/jens/photos/me.png")
        #expect(ThumbnailCache.uri(for: path) == "file:///home/jens/photos/me.png")
        #expect(ThumbnailCache.fileName(forURI: "file:///home/jens/photos/me.png")
                == "c6ee772d9e49320e97ec29a7eb5b1697.png")
    }

    @Test("URIs are escaped exactly like GLib's g_filename_to_uri")
    func glibEscaping() {
        // GLib keeps unreserved characters and ! $ & ' ( ) * + , / : = @ in paths and writes
        // everything else, every byte ≥ 0x80 included, as upper-case %XX.
        let path = PhotoPath(bytes: Array("/tmp/a b/ä#?%;[]<>\"{}|\\^`~!$&'()*+,=:@-_.jpg".utf8) + [0xFF])
        #expect(path.uri == "file:///tmp/a%20b/%C3%A4%23%3F%25%3B%5B%5D%3C%3E%22%7B%7D%7C%5C%5E%60~!$&'()*+,=:@-_.jpg%FF")
    }

    @Test("The folder is the smallest size that covers the tile")
    func folderChoice() {
        #expect(ThumbnailSize.covering(100) == .normal)
        #expect(ThumbnailSize.covering(128) == .normal)
        #expect(ThumbnailSize.covering(129) == .large)
        #expect(ThumbnailSize.covering(300) == .xLarge)
        #expect(ThumbnailSize.covering(1024) == .xxLarge)
        #expect(ThumbnailSize.covering(1025) == nil)
        // A 4:3 photo filling a 300 px square is 400 px wide before the crop.
        #expect(TileImageLoader.thumbnailSize(for: PixelSize(width: 4000, height: 3000), orientation: .up, tile: PixelSize(width: 300, height: 300)) == .xLarge)
        #expect(TileImageLoader.thumbnailSize(for: PixelSize(width: 4000, height: 3000), orientation: .up, tile: PixelSize(width: 120, height: 90)) == .normal)
        // A photo smaller than the tile needs no more than itself.
        #expect(TileImageLoader.thumbnailSize(for: PixelSize(width: 200, height: 100), orientation: .up, tile: PixelSize(width: 600, height: 600)) == .large)
    }

    @Test("The cache lives in $XDG_CACHE_HOME/thumbnails, else ~/.cache/thumbnails")
    func standardRoot() {
        #expect(ThumbnailCache.standardRoot(environment: ["XDG_CACHE_HOME": "/c", "HOME": "/h"]) == PhotoPath("/c/thumbnails"))
        #expect(ThumbnailCache.standardRoot(environment: ["XDG_CACHE_HOME": "", "HOME": "/h"]) == PhotoPath("/h/.cache/thumbnails"))
        #expect(ThumbnailCache.standardRoot(environment: ["XDG_CACHE_HOME": "rel", "HOME": "/h"]) == PhotoPath("/h/.cache/thumbnails"))
        #expect(ThumbnailCache.standardRoot(environment: [:]) == nil)
        #expect(!ThumbnailCache.standard(enabled: false).isEnabled)
    }

    @Test("A stored thumbnail is an 8-bit PNG (RGB when opaque, RGBA with transparency) with the spec's text chunks, 0600 in a 0700 folder")
    func storedPerSpec() throws {
        let dir = TempFolder()
        let cache = ThumbnailCache(root: dir.path("cache/thumbnails"))
        let photo = PhotoPath("/photos/holiday/beach 1.jpg")
        let stamp = FileStamp(mtime: 1_700_000_123, size: 4_567_890)
        let image = DecodedImage.solid(width: 512, height: 384, .blue)
        #expect(cache.store(image, path: photo, stamp: stamp, size: .xLarge, originalSize: PixelSize(width: 4000, height: 3000), format: .jpeg))

        let name = ThumbnailCache.fileName(forURI: "file:///photos/holiday/beach%201.jpg")
        let folder = dir.path("cache/thumbnails/x-large").string
        #expect(Self.files(in: folder) == [name])
        #expect(Self.mode(folder + "/" + name) == 0o600)
        #expect(Self.mode(folder) == 0o700)
        #expect(Self.mode(dir.path("cache/thumbnails").string) == 0o700)

        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: folder + "/" + name)))
        // An opaque photo's thumbnail leaves out its alpha, as GNOME's and KDE's do.
        #expect(bytes[24] == 8 && bytes[25] == 2, "IHDR: bit depth 8, colour type RGB")
        let png = try bytes.withUnsafeBytes { try PNGCodec.decode($0, maxPixels: 1 << 24) }
        #expect(png.text["Thumb::URI"] == "file:///photos/holiday/beach%201.jpg")
        #expect(png.text["Thumb::MTime"] == "1700000123")
        #expect(png.text["Thumb::Size"] == "4567890")
        #expect(png.text["Thumb::Image::Width"] == "4000")
        #expect(png.text["Thumb::Image::Height"] == "3000")
        #expect(png.text["Thumb::Mimetype"] == "image/jpeg")
        #expect(png.text["Software"] == "cascade")
        #expect(png.text["X-Cascade::Colour"] == "sRGB")
        #expect(png.image.pixels == image.pixels)

        let found = try #require(cache.lookup(path: photo, stamp: stamp, size: .xLarge))
        #expect(found.width == 512 && found.height == 384 && found.pixel(0, 0) == .blue)

        // One with transparency keeps it.
        var clear = DecodedImage.solid(width: 256, height: 192, .blue)
        clear.pixels[3] = 0
        let sticker = PhotoPath("/photos/sticker.png")
        #expect(cache.store(clear, path: sticker, stamp: stamp, size: .large, originalSize: PixelSize(width: 256, height: 192), format: .png))
        let stored = dir.path("cache/thumbnails/large").string + "/" + ThumbnailCache.fileName(forURI: "file:///photos/sticker.png")
        let rgba = try [UInt8](Data(contentsOf: URL(fileURLWithPath: stored)))
        #expect(rgba[24] == 8 && rgba[25] == 6, "IHDR: bit depth 8, colour type RGBA")
        #expect(cache.lookup(path: sticker, stamp: stamp, size: .large)?.pixel(0, 0).a == 0)
    }

    @Test("A thumbnail for another mtime, size or URI is stale and ignored")
    func staleIgnored() throws {
        let dir = TempFolder()
        let cache = ThumbnailCache(root: dir.path("thumbnails"))
        let photo = PhotoPath("/photos/a.jpg")
        let stamp = FileStamp(mtime: 1000, size: 50)
        #expect(cache.store(.solid(width: 8, height: 8, .red), path: photo, stamp: stamp, size: .normal))
        #expect(cache.lookup(path: photo, stamp: stamp, size: .normal) != nil)
        #expect(cache.lookup(path: photo, stamp: FileStamp(mtime: 999, size: 50), size: .normal) == nil)
        #expect(cache.lookup(path: photo, stamp: FileStamp(mtime: 1000, size: 51), size: .normal) == nil)
        #expect(cache.lookup(path: photo, stamp: stamp, size: .large) == nil)

        // The same PNG under another photo's name does not pass for that photo.
        let other = PhotoPath("/photos/b.jpg")
        let folder = dir.path("thumbnails/normal/").string
        try FileManager.default.copyItem(
            atPath: folder + ThumbnailCache.fileName(forURI: ThumbnailCache.uri(for: photo)),
            toPath: folder + ThumbnailCache.fileName(forURI: ThumbnailCache.uri(for: other)))
        #expect(cache.lookup(path: other, stamp: stamp, size: .normal) == nil)
    }

    @Test("A valid thumbnail written by another program is used; a corrupt one is ignored")
    func otherProgram() throws {
        let dir = TempFolder()
        let cache = ThumbnailCache(root: dir.path("thumbnails"))
        let photo = PhotoPath("/tmp/some/long/path/that/is/longer/than/forty/characters/photo.jpg")
        let name = ThumbnailCache.fileName(forURI: ThumbnailCache.uri(for: photo))
        dir.mkdir("thumbnails/large")
        // ImageMagick writes its text chunks after the image data, and adds its own.
        try convert(["-size", "256x192", "xc:lime", "-set", "Thumb::URI", ThumbnailCache.uri(for: photo),
                     "-set", "Thumb::MTime", "1234567890", "-set", "Software", "OtherViewer 2.0",
                     "PNG32:" + dir.path("thumbnails/large/" + name).string])
        let found = try #require(cache.lookup(path: photo, stamp: FileStamp(mtime: 1_234_567_890, size: 1), size: .large))
        #expect(found.width == 256 && found.height == 192)
        #expect(found.pixel(100, 100) == .green)

        dir.write("thumbnails/large/" + name, Array("\u{89}PNG\r\n\u{1A}\n garbage".utf8))
        #expect(cache.lookup(path: photo, stamp: FileStamp(mtime: 1_234_567_890, size: 1), size: .large) == nil)
    }

    @Test("Another program's thumbnail is not trusted for a photo renamed (or otherwise changed) after it was written")
    func otherProgramBeforeARename() throws {
        let dir = TempFolder()
        let cache = ThumbnailCache(root: dir.path("thumbnails"))
        let photo = dir.write("photo.bmp", Fixture.bmp(width: 32, height: 24))
        let name = ThumbnailCache.fileName(forURI: ThumbnailCache.uri(for: photo))
        let thumbnail = dir.path("thumbnails/large/" + name)
        dir.mkdir("thumbnails/large")
        let stamp = try FileStamp.of(photo)
        // The spec's fields only, as a file manager writes them, some time after the photo came.
        try convert(["-size", "256x192", "xc:lime", "-set", "Thumb::URI", ThumbnailCache.uri(for: photo),
                     "-set", "Thumb::MTime", String(stamp.mtime), "-set", "Thumb::Size", String(stamp.size),
                     "-set", "Software", "OtherViewer 2.0", "PNG32:" + thumbnail.string])
        #expect(cache.lookup(path: photo, stamp: try FileStamp.of(photo), size: .large) != nil)

        // Renamed away and back after the thumbnail was written (a swap does this to both files):
        // same name, time and size, but it may be another file now.
        var aged = [timespec(tv_sec: 1_600_000_000, tv_nsec: 0), timespec(tv_sec: 1_600_000_000, tv_nsec: 0)]
        _ = thumbnail.withCString { utimensat(AT_FDCWD, $0, &aged, 0) }
        for (from, to) in [("photo.bmp", "moved.bmp"), ("moved.bmp", "photo.bmp")] {
            try #require(dir.path(from).withCString { old in dir.path(to).withCString { rename(old, $0) } } == 0)
        }
        #expect(cache.lookup(path: photo, stamp: try FileStamp.of(photo), size: .large) == nil)
    }

    @Test("A thumbnail cascade wrote before it converted colours to sRGB is stale; the ones it writes now say so")
    func beforeColourProfiles() throws {
        let dir = TempFolder()
        let cache = ThumbnailCache(root: dir.path("thumbnails"))
        let photo = PhotoPath("/photos/cmyk.jpg")
        let name = ThumbnailCache.fileName(forURI: ThumbnailCache.uri(for: photo))
        let stamp = FileStamp(mtime: 1_234_567_890, size: 1)
        dir.mkdir("thumbnails/large")
        try convert(["-size", "256x192", "xc:lime", "-set", "Thumb::URI", ThumbnailCache.uri(for: photo),
                     "-set", "Thumb::MTime", "1234567890", "-set", "Software", "cascade",
                     "PNG32:" + dir.path("thumbnails/large/" + name).string])
        #expect(cache.lookup(path: photo, stamp: stamp, size: .large) == nil)
        #expect(cache.store(.solid(width: 256, height: 192, .blue), path: photo, stamp: stamp, size: .large))
        #expect(cache.lookup(path: photo, stamp: stamp, size: .large)?.pixel(0, 0) == .blue)
    }

    @Test("A failure is recorded under fail/cascade-<version>/ and honoured until the file changes")
    func failureRecord() throws {
        let dir = TempFolder()
        let cache = ThumbnailCache(root: dir.path("thumbnails"))
        let photo = PhotoPath("/photos/broken.jpg")
        let stamp = FileStamp(mtime: 42, size: 7)
        #expect(!cache.hasFailure(path: photo, stamp: stamp))
        #expect(cache.recordFailure(path: photo, stamp: stamp, reason: "corrupt JPEG data"))

        let file = dir.path("thumbnails/fail/cascade-\(ThumbnailCache.version)/").string
            + ThumbnailCache.fileName(forURI: "file:///photos/broken.jpg")
        #expect(FileManager.default.fileExists(atPath: file))
        #expect(Self.mode(file) == 0o600)
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: file)))
        let png = try bytes.withUnsafeBytes { try PNGCodec.decode($0, maxPixels: 16) }
        #expect(png.text["Thumb::URI"] == "file:///photos/broken.jpg")
        #expect(png.text["Thumb::MTime"] == "42")

        #expect(cache.failure(path: photo, stamp: stamp) == "corrupt JPEG data")
        #expect(!cache.hasFailure(path: photo, stamp: FileStamp(mtime: 43, size: 7)))
        // Failures are per program: another program's record is not ours.
        let other = ThumbnailCache(root: dir.path("thumbnails"), software: "other")
        #expect(!other.hasFailure(path: photo, stamp: stamp))
    }

    @Test("Concurrent atomic writes leave one valid file and no temporary files")
    func atomicWrites() throws {
        let dir = TempFolder()
        let cache = ThumbnailCache(root: dir.path("thumbnails"))
        let photo = PhotoPath("/photos/raced.jpg")
        let stamp = FileStamp(mtime: 5, size: 5)
        DispatchQueue.concurrentPerform(iterations: 16) { i in
            let colour = i % 2 == 0 ? RGBA.red : .blue
            cache.store(.solid(width: 256, height: 200, colour), path: photo, stamp: stamp, size: .large)
        }
        #expect(Self.files(in: dir.path("thumbnails/large").string) == [ThumbnailCache.fileName(forURI: "file:///photos/raced.jpg")])
        let found = try #require(cache.lookup(path: photo, stamp: stamp, size: .large))
        #expect(found.pixel(0, 0) == .red || found.pixel(0, 0) == .blue)
    }

    @Test("An unwritable cache location fails softly")
    func unwritable() throws {
        let dir = TempFolder()
        // A file where the cache folder should be: mkdir fails even for root.
        dir.write("blocked", [1])
        let cache = ThumbnailCache(root: dir.path("blocked/thumbnails"))
        #expect(!cache.store(.solid(width: 4, height: 4, .red), path: PhotoPath("/p.jpg"),
                             stamp: FileStamp(mtime: 1, size: 1), size: .normal))
        #expect(!cache.recordFailure(path: PhotoPath("/p.jpg"), stamp: FileStamp(mtime: 1, size: 1), reason: "x"))
        #expect(cache.lookup(path: PhotoPath("/p.jpg"), stamp: FileStamp(mtime: 1, size: 1), size: .normal) == nil)
    }

    @Test("Files inside the cache itself get no thumbnails")
    func noThumbnailsOfThumbnails() throws {
        let dir = TempFolder()
        let cache = ThumbnailCache(root: dir.path("thumbnails"))
        let inside = dir.path("thumbnails/large/x.png")
        #expect(!cache.store(.solid(width: 4, height: 4, .red), path: inside, stamp: FileStamp(mtime: 1, size: 1), size: .normal))
    }
}

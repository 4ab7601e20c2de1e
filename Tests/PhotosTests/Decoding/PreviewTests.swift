// The first pass: the small picture a camera stores in EXIF (or a HEIF in its thumbnail item),
// found without reading the photo, turned and cropped like the photo, and only where it saves
// time.

import Foundation
import Testing
@testable import Photos
import Waterfall
@testable import TestSupport

@Suite("first-pass previews")
struct PreviewTests {
    /// A `width`×`height` red JPEG whose EXIF carries `orientation` and a green `thumbWidth`×
    /// `thumbHeight` thumbnail, black `bars` rows at its top and bottom as cameras letterbox it.
    private func cameraJPEG(_ dir: TempFolder, _ name: String, width: Int = 2000, height: Int = 1500, orientation: Int = 1,
                            thumbWidth: Int = 160, thumbHeight: Int = 120, bars: Int = 0) throws -> PhotoPath {
        let photo = dir.path("photo-\(name)").string, thumb = dir.path("thumb-\(name)").string
        try convert(["-size", "\(width)x\(height)", "xc:#d02020", "-quality", "80", photo])
        try convert(["-size", "\(thumbWidth)x\(thumbHeight - 2 * bars)", "xc:#20c020", "-background", "black", "-gravity", "center",
                     "-extent", "\(thumbWidth)x\(thumbHeight)", "-quality", "90", thumb])
        var exif = ExifFixture()
        exif.orientation = orientation
        exif.thumbnail = try [UInt8](Data(contentsOf: URL(fileURLWithPath: thumb)))
        let jpeg = try [UInt8](Data(contentsOf: URL(fileURLWithPath: photo)))
        dir.write(name, exif.inserted(into: jpeg))
        return dir.path(name)
    }

    private func preview(_ path: PhotoPath, box: PixelSize) throws(DecodeError) -> DecodedImage {
        let info = try! HeaderProbe.probe(path)
        return try InProcessDecoder().decode(PhotoDecodeRequest(path: path, format: info.format, orientation: info.orientation,
                                                                storedSize: PixelSize(width: info.pixelWidth, height: info.pixelHeight),
                                                                box: box, mode: .fill, preview: true))
    }

    @Test("a camera JPEG's EXIF thumbnail is the preview, turned as the photo is and never enlarged")
    func exifThumbnail() throws {
        let dir = TempFolder()
        let path = try cameraJPEG(dir, "turned.jpg", orientation: 6)
        let image = try preview(path, box: PixelSize(width: 300, height: 400))
        // Stored 160×120, a quarter turn: 120×160, the box's shape.
        #expect(image.width == 120 && image.height == 160)
        #expect(image.pixel(60, 80).isClose(to: RGBA(r: 32, g: 192, b: 32, a: 255), tolerance: 24), "\(image.pixel(60, 80))")
    }

    @Test("the black bars of a letterboxed thumbnail are cropped off with the tile's shape")
    func letterbox() throws {
        let dir = TempFolder()
        // A 3:2 photo whose 4:3 thumbnail has 7-row bars: its picture is 160×106.
        let path = try cameraJPEG(dir, "bars.jpg", width: 3000, height: 2000, bars: 7)
        let image = try preview(path, box: PixelSize(width: 300, height: 200))
        for y in [0, image.height - 1] {
            #expect(image.pixel(image.width / 2, y).g > 150, "row \(y) is \(image.pixel(image.width / 2, y))")
        }
    }

    @Test("a thumbnail that declares more than an EXIF segment holds in real files is no preview")
    func oversizedThumbnail() throws {
        let dir = TempFolder()
        // A flat 2400×1600 JPEG is a few KiB: it fits the segment, and would cost a photo's decode.
        let path = try cameraJPEG(dir, "huge.jpg", width: 3000, height: 2000, thumbWidth: 2400, thumbHeight: 1600)
        #expect(throws: PhotoDecoder.noPreview) { try preview(path, box: PixelSize(width: 300, height: 200)) }
    }

    @Test("a photo without one has no preview; a PNG is not asked")
    func none() throws {
        let dir = TempFolder()
        let plain = dir.path("plain.jpg")
        try convert(["-size", "2000x1500", "xc:#d02020", plain.string])
        #expect(throws: PhotoDecoder.noPreview) { try preview(plain, box: PixelSize(width: 300, height: 225)) }
        let png = try makeRedBlue(dir, "big.png", width: 2000, height: 1500)
        #expect(throws: PhotoDecoder.noPreview) { try preview(png, box: PixelSize(width: 300, height: 225)) }
    }

    @Test("the tile loader asks for one only where the decode has real work and no thumbnail is cached")
    func worthIt() throws {
        let dir = TempFolder()
        let cacheDir = TempFolder()
        let loader = TileImageLoader(cache: ThumbnailCache(root: cacheDir.path))
        let path = try cameraJPEG(dir, "big.jpg")
        let stored = PixelSize(width: 2000, height: 1500), tile = PixelSize(width: 300, height: 225)
        #expect(try loader.preview(path: path, format: .jpeg, orientation: .up, storedSize: stored, tile: tile) != nil)
        // A 400×300 photo in a 300×225 tile: decoding it is as quick as any preview.
        #expect(try loader.preview(path: path, format: .jpeg, orientation: .up, storedSize: PixelSize(width: 400, height: 300),
                                   tile: tile) == nil)
        // Once the tile has come through the cache, the cached thumbnail is the fast way.
        _ = try loader.load(path: path, format: .jpeg, orientation: .up, storedSize: stored, tile: tile)
        #expect(try loader.preview(path: path, format: .jpeg, orientation: .up, storedSize: stored, tile: tile) == nil)
    }

    @Test("a HEIC's thumbnail item of any size is its preview")
    func heifThumbnailItem() throws {
        let dir = TempFolder()
        let png = try makeRedBlue(dir, "source.png", width: 1600, height: 1200, extra: ["-define", "png:color-type=2"])
        let heic = dir.path("thumbnailed.heic")
        try run("/usr/bin/heif-enc", ["-q", "50", "-t", "96", "-o", heic.string, png.string])
        let image = try preview(heic, box: PixelSize(width: 400, height: 300))
        #expect(max(image.width, image.height) <= 96)
        #expect(image.pixel(image.width / 4, image.height / 2).isClose(to: .red))
        let plain = dir.path("plain.heic")
        try run("/usr/bin/heif-enc", ["-q", "50", "-o", plain.string, png.string])
        #expect(throws: PhotoDecoder.noPreview) { try preview(plain, box: PixelSize(width: 400, height: 300)) }
    }

    @Test("the preview flag crosses the worker protocol")
    func protocolFlag() throws {
        for flag in [false, true] {
            let request = PhotoDecodeRequest(path: PhotoPath("/p/a.jpg"), format: .jpeg, storedSize: PixelSize(width: 4, height: 3),
                                             box: PixelSize(width: 2, height: 2), mode: .fill, preview: flag)
            let back = try WorkerMessages.decodeRequest(WorkerMessages.encode(request))
            #expect(back.preview == flag && back.storedSize == PixelSize(width: 4, height: 3))
        }
    }
}

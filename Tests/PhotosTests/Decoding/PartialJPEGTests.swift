import Foundation
import Testing
@testable import Photos
import Waterfall

/// A JPEG whose file ends early shows what is there, as feh and Loupe show it, and says it is
/// partial; one with nothing of its picture left is an error.
@Suite("Truncated JPEGs")
struct PartialJPEGTests {
    /// A seeded plasma (every row different) and the same file cut to `fraction` of its bytes.
    private func plasma(_ dir: TempFolder, cutAt fraction: Double) throws -> (whole: [UInt8], cut: [UInt8]) {
        try convert(["-seed", "7", "-size", "600x400", "plasma:fractal", "-interlace", "none", "-quality", "90",
                     dir.path("whole.jpg").string])
        let whole = try dir.read("whole.jpg")
        return (whole, Array(whole.prefix(Int(Double(whole.count) * fraction))))
    }

    private func decode(_ data: [UInt8]) throws(DecodeError) -> DecodedImage {
        try PhotoDecoder.decode(data: data, format: .jpeg, box: PixelSize(width: 600, height: 400), mode: .fit)
    }

    @Test("Cut at 60 %, the top rows are the photo's pixels, the bottom the decoder's grey, and it says partial")
    func cutJPEGShowsItsTop() throws {
        let dir = TempFolder()
        let (whole, cut) = try plasma(dir, cutAt: 0.6)
        let full = try decode(whole)
        let part = try decode(cut)
        #expect(full.partial == nil)
        #expect(part.partial == "truncated file")
        #expect(part.width == full.width && part.height == full.height)
        // The top fifth is certainly in the first 60 % of the bytes: identical pixels.
        for y in Swift.stride(from: 0, to: part.height / 5, by: 7) {
            for x in Swift.stride(from: 0, to: part.width, by: 13) {
                #expect(part.pixel(x, y) == full.pixel(x, y), "pixel \(x),\(y)")
            }
        }
        #expect(part.pixel(part.width / 2, part.height - 1) == RGBA(r: 128, g: 128, b: 128, a: 255),
                "the missing part is libjpeg's grey, not invented")
    }

    @Test("Ending right after the first scan's header, nothing of the photo is left: an error, not a grey photo")
    func noScanIsAnError() throws {
        let dir = TempFolder()
        let (whole, _) = try plasma(dir, cutAt: 1)
        let sos = try #require((0..<whole.count - 1).first { whole[$0] == 0xFF && whole[$0 + 1] == 0xDA })
        let headerLength = Int(whole[sos + 2]) << 8 | Int(whole[sos + 3])
        let error = decodeError { () throws(DecodeError) in try decode(Array(whole.prefix(sos + 2 + headerLength))) }
        #expect(error == .truncated)
    }

    @Test("The partial mark (and a colour note) cross the worker protocol; the mark survives the thumbnail cache")
    func partialTravels() throws {
        let reply = WorkerMessages.encode(.image(width: 4, height: 2, stride: 16, partial: "truncated file",
                                                 colourNote: "its colour profile is unreadable"))
        guard case .image(4, 2, 16, let partial, let colourNote) = try WorkerMessages.decodeReply(reply) else {
            Issue.record("not an image reply"); return
        }
        #expect(partial == "truncated file" && colourNote == "its colour profile is unreadable")

        let dir = TempFolder()
        let (_, cut) = try plasma(dir, cutAt: 0.6)
        let photo = dir.write("cut.jpg", cut)
        let cache = ThumbnailCache(root: dir.path("cache"))
        let loader = TileImageLoader(cache: cache)
        let tile = try loader.load(path: photo, format: .jpeg, storedSize: PixelSize(width: 600, height: 400), tile: PixelSize(width: 120, height: 80))
        #expect(tile.partial == "truncated file", "decoded and stored")
        let stamp = try FileStamp.of(photo)
        let stored = try #require(ThumbnailSize.allCases.lazy.compactMap { cache.lookup(path: photo, stamp: stamp, size: $0) }.first)
        #expect(stored.partial == "truncated file", "read back from the cache")
        let again = try loader.load(path: photo, format: .jpeg, storedSize: PixelSize(width: 600, height: 400), tile: PixelSize(width: 120, height: 80))
        #expect(again.partial == "truncated file", "a tile cut from the stored thumbnail")
    }
}

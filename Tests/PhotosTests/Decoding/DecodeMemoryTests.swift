// What a decode costs in a worker, the libraries' own buffers included, and what the worker
// answers for a HEIF that lies about its size or a photo too large for the memory it has.
// Peak memory is read from /proc (VmHWM); the large photos are flat colour, made at run time.

import Foundation
import Testing
@testable import Photos
import Waterfall
#if canImport(Glibc)
import Glibc
#endif

/// A process's address space now, in bytes (VmSize: what RLIMIT_AS counts).
func addressSpace(_ pid: pid_t) -> Int? { statusBytes(pid, "VmSize") }

/// A `side`² photo of one grey, as `format` (by libvips, avifenc, heif-enc, cjxl).
func flatPhoto(_ dir: TempFolder, _ name: String, side: Int, highBitDepth: Bool = false) throws -> PhotoPath {
    let png = dir.path("\(name).\(side)\(highBitDepth ? ".16" : "").png").string
    if !FileManager.default.fileExists(atPath: png) {
        try vips(["black", png + ".v", String(side), String(side), "--bands", "3"])
        try vips(["linear", png + ".v", png + ".l.v", "1", "96"])
        try vips(["cast", png + ".l.v", png, highBitDepth ? "ushort" : "uchar"])
    }
    let out = dir.path(name)
    switch (name as NSString).pathExtension {
    case "avif": try run("/usr/bin/avifenc", ["-s", "10", "-y", highBitDepth ? "444" : "420", "-d", highBitDepth ? "10" : "8", png, out.string])
    case "heic": try run("/usr/bin/heif-enc", ["-q", "50", png, "-o", out.string])
    case "jxl": try run("/usr/bin/cjxl", ["-e", "1", png, out.string])
    case "jpg": try vips(["copy", png, out.string + "[Q=95,interlace,subsample-mode=off]"])
    case "png": try vips(["copy", png, out.string])
    case "webp": try vips(["copy", png, out.string])
    default: try convert([png, out.string])
    }
    return out
}

/// Sets every `ispe` box's width and height in the file at `path`.
func patchISPE(_ path: PhotoPath, width: UInt32, height: UInt32) throws {
    var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path.string)))
    var patched = 0
    for at in 0..<(bytes.count - 16) where bytes[at..<at + 4].elementsEqual("ispe".utf8) {
        for (offset, value) in [(8, width), (12, height)] {
            for byte in 0..<4 { bytes[at + offset + byte] = UInt8(truncatingIfNeeded: value >> (24 - 8 * UInt32(byte))) }
        }
        patched += 1
    }
    try #require(patched > 0, "no ispe box in \(path)")
    try Data(bytes).write(to: URL(fileURLWithPath: path.string))
}

/// Decodes `warmUp` (a tiny photo of the same format, so the library is loaded), then `photo`
/// in the same worker, and returns how far the worker's peak resident size rose.
func workerPeakRise(_ pool: DecoderPool, warmUp: PhotoPath, photo: PhotoPath, format: ImageFormat, size: PixelSize,
                    maxPixels: Int) throws -> (rise: Int, result: Result<DecodedImage, DecodeError>) {
    _ = try pool.decode(PhotoDecodeRequest(path: warmUp, format: format, storedSize: PixelSize(width: 64, height: 64),
                                           box: PixelSize(width: 32, height: 32), mode: .fill, maxPixels: maxPixels))
    let worker = try #require(pool.workerProcessIDs.first)
    let baseline = try #require(peakResident(worker))
    let result = Result { () throws(DecodeError) -> DecodedImage in
        try pool.decode(PhotoDecodeRequest(path: photo, format: format, storedSize: size, box: PixelSize(width: 256, height: 256),
                                           mode: .fill, maxPixels: maxPixels))
    }
    #expect(pool.workerProcessIDs.first == worker, "the worker did not survive the decode")
    return (try #require(peakResident(worker)) - baseline, result)
}

@Suite("What a decode costs, libraries included", .serialized)
struct DecodeMemoryTests {
    @Test("An AVIF whose ispe claims 1000² but codes 8000² is refused before its full-size buffers exist")
    func ispeThatLies() throws {
        let dir = TempFolder()
        let warmUp = try flatPhoto(dir, "small.avif", side: 64)
        let liar = try flatPhoto(dir, "liar.avif", side: 8000)
        try patchISPE(liar, width: 1000, height: 1000)
        let maxPixels = 16_777_216
        let pool = DecoderPool(size: 1, configuration: workerConfiguration())
        defer { pool.shutdown() }
        let (rise, result) = try workerPeakRise(pool, warmUp: warmUp, photo: liar, format: .avif,
                                                size: PixelSize(width: 1000, height: 1000), maxPixels: maxPixels)
        switch result {
        case .success(let image): Issue.record("shown (\(image.width)×\(image.height)) with \(rise >> 20) MiB in its worker")
        case .failure(let error): #expect(error == .beyondStatedSize(.avif) && !error.isContentFailure, "\(error)")
        }
        // 8000² in RGBA alone is 244 MiB.
        #expect(rise < 8000 * 8000 * 4, "the worker's peak rose \(rise >> 20) MiB")
    }

    @Test("A HEIF larger than libheif's own limit says too many pixels, not out of memory")
    func beyondLibheifsLimit() throws {
        let dir = TempFolder()
        let photo = try flatPhoto(dir, "wide.avif", side: 64)
        try patchISPE(photo, width: 40000, height: 100)
        let error = #expect(throws: DecodeError.self) {
            try PhotoDecoder.decode(path: photo, format: .avif, box: PixelSize(width: 256, height: 256), mode: .fill)
        }
        #expect(error == .tooManyPixels(width: 40000, height: 100))
    }

    @Test("A photo too large for the worker's memory is 'too large to decode here', and not recorded as a failure")
    func tooLargeHere() throws {
        let dir = TempFolder()
        let warmUp = try flatPhoto(dir, "small.avif", side: 64, highBitDepth: true)
        let photo = try flatPhoto(dir, "deep.avif", side: 4000, highBitDepth: true)  // 10-bit 4:4:4: about 400 MB to decode
        // The worker's own address space, found in a worker with room to spare.
        let probe = DecoderPool(size: 1, configuration: workerConfiguration())
        _ = try probe.decode(PhotoDecodeRequest(path: warmUp, format: .avif, box: PixelSize(width: 32, height: 32), mode: .fill))
        let idle = try #require(probe.workerProcessIDs.first.flatMap(addressSpace))
        probe.shutdown()

        var configuration = workerConfiguration()
        configuration.limits.addressSpace = idle + 300 << 20
        let pool = DecoderPool(size: 1, configuration: configuration)
        defer { pool.shutdown() }
        let cache = ThumbnailCache(root: dir.path("thumbnails"))
        let loader = TileImageLoader(cache: cache, decoder: pool)
        let error = #expect(throws: DecodeError.self) {
            try loader.load(path: photo, format: .avif, storedSize: PixelSize(width: 4000, height: 4000), tile: PixelSize(width: 200, height: 200))
        }
        #expect(error?.reason == "too large to decode here")
        #expect(cache.failure(path: photo, stamp: try FileStamp.of(photo)) == nil, "recorded in fail/ for good")
        // `cascade cache warm` counts it apart from the failures, and tries it again next run.
        #expect(loader.warm(path: photo, format: .avif, orientation: .up, storedSize: PixelSize(width: 4000, height: 4000), size: .large)
                == .tooLarge)
    }

    @Test("A photo refused only by a machine's lowered budget is not recorded as too many pixels")
    func loweredBudgetIsNotTheFiles() throws {
        let dir = TempFolder()
        let photo = try makeRedBlue(dir, "wide.png", width: 2000, height: 1000)
        var configuration = workerConfiguration()
        configuration.maxPixelsPerDecode = 1_000_000
        let pool = DecoderPool(size: 1, configuration: configuration)
        defer { pool.shutdown() }
        let cache = ThumbnailCache(root: dir.path("thumbnails"))
        let error = #expect(throws: DecodeError.self) {
            try TileImageLoader(cache: cache, decoder: pool).load(path: photo, format: .png, storedSize: PixelSize(width: 2000, height: 1000),
                                                                  tile: PixelSize(width: 200, height: 200))
        }
        #expect(error?.reason == "too large to decode here")
        #expect(cache.failure(path: photo, stamp: try FileStamp.of(photo)) == nil)
    }

    /// Each format at the largest size a 16-megapixel cap allows (GIF and TIFF: half of it).
    static let formats: [(name: String, format: ImageFormat, side: Int, highBitDepth: Bool)] = [
        ("photo.jpg", .jpeg, 4000, false), ("photo.png", .png, 4000, false), ("photo.webp", .webp, 4000, false),
        ("photo.gif", .gif, 2828, false), ("photo.tif", .tiff, 2828, false), ("photo.heic", .heif, 4000, false),
        ("photo.avif", .avif, 4000, false), ("deep.avif", .avif, 4000, true), ("photo.jxl", .jxl, 4000, false),
    ]

    @Test("Every format's decode of the largest allowed photo stays within the worker's budget", arguments: 0..<formats.count)
    func withinTheBudget(_ index: Int) throws {
        let (name, format, side, deep) = Self.formats[index]
        let dir = TempFolder()
        let maxPixels = 16_777_216
        let warmUp = try flatPhoto(dir, "small." + (name as NSString).pathExtension, side: 64, highBitDepth: deep)
        let photo = try flatPhoto(dir, name, side: side, highBitDepth: deep)
        let pool = DecoderPool(size: 1, configuration: workerConfiguration())
        defer { pool.shutdown() }
        let (rise, result) = try workerPeakRise(pool, warmUp: warmUp, photo: photo, format: format,
                                                size: PixelSize(width: side, height: side), maxPixels: maxPixels)
        #expect(try result.get().width == 256)
        let budget = MemoryBudget.bytesPerWorker(maxPixels: maxPixels) - MemoryBudget.workerBaseline
        print("\(name) \(side)²: worker peak rose \(rise >> 20) MiB, \(Double(rise) / Double(side * side)) bytes a pixel; budget \(budget >> 20) MiB")
        #expect(rise <= budget, "\(name): \(rise >> 20) MiB, budget \(budget >> 20) MiB")
        // And within what the cost model says of its format, which the worker's cap is set from.
        let reckoned = [.heif, .avif, .jxl].contains(format)
            ? side * side * DecodeMemory.bytesPerPixel(format, highBitDepth: deep) : maxPixels * DecodeMemory.otherFormatsBytesPerPixel
        #expect(rise <= reckoned, "\(name): \(rise >> 20) MiB, reckoned \(reckoned >> 20) MiB")
    }

    @Test("Workers are counted by what the costliest decode of the largest allowed photo takes")
    func workersByTheCostliestDecode() {
        // 100 megapixels of 10-bit 4:4:4 AVIF take 2.6 GB: 3 GiB holds one such worker, not four.
        #expect(MemoryBudget(availableBytes: 3 << 30).workers(cores: 4, maxPixels: 100_000_000) == 1)
        #expect(MemoryBudget.addressSpace(maxPixels: 100_000_000) > MemoryBudget.bytesPerWorker(maxPixels: 100_000_000))
    }
}

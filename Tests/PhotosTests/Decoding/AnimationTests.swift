// Animated GIFs, WebPs and JPEG XLs as ImageMagick, gif2webp and cjxl write them: every frame
// composed as the format says (a frame disposed to the background leaves its place transparent
// for the next), with its delay and the loop count, in windows bounded in bytes, in process and
// through a decode worker.

import Foundation
import Testing
@testable import Photos
import Waterfall
@testable import TestSupport

@Suite("animations")
struct AnimationTests {
    /// Red, then a blue square at (8, 8) disposed to the background, then a green square at
    /// (40, 20): 64×48, 100 / 200 / 300 ms, `loop` as ImageMagick's -loop.
    private func threeFrames(_ dir: TempFolder, _ name: String, loop: Int = 0) throws -> PhotoPath {
        try convert(["-dispose", "none", "-delay", "10", "-size", "64x48", "xc:red",
                     "-dispose", "background", "-delay", "20", "-page", "+8+8", "-size", "16x16", "xc:blue",
                     "-delay", "30", "-page", "+40+20", "-size", "16x16", "xc:lime",
                     "-loop", "\(loop)", dir.path(name).string])
        return dir.path(name)
    }

    private func chunk(_ path: PhotoPath, _ format: ImageFormat, window: AnimationWindow = AnimationWindow(start: 0),
                       decoder: any PhotoDecoding = InProcessDecoder()) throws -> AnimationChunk {
        try decoder.decodeAnimation(SafeFile.openForDecoding(path),
                                    PhotoDecodeRequest(path: path, format: format, box: PixelSize(width: 64, height: 48),
                                                       mode: .fit, animation: window))
    }

    @Test("a GIF's frames, delays and loop count; disposal to the background leaves transparency")
    func gif() throws {
        let dir = TempFolder()
        let all = try chunk(try threeFrames(dir, "three.gif", loop: 2), .gif)
        #expect(all.frames.count == 3 && all.isLast && all.first == 0)
        #expect(all.durations == [0.1, 0.2, 0.3])
        // ImageMagick's -loop 2 is NETSCAPE's repeat count 1: played twice, as browsers play it.
        #expect(all.loopCount == 2)
        #expect(all.frames[0].pixel(30, 30).isClose(to: .red, tolerance: 8))
        #expect(all.frames[1].pixel(12, 12).isClose(to: .blue, tolerance: 8) && all.frames[1].pixel(30, 30).isClose(to: .red, tolerance: 8))
        // Frame 2's square is cleared before frame 3 is drawn; the red stays.
        #expect(all.frames[2].pixel(12, 12).a == 0, "\(all.frames[2].pixel(12, 12))")
        #expect(all.frames[2].pixel(44, 24).isClose(to: .green, tolerance: 8) && all.frames[2].pixel(30, 30).isClose(to: .red, tolerance: 8))
    }

    @Test("an animated WebP's frames, delays and loop count, as libwebp's gif2webp writes them")
    func webp() throws {
        let dir = TempFolder()
        // ImageMagick's WebP writer shifts the delays by a frame; libwebp's own converter does not.
        let gif = try threeFrames(dir, "three.gif", loop: 2)
        try run("/usr/bin/gif2webp", ["-quiet", gif.string, "-o", dir.path("three.webp").string])
        let all = try chunk(dir.path("three.webp"), .webp)
        #expect(all.frames.count == 3 && all.isLast && all.loopCount == 2)
        #expect(all.durations == [0.1, 0.2, 0.3])
        #expect(all.frames[1].pixel(12, 12).isClose(to: .blue, tolerance: 8))
        #expect(all.frames[2].pixel(44, 24).isClose(to: .green, tolerance: 8))
    }

    @Test("an animated JPEG XL's frames, delays and loop count, composed by libjxl, as cjxl writes them from a GIF")
    func jxl() throws {
        let dir = TempFolder()
        let gif = try threeFrames(dir, "three.gif", loop: 2)
        try run("/usr/bin/cjxl", [gif.string, dir.path("three.jxl").string, "-d", "0"])
        let all = try chunk(dir.path("three.jxl"), .jxl)
        // cjxl 0.7 writes every animation as looping for ever (jxlinfo: "looping"), whatever the GIF said.
        #expect(all.frames.count == 3 && all.isLast && all.loopCount == 0)
        #expect(all.durations == [0.1, 0.2, 0.3])
        #expect(all.frames[0].pixel(30, 30).isClose(to: .red, tolerance: 8))
        #expect(all.frames[1].pixel(12, 12).isClose(to: .blue, tolerance: 8) && all.frames[1].pixel(30, 30).isClose(to: .red, tolerance: 8))
        #expect(all.frames[2].pixel(44, 24).isClose(to: .green, tolerance: 8))
        // From a later window, the frames before it composed but not sent.
        let last = try chunk(dir.path("three.jxl"), .jxl, window: AnimationWindow(start: 2))
        #expect(last.first == 2 && last.frames.count == 1 && last.isLast)
        #expect(last.frames[0].pixel(44, 24).isClose(to: .green, tolerance: 8))
        // Cut short after its first frames: those play; cut before any, it is an error.
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: dir.path("three.jxl").string)))
        #expect(throws: DecodeError.self) {
            try PhotoDecoder.decodeAnimation(data: Array(bytes.prefix(20)), format: .jxl, box: PixelSize(width: 64, height: 48),
                                             window: AnimationWindow(start: 0))
        }
    }

    @Test("frame delays as browsers play them: 10 ms or less is 100 ms, 11 ms and more as written")
    func frameDelays() {
        #expect([0, 1, 10, 11, 19, 20, 1000].map(AnimationChunk.duration(milliseconds:)) == [0.1, 0.1, 0.1, 0.011, 0.019, 0.02, 1])
    }

    @Test("an animation's canvas gets a quarter of the pixel budget: it holds several whole canvases at once")
    func canvasBudget() throws {
        let dir = TempFolder()
        let gif = try threeFrames(dir, "three.gif")
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: gif.string)))
        let box = PixelSize(width: 64, height: 48)
        // 64×48 is 3072 pixels: a budget of 4 × 3072 plays it, one pixel less refuses it by its size.
        #expect(try PhotoDecoder.decodeAnimation(data: bytes, format: .gif, box: box, window: AnimationWindow(start: 0),
                                                 maxPixels: 4 * 3072).frames.count == 3)
        #expect(throws: DecodeError.tooManyPixels(width: 64, height: 48)) {
            try PhotoDecoder.decodeAnimation(data: bytes, format: .gif, box: box, window: AnimationWindow(start: 0),
                                             maxPixels: 4 * 3072 - 1)
        }
    }

    @Test("windows: frames before the start are composed, not sent; a byte bound splits the rest")
    func windows() throws {
        let dir = TempFolder()
        let path = try threeFrames(dir, "three.gif")
        let frameBytes = 64 * 48 * 4
        let first = try chunk(path, .gif, window: AnimationWindow(start: 0, maxBytes: frameBytes))
        #expect(first.frames.count == 1 && !first.isLast)
        let rest = try chunk(path, .gif, window: AnimationWindow(start: 1, maxBytes: 10 * frameBytes))
        #expect(rest.first == 1 && rest.frames.count == 2 && rest.isLast)
        #expect(rest.frames[1].pixel(12, 12).a == 0, "frame 3 as composed on frame 2's disposal")
        let past = try chunk(path, .gif, window: AnimationWindow(start: 9))
        #expect(past.frames.isEmpty && past.isLast)
        // A plain GIF is a still: one frame, the end.
        try convert(["-size", "8x8", "xc:red", dir.path("still.gif").string])
        #expect(try chunk(dir.path("still.gif"), .gif).isStill)
    }

    @Test("a frame placed off the canvas (giflib does not hold it there) is dropped, not a crash")
    func frameOffTheCanvas() throws {
        let dir = TempFolder()
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: try threeFrames(dir, "three.gif").string)))
        // Move the second and third image descriptors far right and far down.
        var descriptors: [Int] = []
        var at = 13 + (bytes[10] & 0x80 != 0 ? 3 << (Int(bytes[10] & 7) + 1) : 0)
        while at < bytes.count, bytes[at] != 0x3B {
            if bytes[at] == 0x2C {
                descriptors.append(at)
                let packed = bytes[at + 9]
                at += 10 + (packed & 0x80 != 0 ? 3 << (Int(packed & 7) + 1) : 0) + 1
            } else {
                at += 2
            }
            while bytes[at] != 0 { at += 1 + Int(bytes[at]) }
            at += 1
        }
        #expect(descriptors.count == 3)
        bytes[descriptors[1] + 1] = 0xF4; bytes[descriptors[1] + 2] = 0x01  // left 500
        bytes[descriptors[2] + 3] = 0xF4; bytes[descriptors[2] + 4] = 0x01  // top 500
        dir.write("off.gif", bytes)
        let all = try chunk(dir.path("off.gif"), .gif)
        #expect(all.frames.count == 3 && all.frames[2].pixel(30, 30).isClose(to: .red, tolerance: 8))
    }

    @Test("frames and a cut-short GIF through a decode worker")
    func throughAWorker() throws {
        let dir = TempFolder()
        let pool = DecoderPool(size: 1, configuration: workerConfiguration())
        defer { pool.stopDecoding() }
        let path = try threeFrames(dir, "three.gif", loop: 0)
        let all = try chunk(path, .gif, window: AnimationWindow(start: 1), decoder: pool)
        #expect(all.frames.count == 2 && all.first == 1 && all.isLast && all.loopCount == 0)
        #expect(all.durations == [0.2, 0.3])
        #expect(all.frames[0].pixel(12, 12).isClose(to: .blue, tolerance: 8))
        // Cut in the third frame's data: the two whole frames play.
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path.string)))
        dir.write("cut.gif", Array(bytes.prefix(bytes.count - 20)))
        let cut = try chunk(dir.path("cut.gif"), .gif, decoder: pool)
        #expect(cut.frames.count == 2 && cut.isLast, "\(cut.frames.count) frames")
        // Garbage is an error, not a crash.
        dir.write("junk.gif", Array("GIF89a".utf8) + [UInt8](repeating: 0xFF, count: 64))
        #expect(throws: DecodeError.self) { try chunk(dir.path("junk.gif"), .gif, decoder: pool) }
    }
}

@Suite("animations in the probe")
struct AnimationProbeTests {
    @Test("the probe tells an animated GIF, WebP or JPEG XL from a still one, past a first frame larger than its prefix")
    func flags() throws {
        let dir = TempFolder()
        try convert(["-delay", "10", "-size", "8x6", "xc:red", "xc:blue", dir.path("moving.gif").string])
        try convert(["-size", "8x6", "xc:red", dir.path("still.gif").string])
        try run("/usr/bin/gif2webp", ["-quiet", dir.path("moving.gif").string, "-o", dir.path("moving.webp").string])
        try convert(["-size", "8x6", "xc:red", dir.path("still.webp").string])
        try run("/usr/bin/cjxl", [dir.path("moving.gif").string, dir.path("moving.jxl").string, "-d", "0"])
        try run("/usr/bin/cjxl", [dir.path("moving.gif").string, dir.path("moving-box.jxl").string, "-d", "0", "--container=1"])
        try convert(["-size", "8x6", "xc:red", dir.path("still.png").string])
        try run("/usr/bin/cjxl", [dir.path("still.png").string, dir.path("still.jxl").string, "-d", "0"])
        // A noisy 600×400 first frame: well over the probe's first 64 KiB read.
        try convert(["-delay", "10", "-size", "600x400", "plasma:", "xc:blue", "-colors", "256", dir.path("big.gif").string])
        for (name, animated) in [("moving.gif", true), ("still.gif", false), ("moving.webp", true), ("still.webp", false),
                                 ("big.gif", true), ("moving.jxl", true), ("moving-box.jxl", true), ("still.jxl", false)] {
            #expect(try HeaderProbe.probe(dir.path(name)).isAnimated == animated, "\(name)")
        }
        // Cut in its first frame's data: a still, not an error.
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: dir.path("big.gif").string)))
        #expect(try HeaderProbe.probe(bytes: Array(bytes.prefix(5000))).isAnimated == false)
    }

    @Test("the photo index keeps the flag")
    func indexed() throws {
        let cache = TempFolder(), photos = TempFolder()
        try convert(["-delay", "10", "-size", "8x6", "xc:red", "xc:blue", photos.path("moving.gif").string])
        let scanned = try PhotoScanner().scan([photos.path]).entries
        let key = WallKey(paths: [photos.path], order: .name, reversed: false)
        let index = try PhotoIndex(file: cache.path("library.sqlite3"), log: LogRecorder().logger)
        try index.save(scanned, for: key)
        #expect(try index.wall(for: key).first?.info?.isAnimated == true)
    }
}

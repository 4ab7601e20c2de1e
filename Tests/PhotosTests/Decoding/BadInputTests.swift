import Foundation
import Testing
@testable import Photos
import Waterfall

@Suite("Pixel cap and bad input")
struct BadInputTests {
    static func maxRSSKilobytes() -> Int {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return usage.ru_maxrss
    }

    @Test("A PNG header claiming 100000×100000 fails fast with too many pixels")
    func claimedHugePNG() {
        let bytes = Fixture.png(width: 100_000, height: 100_000, colour: 6)
        let error = decodeError { () throws(DecodeError) in
            try PhotoDecoder.decode(data: bytes, format: .png, box: PixelSize(width: 300, height: 300), mode: .fill)
        }
        #expect(error == .tooManyPixels(width: 100_000, height: 100_000))
        #expect(error?.reason == "too many pixels (100000×100000)")
    }

    @Test("A real 400-megapixel PNG is refused without allocating its pixels")
    func realHugePNG() throws {
        let dir = TempFolder()
        try vips(["black", dir.path("huge.png").string, "20000", "20000"])
        let before = Self.maxRSSKilobytes()
        let error = decodeError { () throws(DecodeError) in
            try PhotoDecoder.decode(path: dir.path("huge.png"), format: .png, box: PixelSize(width: 300, height: 300), mode: .fill)
        }
        #expect(error == .tooManyPixels(width: 20000, height: 20000))
        // 400 MP of BGRA would be 1.6 GB; the peak resident size must not have moved by that.
        #expect(Self.maxRSSKilobytes() - before < 400_000)
    }

    @Test("GIF, BMP and TIFF are checked against the probed size before decoding",
          arguments: [ImageFormat.gif, .bmp, .tiff])
    func sdlFormatsUseStoredSize(format: ImageFormat) throws {
        let dir = TempFolder()
        let name = "small.\(format == .tiff ? "tif" : format.rawValue)"
        try convert(["-size", "40x30", "xc:red", dir.path(name).string])
        let error = decodeError { () throws(DecodeError) in
            try PhotoDecoder.decode(path: dir.path(name), format: format, storedSize: PixelSize(width: 40_000, height: 40_000),
                                    box: PixelSize(width: 300, height: 300), mode: .fill)
        }
        #expect(error?.reason == "too many pixels (40000×40000)")
        let unknown = decodeError { () throws(DecodeError) in
            try PhotoDecoder.decode(path: dir.path(name), format: format, box: PixelSize(width: 300, height: 300), mode: .fill)
        }
        #expect(unknown == .unknownSize)
    }

    @Test("A JPEG over the cap still decodes when DCT scaling brings it under")
    func jpegOverCapScales() throws {
        let dir = TempFolder()
        let path = try makeRedBlue(dir, "big.jpg", width: 2000, height: 1500)
        // 3 MP against a 100 000-pixel cap: 1/8 gives 250×188, which fits and covers the tile.
        let tile = try PhotoDecoder.decode(path: path, format: .jpeg, box: PixelSize(width: 100, height: 100), mode: .fill, maxPixels: 100_000)
        #expect(tile.width == 100 && tile.height == 100)
        #expect(tile.pixel(10, 50).isClose(to: .red))
        // A full-size view under the cap gets the largest picture that fits, not an error.
        let detail = try PhotoDecoder.decode(path: path, format: .jpeg, box: PixelSize(width: 2000, height: 1500), mode: .fit, maxPixels: 100_000)
        #expect(detail.width * detail.height <= 100_000)
        #expect(detail.width == 250 && detail.height == 188)
        // Even 1/8 is too big for a 10 000-pixel cap.
        let error = decodeError { () throws(DecodeError) in
            try PhotoDecoder.decode(path: path, format: .jpeg, box: PixelSize(width: 100, height: 100), mode: .fill, maxPixels: 10_000)
        }
        #expect(error == .tooManyPixels(width: 2000, height: 1500))
    }

    @Test("A WebP over the cap decodes scaled under it")
    func webpOverCapScales() throws {
        let dir = TempFolder()
        let path = try makeRedBlue(dir, "big.webp", width: 2000, height: 1500)
        let detail = try PhotoDecoder.decode(path: path, format: .webp, box: PixelSize(width: 2000, height: 1500), mode: .fit, maxPixels: 100_000)
        #expect(detail.width * detail.height <= 100_000)
        #expect(detail.width > 300)
        #expect(detail.pixel(10, 10).isClose(to: .red))
    }

    @Test("Truncated files are errors, never crashes", arguments: DecodeTests.fileFormats)
    func truncated(format: ImageFormat, suffix: String) throws {
        let dir = TempFolder()
        // Seeded: a random plasma GIF cut in half now and then still decoded (clean-clone CI).
        try convert(["-seed", "7", "-size", "300x200", "plasma:", dir.path("whole.\(suffix)").string])
        let whole = try dir.read("whole.\(suffix)")
        // A JPEG cut in its scan shows the part that is there (PartialJPEGTests).
        for length in [0, 5, 40] + (format == .jpeg ? [] : [whole.count / 2]) {
            let error = decodeError { () throws(DecodeError) in
                try PhotoDecoder.decode(data: Array(whole.prefix(length)), format: format, storedSize: PixelSize(width: 300, height: 200),
                                        box: PixelSize(width: 100, height: 100), mode: .fill)
            }
            #expect(error != nil, "\(format) cut to \(length) bytes decoded")
        }
    }

    @Test("Corrupt files are errors, never crashes", arguments: DecodeTests.fileFormats)
    func corrupt(format: ImageFormat, suffix: String) throws {
        let dir = TempFolder()
        try convert(["-size", "300x200", "plasma:", dir.path("whole.\(suffix)").string])
        let whole = try dir.read("whole.\(suffix)")
        // Keep the signature, scramble the headers after it.
        var scrambled = whole
        var seed: UInt32 = 12345
        for i in 4..<min(whole.count, 200) {
            seed = seed &* 1_103_515_245 &+ 12345
            scrambled[i] = UInt8(truncatingIfNeeded: seed >> 16)
        }
        let error = decodeError { () throws(DecodeError) in
            try PhotoDecoder.decode(data: scrambled, format: format, storedSize: PixelSize(width: 300, height: 200),
                                    box: PixelSize(width: 100, height: 100), mode: .fill)
        }
        #expect(error != nil, "scrambled \(format) decoded")
        // Bytes of another format entirely.
        let garbage = Array("this is not an image, only text pretending to be one".utf8)
        let garbageError = decodeError { () throws(DecodeError) in
            try PhotoDecoder.decode(data: garbage, format: format, storedSize: PixelSize(width: 300, height: 200), box: PixelSize(width: 100, height: 100), mode: .fill)
        }
        #expect(garbageError != nil)
    }

    @Test("A JPEG cut in half says it is a truncated file")
    func truncatedJPEGReason() throws {
        let dir = TempFolder()
        try convert(["-size", "300x200", "plasma:", dir.path("whole.jpg").string])
        let whole = try dir.read("whole.jpg")
        let half = try PhotoDecoder.decode(data: Array(whole.prefix(whole.count / 2)), format: .jpeg,
                                           box: PixelSize(width: 100, height: 100), mode: .fill)
        #expect(half.partial == "truncated file")
    }

    @Test("FIFOs, directories and missing files are refused without blocking")
    func notRegularFiles() throws {
        let dir = TempFolder()
        dir.mkfifo("fifo.jpg")
        dir.mkdir("folder.jpg")
        for name in ["fifo.jpg", "folder.jpg"] {
            let error = decodeError { () throws(DecodeError) in
                try PhotoDecoder.decode(path: dir.path(name), format: .jpeg, box: PixelSize(width: 10, height: 10), mode: .fit)
            }
            #expect(error == .notRegularFile)
        }
        let missing = decodeError { () throws(DecodeError) in
            try PhotoDecoder.decode(path: dir.path("missing.jpg"), format: .jpeg, box: PixelSize(width: 10, height: 10), mode: .fit)
        }
        #expect(missing == .unreadable("No such file or directory"))
    }

    @Test("A file over the read cap is refused before reading")
    func readCap() throws {
        let dir = TempFolder()
        dir.write("big.jpg", [UInt8](repeating: 0, count: 4096))
        #expect(throws: DecodeError.fileTooLarge(bytes: 4096)) {
            try DecodeInput.read(dir.path("big.jpg"), limit: 1000)
        }
    }
}

@Suite("Progressive JPEG memory")
struct ProgressiveJPEGTests {
    @Test("A small progressive JPEG claiming 60000×60000 is refused instead of eating gigabytes")
    func hugeProgressiveHeader() throws {
        let dir = TempFolder()
        try convert(["-size", "64x64", "plasma:", "-interlace", "JPEG", dir.path("p.jpg").string])
        var bytes = try dir.read("p.jpg")
        // Patch the progressive frame header (SOF2): precision, height, width.
        let sof = try #require((0..<(bytes.count - 9)).first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xC2 })
        for offset in [5, 7] {
            bytes[sof + offset] = UInt8(60000 >> 8)
            bytes[sof + offset + 1] = UInt8(60000 & 0xFF)
        }
        let before = BadInputTests.maxRSSKilobytes()
        let error = decodeError { () throws(DecodeError) in
            try PhotoDecoder.decode(data: bytes, format: .jpeg, box: PixelSize(width: 300, height: 300), mode: .fill)
        }
        #expect(error == .tooManyPixels(width: 60000, height: 60000))
        #expect(BadInputTests.maxRSSKilobytes() - before < 1_200_000)
    }
}

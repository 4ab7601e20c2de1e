import Foundation
import Testing
@testable import Photos
import Waterfall

/// What a careful attacker would drop into a watched folder: headers that say
/// one size and carry another, chunks whose lengths lie, extreme shapes through every decoder,
/// names that are not UTF-8, links to things that block. Each must end in a clear error or a
/// correct picture — never a crash, a hang or an allocation past the pixel cap.
@Suite("Hostile input")
struct HostileInputTests {
    // MARK: Sizes that disagree

    /// A GIF with a `screen` logical screen whose first frame descriptor claims `frame`, and a
    /// few bytes of LZW data: tiny, whatever it claims.
    static func gif(screen: (Int, Int), frame: (Int, Int)) -> [UInt8] {
        var b: [UInt8] = []
        b.ascii("GIF89a")
        b.le16(screen.0); b.le16(screen.1)
        b += [0, 0, 0]
        b += [0x21, 0xF9, 4, 0, 0, 0, 0, 0]  // a graphic control extension to walk past
        b += [0x2C]; b.le16(0); b.le16(0); b.le16(frame.0); b.le16(frame.1); b += [0]
        b += [2, 2, 0x44, 0x01, 0, 0x3B]
        return b
    }

    @Test("A GIF whose first frame claims more than its 1×1 screen is refused before SDL allocates it")
    func gifFrameLargerThanScreen() throws {
        let bytes = Self.gif(screen: (1, 1), frame: (60_000, 60_000))
        let info = try HeaderProbe.probe(bytes: bytes)
        #expect(info.pixelWidth == 1 && info.pixelHeight == 1)
        let before = BadInputTests.maxRSSKilobytes()
        let error = decodeError { () throws(DecodeError) in
            try PhotoDecoder.decode(data: bytes, format: .gif, storedSize: info.storedSize,
                                    box: PixelSize(width: 300, height: 300), mode: .fill)
        }
        // SDL_image sizes its surface by the frame: 3.6 GB here, from a 40-byte file.
        #expect(error == .tooManyPixels(width: 60_000, height: 60_000))
        #expect(BadInputTests.maxRSSKilobytes() - before < 200_000)
        // The same file with an honest frame still shows.
        let honest = try PhotoDecoder.decode(data: Self.gif(screen: (1, 1), frame: (1, 1)), format: .gif,
                                             storedSize: PixelSize(width: 1, height: 1), box: PixelSize(width: 10, height: 10), mode: .fit)
        #expect(honest.width == 1 && honest.height == 1)
    }

    @Test("The GIF frame walk ends on truncated or looping-looking extension blocks")
    func gifFrameWalkEnds() {
        var endless: [UInt8] = Array("GIF89a".utf8) + [1, 0, 1, 0, 0, 0, 0]
        for _ in 0..<10_000 { endless += [0x21, 0xFE, 0xFF] }  // comment blocks cut off mid-way
        for bytes in [endless, Array(Self.gif(screen: (1, 1), frame: (9, 9)).prefix(25)), Array("GIF89a".utf8)] {
            let frame = bytes.withUnsafeBytes { GIFFrameSize.firstFrame(in: $0) }
            #expect(frame == nil)
        }
        let frame = Self.gif(screen: (1, 1), frame: (9, 7)).withUnsafeBytes { GIFFrameSize.firstFrame(in: $0) }
        #expect(frame?.width == 9 && frame?.height == 7)
    }

    @Test("A TIFF repeating its size tags is probed as libtiff reads it: the first one counts")
    func tiffDuplicateSizeTags() throws {
        var b: [UInt8] = []
        b.ascii("II"); b.le16(42); b.le32(8)
        let entries: [(Int, Int)] = [(256, 60_000), (256, 1), (257, 60_000), (257, 1), (274, 6), (274, 1)]
        b.le16(entries.count)
        for (tag, value) in entries { b.le16(tag); b.le16(3); b.le32(1); b.le16(value); b.le16(0) }
        b.le32(0)
        let info = try HeaderProbe.probe(bytes: b)
        #expect(info.pixelWidth == 60_000 && info.pixelHeight == 60_000)
        #expect(info.orientation == .right)
        // So the pixel cap sees what libtiff would allocate.
        let error = decodeError { () throws(DecodeError) in
            try PhotoDecoder.decode(data: b, format: .tiff, storedSize: info.storedSize,
                                    box: PixelSize(width: 300, height: 300), mode: .fill)
        }
        #expect(error == .tooManyPixels(width: 60_000, height: 60_000))
    }

    // MARK: PNG chunks with lying lengths

    @Test("A PNG chunk claiming gigabytes before eXIf: the size is read, the orientation is up, nothing large is read")
    func pngLyingChunkBeforeExif() throws {
        let exif = Fixture.pngChunk("eXIf", Fixture.exifTIFF(orientation: 6))
        let honest = Fixture.png(width: 30, height: 20)
        // IHDR ends at 33; a tEXt chunk there claims 2 GB and is followed by a real eXIf.
        var lying = Array(honest.prefix(33))
        lying += [0x7F, 0xFF, 0xFF, 0xF0] + Array("tEXt".utf8) + Array("a\0b".utf8) + [0, 0, 0, 0]
        lying += exif + Array(honest.dropFirst(33))
        let folder = TempFolder()
        for info in [try HeaderProbe.probe(bytes: lying), try HeaderProbe.probe(folder.write("lying.png", lying))] {
            #expect(info.pixelWidth == 30 && info.pixelHeight == 20)
            #expect(info.orientation == .up)
        }
        // An eXIf that claims 2 GB of which a few bytes exist.
        var bigExif = Array(honest.prefix(33))
        bigExif += [0x7F, 0xFF, 0xFF, 0xF0] + Array("eXIf".utf8) + Fixture.exifTIFF(orientation: 6)
        #expect(try HeaderProbe.probe(bytes: bigExif).orientation == .up)
        #expect(try HeaderProbe.probe(folder.write("big-exif.png", bigExif)).pixelWidth == 30)
    }

    @Test("A real PNG whose IDAT or ancillary chunk length lies is a decode error, not a crash",
          arguments: [0x7FFF_FFFF, 0xFFFF_FFFF, 10, 0, 1 << 20])
    func pngLyingDataLength(length: Int) throws {
        let dir = TempFolder()
        try convert(["-size", "64x48", "plasma:", dir.path("whole.png").string])
        let whole = try dir.read("whole.png")
        let idat = try #require((8..<whole.count - 4).first { whole.has(Array("IDAT".utf8), at: $0) }) - 4
        var lyingIDAT = whole
        lyingIDAT.replaceSubrange(idat..<idat + 4, with: [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: length >> $0) })
        // An ancillary chunk inserted after IHDR whose length runs past the end of the file.
        var lyingText = Array(whole.prefix(33))
        lyingText += [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: length >> $0) } + Array("tEXt".utf8) + Array("k\0v".utf8)
        lyingText += whole.dropFirst(33)
        for bytes in [lyingIDAT, lyingText] {
            let error = decodeError { () throws(DecodeError) in
                try PhotoDecoder.decode(data: bytes, format: .png, box: PixelSize(width: 32, height: 32), mode: .fit)
            }
            #expect(error?.isContentFailure == true, "length \(length) gave \(String(describing: error))")
        }
    }

    // MARK: Extreme shapes through the SDL_image formats

    @Test("1×40000 and 40000×1 GIF, BMP and TIFF decode to a sane size", arguments: ["gif", "bmp", "tif"])
    func extremeShapes(suffix: String) throws {
        let dir = TempFolder()
        // ImageMagick's policy refuses sides over 16000: vips streams GIF and TIFF, BMP is
        // simple enough to write here.
        if suffix == "bmp" {
            dir.write("tall.bmp", Self.bmp(width: 1, height: 40_000, .red))
            dir.write("wide.bmp", Self.bmp(width: 40_000, height: 1, .blue))
        } else {
            try writePNG(dir, "tall.png", .solid(width: 1, height: 40_000, .red))
            try writePNG(dir, "wide.png", .solid(width: 40_000, height: 1, .blue))
            for name in ["tall", "wide"] {
                try vips(["copy", dir.path("\(name).png").string, dir.path("\(name).\(suffix)").string])
            }
        }
        for (name, box, expected, colour) in [("tall", PixelSize(width: 300, height: 1200), (1, 1200), RGBA.red), ("wide", PixelSize(width: 300, height: 75), (300, 1), .blue)] {
            let path = dir.path("\(name).\(suffix)")
            let info = try HeaderProbe.probe(path)
            let tile = try PhotoDecoder.decode(path: path, format: info.format,
                                               storedSize: info.storedSize, box: box, mode: .fill)
            #expect(tile.width == expected.0 && tile.height == expected.1, "\(name).\(suffix)")
            #expect(tile.pixel(tile.width / 2, tile.height / 2).isClose(to: colour, tolerance: 8))
        }
    }

    /// An uncompressed 24-bit bottom-up BMP of one colour; rows padded to four bytes.
    static func bmp(width: Int, height: Int, _ colour: RGBA) -> [UInt8] {
        let row = (width * 3 + 3) & ~3
        var b: [UInt8] = []
        b.ascii("BM"); b.le32(54 + row * height); b.le32(0); b.le32(54)
        b.le32(40); b.le32(width); b.le32(height); b.le16(1); b.le16(24)
        b.le32(0); b.le32(row * height); b.le32(2835); b.le32(2835); b.le32(0); b.le32(0)
        let pixels = (0..<width).flatMap { _ in [colour.b, colour.g, colour.r].map { UInt8($0) } }
        let padded = pixels + [UInt8](repeating: 0, count: row - width * 3)
        for _ in 0..<height { b += padded }
        return b
    }

    // MARK: Names, links, unsupported files, through the tile loader

    @Test("A photo whose name is not UTF-8 is probed, decoded, and gets a thumbnail under its escaped URI")
    func nonUTF8NameEndToEnd() throws {
        let dir = TempFolder()
        try convert(["-size", "64x48", "xc:red", dir.path("plain.jpg").string])
        let name: [UInt8] = [0xFF, 0xFE, UInt8(ascii: " "), 0xC3, 0x28] + Array(".jpg".utf8)  // invalid UTF-8
        let photo = dir.write(name, try dir.read("plain.jpg"))
        let info = try HeaderProbe.probe(photo)
        #expect(info.format == .jpeg && info.pixelWidth == 64)
        #expect(ThumbnailCache.uri(for: photo).hasSuffix("/%FF%FE%20%C3(.jpg"))

        let cache = ThumbnailCache(root: dir.path("thumbnails"))
        let tile = try TileImageLoader(cache: cache).load(path: photo, format: .jpeg,
                                                          storedSize: PixelSize(width: 64, height: 48), tile: PixelSize(width: 32, height: 24))
        #expect(tile.pixel(16, 12).isClose(to: .red))
        #expect(cache.lookup(path: photo, stamp: try FileStamp.of(photo), size: .normal) != nil)
    }

    @Test("A link to a FIFO named like a photo is refused without blocking")
    func linkToFIFO() throws {
        let dir = TempFolder()
        dir.mkfifo("pipe")
        dir.symlink("photo.jpg", to: "pipe")
        #expect(throws: ProbeError.file(.notRegularFile(kind: "fifo"))) { try HeaderProbe.probe(dir.path("photo.jpg")) }
        let error = decodeError { () throws(DecodeError) in
            try PhotoDecoder.decode(path: dir.path("photo.jpg"), format: .jpeg, box: PixelSize(width: 10, height: 10), mode: .fit)
        }
        #expect(error == .notRegularFile)
    }

    @Test("A 12-bit JPEG becomes an error tile, recorded once in the fail folder")
    func twelveBitJPEGErrorTile() throws {
        let dir = TempFolder()
        let photo = dir.write("twelve.jpg", try makeTwelveBitJPEG(in: dir))
        let info = try HeaderProbe.probe(photo)  // the header itself is fine: the tile has its shape
        #expect(info.pixelWidth == 64)
        let cache = ThumbnailCache(root: dir.path("thumbnails"))
        let loader = TileImageLoader(cache: cache)
        let error = decodeError { () throws(DecodeError) in
            try loader.load(path: photo, format: .jpeg, storedSize: PixelSize(width: 64, height: 64), tile: PixelSize(width: 32, height: 32))
        }
        #expect(error == .unsupported("12-bit JPEG"))
        #expect(cache.failure(path: photo, stamp: try FileStamp.of(photo)) == "unsupported: 12-bit JPEG")
    }
}

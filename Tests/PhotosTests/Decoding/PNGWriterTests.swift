import Foundation
import Testing
import Waterfall
@testable import Photos

/// cascade writes its PNGs by hand over ISA-L's deflate (walls and thumbnails): what it writes must
/// be a PNG that any reader takes, with exactly the pixels and texts given.
@Suite("PNGs cascade writes")
struct PNGWriterTests {
    /// Pixels no filter or deflate shortcut gets right by luck: seeded noise, odd sizes.
    static func noise(width: Int, height: Int, opaque: Bool, seed: UInt64) -> DecodedImage {
        var generator = SeededGenerator(seed: seed)
        var words = [UInt64](repeating: 0, count: (width * height + 1) / 2)
        for i in words.indices { words[i] = generator.next() }
        var pixels = words.withUnsafeBytes { Array($0.prefix(width * height * 4)) }
        if opaque { for i in stride(from: 3, to: pixels.count, by: 4) { pixels[i] = 255 } }
        return DecodedImage(width: width, height: height, stride: width * 4, pixels: pixels)
    }

    /// The chunks' types in order, with each CRC checked by a CRC-32 written here (not the
    /// writer's ISA-L nor libpng's zlib).
    static func chunks(_ bytes: [UInt8]) throws -> [String] {
        try #require(Array(bytes.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        var types: [String] = []
        var at = 8
        while at + 12 <= bytes.count {
            let length = bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) }
            let end = at + 8 + length
            try #require(end + 4 <= bytes.count, "chunk past the end")
            let stored = bytes[end..<end + 4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
            let type = String(decoding: bytes[at + 4..<at + 8], as: UTF8.self)
            #expect(stored == crc32(bytes[at + 4..<end]), "CRC of \(type)")
            types.append(type)
            at = end + 4
        }
        #expect(at == bytes.count, "bytes after the last chunk")
        return types
    }

    static func crc32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        var crc = ~UInt32(0)
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    /// 2048 × 1100 is deflated in many pieces of the writer's streaming (256 KiB of rows each).
    @Test("noise of odd sizes, opaque and translucent: exact pixels back, valid chunks in order, texts kept",
          arguments: [(1, 1), (3, 5), (257, 129), (1000, 2), (2048, 1100)])
    func roundTrip(size: (Int, Int)) throws {
        for opaque in [true, false] {
            let image = Self.noise(width: size.0, height: size.1, opaque: opaque, seed: UInt64(size.0 * 7 + size.1))
            let text = [("Thumb::URI", "file:///photos/a%20b.jpg"), ("Software", "cascade")]
            let bytes = try PNGCodec.encode(image, text: text)
            #expect(try Self.chunks(bytes) == ["IHDR", "tEXt", "tEXt", "IDAT", "IEND"])
            #expect(bytes[25] == (opaque ? 2 : 6), "colour type")
            let back = try bytes.withUnsafeBytes { try PNGCodec.decode($0, maxPixels: 1 << 24) }
            #expect(back.image.width == size.0 && back.image.height == size.1)
            #expect(back.image.pixels == image.pixels, "\(size) opaque \(opaque)")
            #expect(back.text == Dictionary(uniqueKeysWithValues: text))
        }
    }

    @Test("ImageMagick reads the same pixels from it as cascade does")
    func anotherReaderAgrees() throws {
        let dir = TempFolder()
        let image = Self.noise(width: 2047, height: 1201, opaque: false, seed: 9)
        let file = dir.write("noise.png", try PNGCodec.encode(image, text: []))
        let raw = dir.path("noise.rgba").string
        try convert([file.string, "-depth", "8", "rgba:" + raw])
        let rgba = try [UInt8](Data(contentsOf: URL(fileURLWithPath: raw)))
        var bgra = rgba
        for i in stride(from: 0, to: bgra.count, by: 4) { bgra.swapAt(i, i + 2) }
        #expect(bgra == image.pixels)
    }

    @Test("a text key the format cannot hold is an error, not a broken file")
    func badKey() {
        let image = DecodedImage.solid(width: 2, height: 2, .blue)
        #expect(throws: DecodeError.self) { try PNGCodec.encode(image, text: [("", "x")]) }
        #expect(throws: DecodeError.self) { try PNGCodec.encode(image, text: [(String(repeating: "k", count: 80), "x")]) }
    }
}

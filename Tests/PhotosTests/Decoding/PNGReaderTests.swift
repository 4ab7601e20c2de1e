import CIsal
import Testing
import Waterfall
@testable import Photos

/// cascade reads the rows of 8-bit RGB and RGBA PNGs over ISA-L's inflate (png_idat.c) and
/// leaves the rest to libpng: what it reads must be the photo's pixels, exactly as libpng reads
/// them, and a damaged file must get libpng's own answer.
@Suite("PNG rows read over ISA-L")
struct PNGReaderTests {
    /// A noisy PNG whose row y uses filters[y % filters.count] (0 None … 4 Paeth), filtered here
    /// from the spec and deflated as a zlib stream; each IDAT holds at most `idatSize` bytes.
    /// Returns the file and its pixels as B, G, R, A.
    static func filteredPNG(width: Int, height: Int, channels: Int, filters: [UInt8], seed: UInt64,
                            idatSize: Int = .max, textAfter: Bool = false, flat: Bool = false)
        throws -> (file: [UInt8], bgra: [UInt8])
    {
        var generator = SeededGenerator(seed: seed)
        let line = width * channels
        let source = (0..<line * height).map { i in flat ? UInt8(i % channels * 60) : UInt8(truncatingIfNeeded: generator.next()) }
        var raw: [UInt8] = []
        var prior = [UInt8](repeating: 0, count: line)
        for y in 0..<height {
            let row = Array(source[y * line..<(y + 1) * line])
            let kind = filters[y % filters.count]
            raw.append(kind)
            for i in 0..<line {
                let a = i >= channels ? Int(row[i - channels]) : 0, b = Int(prior[i])
                let c = i >= channels ? Int(prior[i - channels]) : 0
                let guess = switch kind {
                case 1: a
                case 2: b
                case 3: (a + b) / 2
                case 4: abs(b - c) <= abs(a - c) && abs(b - c) <= abs(a + b - 2 * c) ? a : abs(a - c) <= abs(a + b - 2 * c) ? b : c
                default: 0
                }
                raw.append(UInt8(truncatingIfNeeded: Int(row[i]) - guess))
            }
            prior = row
        }
        let stream = try zlib(raw)
        var file: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        file += chunk("IHDR", be32(width) + be32(height) + [8, channels == 3 ? 2 : 6, 0, 0, 0])
        for start in stride(from: 0, to: stream.count, by: min(idatSize, stream.count)) {
            file += chunk("IDAT", Array(stream[start..<min(start + idatSize, stream.count)]))
        }
        if textAfter { file += chunk("tEXt", Array("Thumb::URI".utf8) + [0] + Array("file:///late.png".utf8)) }
        file += chunk("IEND", [])
        var bgra: [UInt8] = []
        for pixel in stride(from: 0, to: source.count, by: channels) {
            bgra += [source[pixel + 2], source[pixel + 1], source[pixel], channels == 4 ? source[pixel + 3] : 255]
        }
        return (file, bgra)
    }

    static func be32(_ value: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) } }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return be32(data.count) + body + be32(Int(PNGWriterTests.crc32(body[...])))
    }

    /// A zlib stream (32-KiB window) of `raw`, from ISA-L's deflate; libpng's zlib reads it back.
    static func zlib(_ raw: [UInt8]) throws -> [UInt8] {
        var out = [UInt8](repeating: 0, count: raw.count + raw.count / 8 + 1024)
        var stream = isal_zstream()
        isal_deflate_stateless_init(&stream)
        stream.gzip_flag = UInt16(IGZIP_ZLIB)
        var input = raw
        let written: Int32 = input.withUnsafeMutableBufferPointer { source in
            out.withUnsafeMutableBufferPointer { target in
                stream.next_in = source.baseAddress
                stream.avail_in = UInt32(source.count)
                stream.next_out = target.baseAddress
                stream.avail_out = UInt32(target.count)
                return isal_deflate_stateless(&stream)
            }
        }
        try #require(written == COMP_OK)
        return Array(out.prefix(Int(stream.total_out)))
    }

    /// Where the first IDAT chunk starts (its length field), and its data's length.
    static func firstIDAT(in file: [UInt8]) throws -> (offset: Int, length: Int) {
        let offset = try #require((8..<file.count).first { file.has(Array("IDAT".utf8), at: $0) }) - 4
        return (offset, try #require(file.be32(at: offset)))
    }

    static func read(_ file: [UInt8], libpngOnly: Bool = false) throws -> PNGCodec.Decoded {
        try file.withUnsafeBytes { try PNGCodec.decode($0, maxPixels: 1 << 24, libpngOnly: libpngOnly) }
    }

    /// 64 × 5000 RGBA is read in several bands (about 256 KiB of rows each); 3000 × 3 is one
    /// band of long rows; 1 × 1 has no left neighbour anywhere.
    @Test("every row filter, RGB and RGBA, at odd sizes: the photo's pixels, libpng's bytes, read over ISA-L",
          arguments: [(23, 17), (1, 1), (3000, 3), (64, 5000)])
    func everyFilter(size: (Int, Int)) throws {
        for channels in [3, 4] {
            for filters: [UInt8] in [[0], [1], [2], [3], [4], [4, 0, 3, 1, 2]] {
                let png = try Self.filteredPNG(width: size.0, height: size.1, channels: channels, filters: filters,
                                               seed: UInt64(size.0 + channels))
                let fast = try Self.read(png.file), reference = try Self.read(png.file, libpngOnly: true)
                #expect(fast.rowsByISAL && !reference.rowsByISAL, "\(size) \(channels) \(filters)")
                #expect(fast.image.pixels == png.bgra, "\(size) channels \(channels) filters \(filters)")
                #expect(reference.image.pixels == png.bgra, "libpng: \(size) channels \(channels) filters \(filters)")
                #expect(fast.hasAlpha == (channels == 4))
            }
        }
    }

    /// A flat image deflates to a few bytes a band, so most bands come out of input ISA-L took in
    /// for an earlier one, and the last band is one row.
    @Test("a flat image whose bands come out of little input reads to the end")
    func streamAheadOfRows() throws {
        let png = try Self.filteredPNG(width: 64, height: 4081, channels: 4, filters: [0, 2], seed: 1, flat: true)
        let decoded = try Self.read(png.file)
        #expect(decoded.rowsByISAL && decoded.image.pixels == png.bgra)
    }

    @Test("image data over many IDATs, empty ones among them, reads the same")
    func splitData() throws {
        let png = try Self.filteredPNG(width: 40, height: 30, channels: 3, filters: [4, 1], seed: 3, idatSize: 7)
        var file = png.file
        let first = try Self.firstIDAT(in: file)
        file.insert(contentsOf: Self.chunk("IDAT", []), at: first.offset + 12 + first.length)
        let fast = try Self.read(file)
        #expect(fast.rowsByISAL && fast.image.pixels == png.bgra)
    }

    @Test("a text chunk after the image data is kept where texts are wanted (libpng reads such files), else skipped")
    func lateText() throws {
        let png = try Self.filteredPNG(width: 9, height: 9, channels: 4, filters: [2], seed: 4, textAfter: true)
        let decoded = try Self.read(png.file)
        #expect(decoded.text["Thumb::URI"] == "file:///late.png")
        #expect(!decoded.rowsByISAL && decoded.image.pixels == png.bgra)
        let photo = try png.file.withUnsafeBytes { try PNGCodec.decode($0, maxPixels: 1 << 24, textAfterImage: false) }
        #expect(photo.rowsByISAL && photo.image.pixels == png.bgra && photo.text.isEmpty)
        #expect(PNGReaderCheck.readersAgree(png.file, maxPixels: 1 << 24, textAfterImage: false))
    }

    @Test("a damaged file gets libpng's own answer: a bad CRC, a cut, a broken stream, a bad filter, a wrong checksum")
    func damaged() throws {
        let png = try Self.filteredPNG(width: 50, height: 40, channels: 3, filters: [4, 3], seed: 5)
        let file = png.file
        let (idat, length) = try Self.firstIDAT(in: file)
        var badCRC = file
        badCRC[idat + 8 + length] ^= 1
        var brokenStream = file
        brokenStream[idat + 8 + length / 2] ^= 0x55
        var wrongChecksum = file
        wrongChecksum[idat + 8 + length - 1] ^= 1
        // The CRCs made right again, so that only the stream is wrong.
        for index in [1, 2] {
            var damaged = index == 1 ? brokenStream : wrongChecksum
            let fixed = Self.chunk("IDAT", Array(damaged[idat + 8..<idat + 8 + length]))
            damaged.replaceSubrange(idat..<idat + 12 + length, with: fixed)
            if index == 1 { brokenStream = damaged } else { wrongChecksum = damaged }
        }
        let cut = Array(file.prefix(idat + 8 + length / 2))
        let badFilter = try Self.filteredPNG(width: 50, height: 40, channels: 3, filters: [4, 9], seed: 5).file
        for (name, bytes) in [("bad CRC", badCRC), ("broken stream", brokenStream), ("wrong Adler-32", wrongChecksum),
                              ("cut", cut), ("filter 9", badFilter)] {
            #expect(PNGReaderCheck.readersAgree(bytes, maxPixels: 1 << 24, textAfterImage: true), "\(name)")
            #expect(PNGReaderCheck.readersAgree(bytes, maxPixels: 1 << 24, textAfterImage: false), "\(name)")
            #expect(throws: DecodeError.self, "\(name)") { try Self.read(bytes) }
        }
        #expect(throws: DecodeError.truncated) { try Self.read(cut) }
    }

    @Test("the thumbnails and walls cascade writes are read over ISA-L")
    func ownFiles() throws {
        for opaque in [true, false] {
            let image = PNGWriterTests.noise(width: 300, height: 200, opaque: opaque, seed: 11)
            let decoded = try Self.read(try PNGCodec.encode(image, text: [("Thumb::MTime", "1")]))
            #expect(decoded.rowsByISAL && decoded.image.pixels == image.pixels && decoded.text["Thumb::MTime"] == "1")
        }
    }
}

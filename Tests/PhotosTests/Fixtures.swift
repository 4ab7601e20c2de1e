// Image headers built byte by byte, so every test states exactly what the file claims.

extension Array where Element == UInt8 {
    mutating func be16(_ v: Int) { append(UInt8(v >> 8 & 0xFF)); append(UInt8(v & 0xFF)) }
    mutating func le16(_ v: Int) { append(UInt8(v & 0xFF)); append(UInt8(v >> 8 & 0xFF)) }
    mutating func be32(_ v: Int) { be16(v >> 16 & 0xFFFF); be16(v & 0xFFFF) }
    mutating func le32(_ v: Int) { le16(v & 0xFFFF); le16(v >> 16 & 0xFFFF) }
    mutating func u16(_ v: Int, bigEndian: Bool) { bigEndian ? be16(v) : le16(v) }
    mutating func u32(_ v: Int, bigEndian: Bool) { bigEndian ? be32(v) : le32(v) }
    mutating func ascii(_ s: String) { append(contentsOf: Array(s.utf8)) }
}

enum Fixture {
    // MARK: EXIF

    /// A TIFF structure (as inside EXIF) whose IFD0 holds one entry: the orientation tag.
    static func exifTIFF(orientation: Int, bigEndian: Bool = false, type: Int = 3, count: Int = 1) -> [UInt8] {
        var b: [UInt8] = []
        b.ascii(bigEndian ? "MM" : "II")
        b.u16(42, bigEndian: bigEndian)
        b.u32(8, bigEndian: bigEndian)
        b.u16(1, bigEndian: bigEndian)           // one entry
        b.u16(0x0112, bigEndian: bigEndian)      // Orientation
        b.u16(type, bigEndian: bigEndian)
        b.u32(count, bigEndian: bigEndian)
        b.u16(orientation, bigEndian: bigEndian) // SHORT value, left-justified
        b.u16(0, bigEndian: bigEndian)
        b.u32(0, bigEndian: bigEndian)           // no next IFD
        return b
    }

    /// "Exif\0\0" + TIFF, the payload of a JPEG APP1 segment.
    static func exifPayload(_ tiff: [UInt8]) -> [UInt8] { Array("Exif".utf8) + [0, 0] + tiff }

    // MARK: JPEG

    static func segment(_ marker: UInt8, _ payload: [UInt8]) -> [UInt8] {
        var b: [UInt8] = [0xFF, marker]
        b.be16(payload.count + 2)
        return b + payload
    }

    /// SOI, optional APP segments, a frame header, and the start of a scan.
    static func jpeg(width: Int, height: Int, exif: [UInt8]? = nil, frameMarker: UInt8 = 0xC0,
                     before: [[UInt8]] = []) -> [UInt8] {
        var b: [UInt8] = [0xFF, 0xD8]
        b += segment(0xE0, Array("JFIF".utf8) + [0, 1, 1, 0, 0, 1, 0, 1, 0, 0])
        if let exif { b += segment(0xE1, exifPayload(exif)) }
        for extra in before { b += extra }
        b += segment(0xDB, [0] + Array(repeating: 1, count: 64))
        var frame: [UInt8] = [8]
        frame.be16(height)
        frame.be16(width)
        frame += [3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]
        b += segment(frameMarker, frame)
        b += segment(0xDA, [3, 1, 0, 2, 0x11, 3, 0x11, 0, 63, 0])
        b += [0x12, 0x34, 0xFF, 0xD9]
        return b
    }

    // MARK: PNG

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    static func pngChunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        var b: [UInt8] = []
        b.be32(data.count)
        let body = Array(type.utf8) + data
        b += body
        b.be32(Int(crc32(body)))
        return b
    }

    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    static func png(width: Int, height: Int, depth: Int = 8, colour: Int = 2, exif: [UInt8]? = nil,
                    exifAfterData: Bool = false) -> [UInt8] {
        var ihdr: [UInt8] = []
        ihdr.be32(width)
        ihdr.be32(height)
        ihdr += [UInt8(depth), UInt8(colour), 0, 0, 0]
        var b = pngSignature + pngChunk("IHDR", ihdr)
        b += pngChunk("gAMA", [0, 0, 0xB1, 0x8F])
        if let exif, !exifAfterData { b += pngChunk("eXIf", exif) }
        b += pngChunk("IDAT", [0x78, 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])
        if let exif, exifAfterData { b += pngChunk("eXIf", exif) }
        b += pngChunk("IEND", [])
        return b
    }

    // MARK: WebP

    static func riff(_ chunks: [[UInt8]]) -> [UInt8] {
        let body = chunks.reduce([], +)
        var b: [UInt8] = []
        b.ascii("RIFF")
        b.le32(4 + body.count)
        b.ascii("WEBP")
        return b + body
    }

    static func riffChunk(_ fourCC: String, _ data: [UInt8]) -> [UInt8] {
        var b: [UInt8] = []
        b.ascii(fourCC)
        b.le32(data.count)
        b += data
        if data.count % 2 == 1 { b.append(0) }
        return b
    }

    /// A lossless bitstream header: signature 0x2F, then 14-bit width−1 and height−1.
    static func vp8lChunk(width: Int, height: Int) -> [UInt8] {
        var data: [UInt8] = [0x2F]
        data.le32((width - 1) | (height - 1) << 14)
        data += Array(repeating: 0, count: 16)
        return riffChunk("VP8L", data)
    }

    /// A lossy key frame header: frame tag, start code 9D 01 2A, 14-bit width and height.
    static func vp8Chunk(width: Int, height: Int) -> [UInt8] {
        let partition = 8
        let tag = 0 | 0 << 1 | 1 << 4 | partition << 5  // key frame, version 0, shown
        var data: [UInt8] = [UInt8(tag & 0xFF), UInt8(tag >> 8 & 0xFF), UInt8(tag >> 16 & 0xFF)]
        data += [0x9D, 0x01, 0x2A]
        data.le16(width)
        data.le16(height)
        data += Array(repeating: 0, count: 20)
        return riffChunk("VP8 ", data)
    }

    static func vp8xChunk(width: Int, height: Int, flags: UInt8) -> [UInt8] {
        var data: [UInt8] = [flags, 0, 0, 0]
        let w = width - 1, h = height - 1
        data += [UInt8(w & 0xFF), UInt8(w >> 8 & 0xFF), UInt8(w >> 16 & 0xFF)]
        data += [UInt8(h & 0xFF), UInt8(h >> 8 & 0xFF), UInt8(h >> 16 & 0xFF)]
        return riffChunk("VP8X", data)
    }

    /// An extended WebP with the image, then an EXIF chunk after it as writers place it.
    static func webpWithExif(width: Int, height: Int, exif: [UInt8]) -> [UInt8] {
        riff([vp8xChunk(width: width, height: height, flags: 0x08), vp8lChunk(width: width, height: height),
              riffChunk("EXIF", exif)])
    }

    // MARK: GIF, BMP, TIFF

    static func gif(width: Int, height: Int) -> [UInt8] {
        var b: [UInt8] = []
        b.ascii("GIF89a")
        b.le16(width)
        b.le16(height)
        b += [0, 0, 0, 0x3B]
        return b
    }

    static func bmp(width: Int, height: Int, infoSize: Int = 40) -> [UInt8] {
        var b: [UInt8] = []
        b.ascii("BM")
        b.le32(14 + infoSize)
        b.le32(0)
        b.le32(14 + infoSize)
        b.le32(infoSize)
        if infoSize == 12 {
            b.le16(width)
            b.le16(height)
            b.le16(1)
            b.le16(24)
        } else {
            b.le32(width)
            b.le32(height)
            b.le16(1)
            b.le16(24)
            b += Array(repeating: 0, count: infoSize - 16)
        }
        return b
    }

    /// A TIFF with pixel data first and the IFD after it (as libtiff writes), sizes as SHORT
    /// or LONG, and an optional orientation tag.
    static func tiff(width: Int, height: Int, bigEndian: Bool = false, longSizes: Bool = false,
                     orientation: Int? = nil, dataBytes: Int = 16) -> [UInt8] {
        var b: [UInt8] = []
        b.ascii(bigEndian ? "MM" : "II")
        b.u16(42, bigEndian: bigEndian)
        let ifd = 8 + dataBytes
        b.u32(ifd, bigEndian: bigEndian)
        b += Array(repeating: 0x7F, count: dataBytes)
        var entries: [(tag: Int, type: Int, value: Int)] = [
            (256, longSizes ? 4 : 3, width), (257, longSizes ? 4 : 3, height), (258, 3, 8),
        ]
        if let orientation { entries.append((274, 3, orientation)) }
        b.u16(entries.count, bigEndian: bigEndian)
        for entry in entries {
            b.u16(entry.tag, bigEndian: bigEndian)
            b.u16(entry.type, bigEndian: bigEndian)
            b.u32(1, bigEndian: bigEndian)
            if entry.type == 4 {
                b.u32(entry.value, bigEndian: bigEndian)
            } else {
                b.u16(entry.value, bigEndian: bigEndian)
                b.u16(0, bigEndian: bigEndian)
            }
        }
        b.u32(0, bigEndian: bigEndian)
        return b
    }
}

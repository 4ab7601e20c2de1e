// HEIF (HEIC from phones) and AVIF: the primary image's size and orientation read from the file's
// boxes (ISO/IEC 23008-12) without decoding a pixel — `pitm` names the primary item, `ipma` ties
// it to properties in `ipco`: `ispe` (its size, a grid's whole size for a tiled HEIC), `irot` and
// `imir` (how to turn it for display). Walked in Swift within bounds, as the other headers are:
// the probe runs in cascade itself, where libheif's parser has no business with untrusted bytes.
// libheif's reader also reads the whole file, 1.3 MB for a phone's HEIC where this reads 65 KB (BENCHMARKS.md "Hand-written or library").

enum HEIFHeader {
    /// The meta box of a photo is a few kilobytes (a few hundred grid tiles' item entries); a
    /// larger one is read no further.
    static let maximumMetaSize = 4 << 20
    /// Top-level boxes walked before `meta` (it comes first after `ftyp` in every writer seen).
    static let maximumBoxes = 64

    static func probe(_ input: ProbeInput) throws(ProbeError) -> StoredHeader {
        let meta = try metaBox(input)
        var reader = BoxReader(bytes: meta, format: input.format)
        // meta is a full box: version and flags, then its children.
        let children = try reader.boxes(in: 4..<meta.count)
        guard let pitm = children.first(where: { $0.type == "pitm" }) else { throw input.corrupt("has no primary item (pitm)") }
        let pitmVersion = try reader.byte(pitm.body.lowerBound)
        let primary = pitmVersion == 0 ? try reader.u16(pitm.body.lowerBound + 4) : try reader.u32(pitm.body.lowerBound + 4)
        guard let iprp = children.first(where: { $0.type == "iprp" }) else { throw input.corrupt("has no item properties (iprp)") }
        let iprpChildren = try reader.boxes(in: iprp.body)
        guard let ipco = iprpChildren.first(where: { $0.type == "ipco" }) else { throw input.corrupt("has no property container (ipco)") }
        let properties = try reader.boxes(in: ipco.body)
        var associated: [Int] = []
        for ipma in iprpChildren where ipma.type == "ipma" {
            associated += try reader.associations(of: primary, in: ipma)
        }
        var size: (Int, Int)?
        var turn = Turn()
        for index in associated {
            guard index >= 1, index <= properties.count else { throw input.corrupt("names property \(index) of \(properties.count)") }
            let property = properties[index - 1], at = property.body.lowerBound
            switch property.type {
            case "ispe": size = (try reader.u32(at + 4), try reader.u32(at + 8))
            case "irot": turn.rotateAnticlockwise(try reader.byte(at) & 3)
            case "imir": turn.mirror(vertically: try reader.byte(at) & 1 == 1)
            default: break
            }
        }
        guard let (width, height) = size else { throw input.corrupt("gives its primary image no size (ispe)") }
        var header = StoredHeader(width: width, height: height, orientation: turn.orientation)
        // The date only: a HEIF's orientation is its boxes', whatever its EXIF says. A missing or
        // damaged Exif item leaves a photo without a date, never an error tile.
        if let exif = try? exifItem(children, reader, input) {
            header.exif = exif
            header.taken = ExifOrientation.readWithDate(exifBlock: exif).taken
        }
        return header
    }

    /// The EXIF block of the item of type `Exif` (`iinf`), from its first extent in the file
    /// (`iloc`, construction method 0); nil without one.
    private static func exifItem(_ children: [Box], _ reader: BoxReader, _ input: ProbeInput) throws(ProbeError) -> [UInt8]? {
        guard let iinf = children.first(where: { $0.type == "iinf" }),
              let iloc = children.first(where: { $0.type == "iloc" }) else { return nil }
        let iinfVersion = try reader.byte(iinf.body.lowerBound)
        let entriesStart = iinf.body.lowerBound + 4 + (iinfVersion == 0 ? 2 : 4)
        guard entriesStart <= iinf.body.upperBound else { return nil }
        var item: Int?
        for infe in try reader.boxes(in: entriesStart..<iinf.body.upperBound) where infe.type == "infe" {
            let at = infe.body.lowerBound, version = try reader.byte(at)
            guard version >= 2 else { continue }
            let idSize = version == 2 ? 2 : 4
            let typeAt = at + 4 + idSize + 2
            guard typeAt + 4 <= infe.body.upperBound else { continue }
            if reader.bytes[typeAt..<(typeAt + 4)].elementsEqual(Array("Exif".utf8)) {
                item = try reader.sized(at + 4, idSize)
                break
            }
        }
        guard let item, let (offset, length) = try reader.location(of: item, in: iloc) else { return nil }
        return ExifOrientation.exifBlock(offsetPrefixedAt: offset, length: length, in: input)
    }

    /// The bytes of the top-level `meta` box.
    private static func metaBox(_ input: ProbeInput) throws(ProbeError) -> [UInt8] {
        guard let meta = try ISOTopLevelBoxes.first(of: ["meta"], in: input, from: 0, maximumBoxes: maximumBoxes) else {
            throw input.corrupt("has no meta box")
        }
        let size = meta.size
        guard size == 0 || size >= meta.headerSize + 4 else { throw input.corrupt("has a meta box too small") }
        let length = size == 0 ? maximumMetaSize : size - meta.headerSize
        guard length <= maximumMetaSize else { throw input.corrupt("has a meta box of \(size) bytes") }
        let body = try input.bytes(upTo: length, at: meta.bodyStart)
        // A box to the end of the file has no size to check: its body must still hold the
        // version and flags.
        guard size == 0 ? body.count >= 4 : body.count == length else { throw .truncated(input.format) }
        return body
    }
}

/// A box inside the meta box: its type and where its body lies in the meta box's bytes.
private struct Box {
    let type: String
    let body: Range<Int>
}

/// Reads boxes and fields inside the meta box's bytes, every read checked against its end.
private struct BoxReader {
    let bytes: [UInt8]
    let format: ImageFormat
    /// A meta box of a few hundred items has a few hundred boxes; this bounds a hostile one.
    static let maximumChildren = 65_536

    func truncated() -> ProbeError { .truncated(format) }

    func byte(_ at: Int) throws(ProbeError) -> Int {
        guard at >= 0, at < bytes.count else { throw truncated() }
        return Int(bytes[at])
    }

    func u16(_ at: Int) throws(ProbeError) -> Int {
        guard let value = bytes.be16(at: at) else { throw truncated() }
        return value
    }

    func u32(_ at: Int) throws(ProbeError) -> Int {
        guard let value = bytes.be32(at: at) else { throw truncated() }
        return value
    }

    /// The boxes that fill `range`, in order.
    func boxes(in range: Range<Int>) throws(ProbeError) -> [Box] {
        var found: [Box] = []
        var offset = range.lowerBound
        while offset + 8 <= range.upperBound {
            guard found.count < Self.maximumChildren else { throw .corruptHeader(format, reason: "has too many boxes") }
            let size = try u32(offset)
            let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
            // Inside meta, every box says its size (no 64-bit or to-the-end sizes).
            guard size >= 8, size <= range.upperBound - offset else {
                throw .corruptHeader(format, reason: "has a \(type) box that does not fit")
            }
            found.append(Box(type: type, body: (offset + 8)..<(offset + size)))
            offset += size
        }
        return found
    }

    /// A big-endian integer of 0, 2, 4 or 8 bytes.
    func sized(_ at: Int, _ size: Int) throws(ProbeError) -> Int {
        switch size {
        case 0: return 0
        case 2: return try u16(at)
        case 4: return try u32(at)
        case 8:
            let high = try u32(at)
            guard high < 1 << 16 else { throw .corruptHeader(format, reason: "has an offset past any file") }
            return high << 32 | (try u32(at + 4))
        default: throw .corruptHeader(format, reason: "has a field of \(size) bytes")
        }
    }

    /// Where `item`'s first extent lies in the file, per `iloc`: offset and length; nil when the
    /// item is not listed or its data is not plainly in the file (construction method 1 or 2).
    func location(of item: Int, in iloc: Box) throws(ProbeError) -> (offset: Int, length: Int)? {
        var at = iloc.body.lowerBound
        let version = try byte(at)
        at += 4
        let sizes = try u16(at)
        at += 2
        let offsetSize = sizes >> 12, lengthSize = sizes >> 8 & 0xF, baseSize = sizes >> 4 & 0xF
        let indexSize = version == 1 || version == 2 ? sizes & 0xF : 0
        let count = version < 2 ? try u16(at) : try u32(at)
        at += version < 2 ? 2 : 4
        for _ in 0..<min(count, Self.maximumChildren) {
            let id = version < 2 ? try u16(at) : try u32(at)
            at += version < 2 ? 2 : 4
            var method = 0
            if version == 1 || version == 2 { method = try u16(at) & 0xF; at += 2 }
            at += 2  // data_reference_index
            let base = try sized(at, baseSize)
            at += baseSize
            let extents = try u16(at)
            at += 2
            var first: (Int, Int)?
            for _ in 0..<extents {
                at += indexSize
                let offset = try sized(at, offsetSize), length = try sized(at + offsetSize, lengthSize)
                at += offsetSize + lengthSize
                if first == nil { first = (base + offset, length) }
            }
            if id == item { return method == 0 ? first : nil }
        }
        return nil
    }

    /// The property indices (from 1) `ipma` ties to `item`, in its order.
    func associations(of item: Int, in ipma: Box) throws(ProbeError) -> [Int] {
        var at = ipma.body.lowerBound
        let version = try byte(at), flags = try u32(at) & 0xFFFFFF
        at += 4
        let entries = try u32(at)
        at += 4
        for _ in 0..<min(entries, Self.maximumChildren) {
            guard at < ipma.body.upperBound else { throw truncated() }
            let id = version < 1 ? try u16(at) : try u32(at)
            at += version < 1 ? 2 : 4
            let count = try byte(at)
            at += 1
            var indices: [Int] = []
            for _ in 0..<count {
                // The top bit says "essential"; the rest is the property's index.
                if flags & 1 == 1 { indices.append(try u16(at) & 0x7FFF); at += 2 } else { indices.append(try byte(at) & 0x7F); at += 1 }
            }
            if id == item { return indices.filter { $0 > 0 } }
        }
        return []
    }
}

/// The turns HEIF writes (`irot`: quarter turns anticlockwise, `imir`: a mirror), applied in the
/// order the file lists them, as one EXIF orientation: "mirror left–right if `mirrored`, then turn
/// `quarters` clockwise".
private struct Turn {
    var quarters = 0
    var mirrored = false

    mutating func rotateAnticlockwise(_ count: Int) { quarters = (quarters + 4 - count % 4) % 4 }

    /// `vertically`: about the horizontal axis (top–bottom); else about the vertical one.
    mutating func mirror(vertically: Bool) {
        // A left–right mirror after a turn is the opposite turn after the mirror.
        quarters = (4 - quarters) % 4
        mirrored.toggle()
        if vertically { quarters = (quarters + 2) % 4 }
    }

    var orientation: Orientation {
        switch (quarters, mirrored) {
        case (0, false): .up
        case (0, true): .upMirrored
        case (2, false): .down
        case (2, true): .downMirrored
        case (3, true): .leftMirrored
        case (1, false): .right
        case (1, true): .rightMirrored
        default: .left
        }
    }
}

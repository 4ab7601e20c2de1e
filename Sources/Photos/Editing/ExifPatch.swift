/// Changes a few values of an EXIF block (a TIFF structure) where they stand, byte for byte, and
/// nothing else: a block re-written by libexif can move maker notes whose offsets it does not
/// understand, and everything a camera wrote should come out of a rotation as it went in.
struct ExifPatch {
    /// Real IFDs have a few dozen entries; a count beyond this means a broken block.
    static let maximumEntries = 1024

    private static let orientationTag = 0x0112
    private static let exifIFDTag = 0x8769
    private static let pixelWidthTag = 0xA002
    private static let pixelHeightTag = 0xA003

    /// The block, with the TIFF header at `start`.
    var bytes: [UInt8]
    let start: Int
    private let bigEndian: Bool

    /// Nil unless a TIFF header ("II*\0" or "MM\0*") is at `start`.
    init?(_ bytes: [UInt8], tiffAt start: Int) {
        guard start >= 0, start + 8 <= bytes.count else { return nil }
        let order = (bytes[start], bytes[start + 1])
        switch order {
        case (0x49, 0x49): bigEndian = false
        case (0x4D, 0x4D): bigEndian = true
        default: return nil
        }
        self.bytes = bytes
        self.start = start
        guard read16(start + 2) == 42 else { return nil }
    }

    /// The orientation the block states, nil when it has no readable tag.
    var orientation: Orientation? {
        guard let entry = entry(Self.orientationTag, inIFDAt: firstIFD) else { return nil }
        return value(of: entry).map { Orientation(exifValue: $0) }
    }

    /// Sets the orientation tag; false when IFD0 has none to set (`addingOrientation` adds one).
    mutating func setOrientation(_ orientation: Orientation) -> Bool {
        guard let entry = entry(Self.orientationTag, inIFDAt: firstIFD) else { return false }
        return setValue(orientation.rawValue, of: entry)
    }

    /// The TIFF structure `start..<end` with an orientation tag added to an IFD0 that has none,
    /// or nil when IFD0 cannot be read. IFD0 is written again, one entry longer, after the end
    /// of the structure and the header pointed at it: nothing else moves, so every offset in
    /// the block — maker notes' included, which no reader can fix up — stays true. The old
    /// IFD0 stays behind, unreferenced, as exiftool leaves one when it rewrites in place.
    func addingOrientation(_ orientation: Orientation, end: Int) -> [UInt8]? {
        guard let ifd = firstIFD, let count = read16(start + ifd), count < Self.maximumEntries,
              end <= bytes.count, start + ifd + 2 + count * 12 + 4 <= end else { return nil }
        let entries = start + ifd + 2
        var block = Array(bytes[start..<end])
        // IFDs begin on a word boundary.
        if block.count % 2 == 1 { block.append(0) }
        let newIFD = block.count
        var ifd0 = Self.bytes16(count + 1, bigEndian: bigEndian)
        var added = false
        for index in 0..<count {
            let at = entries + index * 12
            guard let tag = read16(at) else { return nil }
            // Entries are kept in ascending order of tag, as TIFF requires.
            if !added, tag > Self.orientationTag { ifd0 += orientationEntry(orientation); added = true }
            ifd0 += bytes[at..<at + 12]
        }
        if !added { ifd0 += orientationEntry(orientation) }
        ifd0 += bytes[entries + count * 12..<entries + count * 12 + 4]  // the next IFD, as it was
        block += ifd0
        let pointer = Self.bytes32(newIFD, bigEndian: bigEndian)
        block.replaceSubrange(4..<8, with: pointer)
        return block
    }

    /// Orientation as a SHORT held in the entry itself (left-justified in its four bytes).
    private func orientationEntry(_ orientation: Orientation) -> [UInt8] {
        Self.bytes16(Self.orientationTag, bigEndian: bigEndian) + Self.bytes16(3, bigEndian: bigEndian)
            + Self.bytes32(1, bigEndian: bigEndian) + Self.bytes16(orientation.rawValue, bigEndian: bigEndian) + [0, 0]
    }

    private static func bytes16(_ value: Int, bigEndian: Bool) -> [UInt8] {
        let high = UInt8(value >> 8 & 0xFF), low = UInt8(value & 0xFF)
        return bigEndian ? [high, low] : [low, high]
    }

    private static func bytes32(_ value: Int, bigEndian: Bool) -> [UInt8] {
        let high = bytes16(value >> 16 & 0xFFFF, bigEndian: bigEndian), low = bytes16(value & 0xFFFF, bigEndian: bigEndian)
        return bigEndian ? high + low : low + high
    }

    /// Cuts IFD1 — the embedded thumbnail — off the chain: it shows the pixels as they were
    /// stored, so once they are turned it would show the photo the old way round.
    mutating func dropThumbnail() {
        guard let ifd = firstIFD, let count = read16(ifd), count <= Self.maximumEntries else { return }
        write32(start + ifd + 2 + count * 12, 0)
    }

    /// Swaps the EXIF IFD's PixelXDimension and PixelYDimension, for a quarter turn.
    mutating func swapPixelDimensions() {
        guard let pointer = entry(Self.exifIFDTag, inIFDAt: firstIFD), let exifIFD = value(of: pointer),
              let width = entry(Self.pixelWidthTag, inIFDAt: exifIFD),
              let height = entry(Self.pixelHeightTag, inIFDAt: exifIFD),
              let w = value(of: width), let h = value(of: height) else { return }
        _ = setValue(h, of: width)
        _ = setValue(w, of: height)
    }

    // MARK: Walking

    private var firstIFD: Int? { read32(start + 4) }

    /// The offset (in `bytes`) of the 12-byte entry with `tag` in the IFD at `ifd` (relative to
    /// the TIFF header).
    private func entry(_ tag: Int, inIFDAt ifd: Int?) -> Int? {
        guard let ifd, let count = read16(start + ifd), count <= Self.maximumEntries else { return nil }
        for index in 0..<count {
            let at = start + ifd + 2 + index * 12
            guard let found = read16(at) else { return nil }
            if found == tag { return at }
        }
        return nil
    }

    /// A single SHORT or LONG value, stored in the entry itself.
    private func value(of entry: Int) -> Int? {
        guard let type = read16(entry + 2), let count = read32(entry + 4), count >= 1 else { return nil }
        switch type {
        case 3: return read16(entry + 8)
        case 4: return read32(entry + 8)
        default: return nil
        }
    }

    private mutating func setValue(_ value: Int, of entry: Int) -> Bool {
        switch read16(entry + 2) {
        case 3 where value <= 0xFFFF: write16(entry + 8, value)
        case 4: write32(entry + 8, value)
        default: return false
        }
        return true
    }

    // MARK: Bytes

    private func read16(_ at: Int) -> Int? { bytes.u16(at: at, bigEndian: bigEndian) }
    private func read32(_ at: Int) -> Int? { bytes.u32(at: at, bigEndian: bigEndian) }

    private mutating func write16(_ at: Int, _ value: Int) {
        guard at >= 0, at + 2 <= bytes.count else { return }
        bytes.replaceSubrange(at..<at + 2, with: Self.bytes16(value, bigEndian: bigEndian))
    }

    private mutating func write32(_ at: Int, _ value: Int) {
        guard at >= 0, at + 4 <= bytes.count else { return }
        bytes.replaceSubrange(at..<at + 4, with: Self.bytes32(value, bigEndian: bigEndian))
    }
}

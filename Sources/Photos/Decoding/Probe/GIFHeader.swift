/// The size of a GIF: its logical screen, which every frame is drawn into; and whether a second
/// frame follows the first, for the wall's mark on an animation. giflib's `DGifOpen` is as fast
/// and says nothing of a second frame (BENCHMARKS.md "Hand-written or library").
enum GIFHeader {
    /// Sub-blocks hopped over (255 bytes of image data each at most) before the walk gives up
    /// and calls the GIF a still: ~16 MB of a first frame, far more than any real one.
    static let maximumHops = 65_536

    static func probe(_ input: ProbeInput) throws(ProbeError) -> StoredHeader {
        let screen = try input.bytes(4, at: 6)
        var header = StoredHeader(width: screen.le16(at: 0) ?? 0, height: screen.le16(at: 2) ?? 0, orientation: .up)
        header.animated = hasSecondFrame(input)
        return header
    }

    /// Walks the blocks by their lengths to a second image descriptor; any doubt is a still.
    static func hasSecondFrame(_ input: ProbeInput) -> Bool {
        func byte(_ offset: Int) -> Int? { try? input.byte(at: offset) }
        guard let flags = byte(10) else { return false }
        var position = 13 + (flags & 0x80 != 0 ? 3 << ((flags & 0x07) + 1) : 0)
        var images = 0, hops = 0
        /// Hops over data sub-blocks up to the empty one; false if the data ends or runs too long.
        func skipSubBlocks() -> Bool {
            while let size = byte(position) {
                position += 1 + size
                hops += 1
                if size == 0 { return true }
                if hops > maximumHops { return false }
            }
            return false
        }
        while let introducer = byte(position) {
            switch introducer {
            case 0x2C:
                images += 1
                if images == 2 { return true }
                guard let packed = byte(position + 9) else { return false }
                // The descriptor (10), the local colour table if flagged, the LZW code size (1).
                position += 10 + (packed & 0x80 != 0 ? 3 << ((packed & 0x07) + 1) : 0) + 1
                guard skipSubBlocks() else { return false }
            case 0x21:
                position += 2
                guard skipSubBlocks() else { return false }
            default:
                return false
            }
        }
        return false
    }
}

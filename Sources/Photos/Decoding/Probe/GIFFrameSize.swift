import Waterfall

/// The size of a GIF's first frame, from its image descriptor. SDL_image allocates its surface
/// at this size, not at the logical screen's that the probe reports, so a GIF claiming a 1×1
/// screen can carry a 60000×60000 frame descriptor and make SDL allocate gigabytes from a
/// 30-byte file: the decoder checks this size against the pixel cap too.
enum GIFFrameSize {
    /// The first frame's width and height, or nil when the blocks end or make no sense before
    /// one is found (SDL_image then refuses the file itself).
    static func firstFrame(in data: UnsafeRawBufferPointer) -> PixelSize? {
        func byte(_ offset: Int) -> Int? { offset >= 0 && offset < data.count ? Int(data[offset]) : nil }
        func le16(_ offset: Int) -> Int? {
            guard let low = byte(offset), let high = byte(offset + 1) else { return nil }
            return low | high << 8
        }
        guard let flags = byte(10) else { return nil }
        // Header (6), logical screen descriptor (7), then the global colour table if flagged.
        var position = 13 + (flags & 0x80 != 0 ? 3 << ((flags & 0x07) + 1) : 0)
        // Each step moves forward by at least one byte, so the walk ends with the data.
        while let introducer = byte(position) {
            switch introducer {
            case 0x2C:  // image descriptor: left, top, width, height
                guard let width = le16(position + 5), let height = le16(position + 7) else { return nil }
                return PixelSize(width: width, height: height)
            case 0x21:  // extension: label, then data sub-blocks up to an empty one
                position += 2
                while let size = byte(position), size > 0 { position += 1 + size }
                position += 1
            default:    // the trailer, or garbage
                return nil
            }
        }
        return nil
    }
}

import Waterfall

extension Orientation {
    /// The stored pixels turned and mirrored so they are as displayed. Done after the
    /// downscale, so it moves tile-sized images only.
    func apply(to image: DecodedImage) -> DecodedImage {
        if self == .up { return image }
        precondition(image.stride % 4 == 0)
        let sw = image.width, sh = image.height
        let displayed = displayedSize(PixelSize(width: sw, height: sh))
        let dw = displayed.width, dh = displayed.height
        let sourceStride = image.stride / 4
        // For displayed (x, y), the stored pixel is at start + x·stepX + y·stepY, in pixels.
        let start: Int, stepX: Int, stepY: Int
        switch self {
        case .up: (start, stepX, stepY) = (0, 1, sourceStride)
        case .upMirrored: (start, stepX, stepY) = (sw - 1, -1, sourceStride)
        case .down: (start, stepX, stepY) = ((sh - 1) * sourceStride + sw - 1, -1, -sourceStride)
        case .downMirrored: (start, stepX, stepY) = ((sh - 1) * sourceStride, 1, -sourceStride)
        case .leftMirrored: (start, stepX, stepY) = (0, sourceStride, 1)                       // transpose
        case .right: (start, stepX, stepY) = ((sh - 1) * sourceStride, -sourceStride, 1)       // 90° clockwise
        case .rightMirrored: (start, stepX, stepY) = ((sh - 1) * sourceStride + sw - 1, -sourceStride, -1) // transverse
        case .left: (start, stepX, stepY) = (sw - 1, sourceStride, -1)                         // 90° counter-clockwise
        }
        let pixels = [UInt8](unsafeUninitializedCapacity: dw * dh * 4) { buffer, count in
            image.pixels.withUnsafeBytes { raw in
                let from = raw.baseAddress!
                let to = UnsafeMutableRawPointer(buffer.baseAddress!)
                for y in 0..<dh {
                    var s = start + y * stepY
                    let row = to + y * dw * 4
                    for x in 0..<dw {
                        row.storeBytes(of: from.loadUnaligned(fromByteOffset: s * 4, as: UInt32.self),
                                       toByteOffset: x * 4, as: UInt32.self)
                        s += stepX
                    }
                }
            }
            count = dw * dh * 4
        }
        return DecodedImage(width: dw, height: dh, stride: dw * 4, pixels: pixels)
    }

    /// What is still to do after libtiff's RGBA reader, which honours the TIFF orientation
    /// tag only by flipping: left–right for 2 and 6, both ways for 3 and 7, top–bottom for 4
    /// and 8, never turning. For 6 and 8 the flip composed with the turn is a transverse;
    /// for 7 it leaves a transpose.
    var remainingAfterLibTIFF: Orientation {
        switch self {
        case .up, .upMirrored, .down, .downMirrored: return .up
        case .leftMirrored, .rightMirrored: return .leftMirrored
        case .right, .left: return .rightMirrored
        }
    }
}

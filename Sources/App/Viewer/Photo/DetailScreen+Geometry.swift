// The sizes the detail view decodes and draws at: pure arithmetic on pixels and frames.

import Screen
import Waterfall

extension DetailScreen {
    /// The longest side a zoomed photo is decoded at: beyond it the pixels are stretched.
    static let sharpestSide = 8192
    /// The same where the drawing is done on the CPU, where the texture is this process's own
    /// memory: 4096 px a side is at most 64 MiB of pixels, and the decode, its texture and the
    /// one it replaces are alive at once (docs/reliability.md, "Memory over a long run").
    static let sharpestSideOnCPU = 4096

    /// The size a photo shown at `shown` pixels is decoded at: as shown, but never more than
    /// its own pixels, the longest side the renderer can hold (2048 on a Pi's vc4), and
    /// `sharpestSide` (less when drawing on the CPU); the shape is kept.
    static func sharperSize(shown: PixelSize, native: PixelSize, maximumTexture: PixelSize, drawsOnCPU: Bool) -> PixelSize {
        let cap = drawsOnCPU ? sharpestSideOnCPU : sharpestSide
        let side = min(cap, maximumTexture.width > 0 ? maximumTexture.width : cap,
                       maximumTexture.height > 0 ? maximumTexture.height : cap)
        let limit = min(Double(side) / Double(max(shown.width, shown.height, 1)), 1)
        return PixelSize(width: min(native.width, Int(Double(shown.width) * limit)),
                         height: min(native.height, Int(Double(shown.height) * limit)))
    }

    /// Where a tile's picture goes in the photo's frame. A tile shows the largest centred part of
    /// its photo with the tile's shape: the whole photo, but for shapes the layout clamps (a
    /// panorama loses its sides). So the picture goes over that part of the frame, at the scale
    /// of the rest; a shape off by the rounding of the tile's pixels is the whole frame.
    static func pictureRect(content: PixelSize, in frame: Rect) -> Rect {
        guard content.width > 0, content.height > 0, frame.width > 0, frame.height > 0 else { return frame }
        let width = Double(content.width), height = Double(content.height)
        let frameAspect = frame.width / frame.height
        if abs(width - height * frameAspect) <= 1.5 || abs(height - width / frameAspect) <= 1.5 { return frame }
        var size = frame.size
        if width / height > frameAspect {
            size.height = frame.width * height / width
        } else {
            size.width = frame.height * width / height
        }
        return Rect(x: frame.midX - size.width / 2, y: frame.midY - size.height / 2, width: size.width, height: size.height)
    }
}

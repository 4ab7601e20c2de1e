import CSDL2
import Waterfall

extension DecodedImage {
    /// The image enlarged to exactly `box`, centre-cropped to its shape, when it is smaller than
    /// the box in either direction (a 256-px thumbnail for a 262-px tile, a small photo); itself
    /// otherwise.
    ///
    /// A renderer would scale such a tile at every frame it is on screen, and SDL's software
    /// renderer does so on the frame loop's thread; done once here, on a decode thread, the tile
    /// is copied 1:1. The filter is SDL's own bilinear stretch, the one that renderer uses, so
    /// the pixels are the ones it would have drawn. Surface functions only: safe on any thread,
    /// no SDL_Init. Should SDL fail, the image comes back as it was and is scaled when drawn.
    public func enlarged(toFill box: PixelSize) -> DecodedImage {
        guard width > 0, height > 0, box.width > 0, box.height > 0,
              width < box.width || height < box.height,
              box.width <= 16384, box.height <= 16384 else { return self }
        // The largest centred region of the box's shape, as the tile would have cropped it.
        let want = Double(box.width) / Double(box.height)
        var region = (x: 0, y: 0, width: width, height: height)
        if Double(width) / Double(height) > want {
            region.width = min(width, max(1, Int((Double(height) * want).rounded())))
            region.x = (width - region.width) / 2
        } else {
            region.height = min(height, max(1, Int((Double(width) / want).rounded())))
            region.y = (height - region.height) / 2
        }
        var output = [UInt8](repeating: 0, count: box.width * box.height * 4)
        let format = UInt32(SDL_PIXELFORMAT_ARGB8888.rawValue)
        let stretched = pixels.withUnsafeBytes { from in
            output.withUnsafeMutableBytes { to in
                // SDL takes a mutable pointer for any surface; it only reads this one.
                guard let input = SDL_CreateRGBSurfaceWithFormatFrom(UnsafeMutableRawPointer(mutating: from.baseAddress), Int32(width), Int32(height), 32,
                                                                     Int32(stride), format) else { return false }
                defer { SDL_FreeSurface(input) }
                guard let result = SDL_CreateRGBSurfaceWithFormatFrom(to.baseAddress, Int32(box.width), Int32(box.height), 32,
                                                                      Int32(box.width * 4), format) else { return false }
                defer { SDL_FreeSurface(result) }
                var rect = SDL_Rect(x: Int32(region.x), y: Int32(region.y), w: Int32(region.width), h: Int32(region.height))
                return SDL_SoftStretchLinear(input, &rect, result, nil) == 0
            }
        }
        guard stretched else { return self }
        var enlarged = DecodedImage(width: box.width, height: box.height, stride: box.width * 4, pixels: output)
        enlarged.partial = partial
        return enlarged
    }
}

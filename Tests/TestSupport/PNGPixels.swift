// Reading back what cascade drew: a PNG's pixels, one pixel's colour, and a tolerant match.

import Photos
import Waterfall

/// The whole PNG as BGRA pixels.
func loadPNG(_ path: String) throws -> DecodedImage {
    let info = try HeaderProbe.probe(PhotoPath(path))
    return try PhotoDecoder.decode(path: PhotoPath(path), format: .png, storedSize: info.storedSize,
                                   box: PixelSize(width: info.pixelWidth, height: info.pixelHeight), mode: .fit)
}

extension DecodedImage {
    /// (r, g, b) at a pixel.
    func rgb(_ x: Int, _ y: Int) -> (r: Int, g: Int, b: Int) {
        let o = y * stride + x * 4
        return (Int(pixels[o + 2]), Int(pixels[o + 1]), Int(pixels[o]))
    }
}

/// Whether two colours are the same within what scaling and PNG rounding may change.
func close(_ a: (r: Int, g: Int, b: Int), _ b: (r: Int, g: Int, b: Int), tolerance: Int = 12) -> Bool {
    abs(a.r - b.r) <= tolerance && abs(a.g - b.g) <= tolerance && abs(a.b - b.b) <= tolerance
}

// The mat: what fills the bars beside a photo that does not cover the screen, a blurred and
// darkened copy of the photo itself (`--mat blur`), as picframe's and Immich Kiosk's frames do,
// instead of black. It is made once per slide on the decode thread, from the photo just decoded:
// a copy 64 px across, box-blurred on the CPU, darkened, and enlarged (bilinear) to the part of the
// screen it fills, so every frame copies it 1:1 — the software renderer's fast path — and no frame
// ever blurs.

import Locking
import Waterfall
import Photos

enum SlideMat {
    /// The longer side of the small copy that is blurred.
    static let side = 64
    /// Three passes of a box blur come close to a Gaussian.
    static let passes = 3
    static let radius = 2
    /// What share of the photo's brightness the mat keeps: dark enough that the photo stands out.
    static let brightness = 0.45

    /// The mat for `image`, `size` pixels large. Opaque.
    static func make(from image: DecodedImage, size: PixelSize) -> DecodedImage {
        var small = shrunk(image)
        for _ in 0..<passes { blur(&small) }
        return enlarged(small, to: size)
    }

    /// The small, darkened copy: each pixel the mean of up to 4×4 samples of its block of the photo.
    private static func shrunk(_ image: DecodedImage) -> (width: Int, height: Int, pixels: [Double]) {
        guard image.width > 0, image.height > 0 else { return (1, 1, [0, 0, 0]) }
        let scale = Double(side) / Double(max(image.width, image.height))
        let width = max(1, min(image.width, Int((Double(image.width) * scale).rounded())))
        let height = max(1, min(image.height, Int((Double(image.height) * scale).rounded())))
        var pixels = [Double](repeating: 0, count: width * height * 3)
        image.pixels.withUnsafeBufferPointer { source in
            for y in 0..<height {
                let y0 = y * image.height / height, y1 = max(y0 + 1, (y + 1) * image.height / height)
                for x in 0..<width {
                    let x0 = x * image.width / width, x1 = max(x0 + 1, (x + 1) * image.width / width)
                    var sum = (0.0, 0.0, 0.0), count = 0.0
                    for sy in stride(from: y0, to: y1, by: max(1, (y1 - y0) / 4)) {
                        for sx in stride(from: x0, to: x1, by: max(1, (x1 - x0) / 4)) {
                            let p = sy * image.stride + sx * 4
                            sum.0 += Double(source[p]); sum.1 += Double(source[p + 1]); sum.2 += Double(source[p + 2])
                            count += 1
                        }
                    }
                    let o = (y * width + x) * 3
                    pixels[o] = sum.0 / count * brightness
                    pixels[o + 1] = sum.1 / count * brightness
                    pixels[o + 2] = sum.2 / count * brightness
                }
            }
        }
        return (width, height, pixels)
    }

    /// One pass of a box blur across and then down, the edges held.
    private static func blur(_ image: inout (width: Int, height: Int, pixels: [Double])) {
        let (width, height) = (image.width, image.height)
        for (count, lines, step, lineStep) in [(width, height, 3, width * 3), (height, width, width * 3, 3)] {
            var line = [Double](repeating: 0, count: count * 3)
            for l in 0..<lines {
                let base = l * lineStep
                for i in 0..<count {
                    var sum = (0.0, 0.0, 0.0)
                    for d in -radius...radius {
                        let p = base + min(max(i + d, 0), count - 1) * step
                        sum.0 += image.pixels[p]; sum.1 += image.pixels[p + 1]; sum.2 += image.pixels[p + 2]
                    }
                    let n = Double(2 * radius + 1)
                    line[i * 3] = sum.0 / n; line[i * 3 + 1] = sum.1 / n; line[i * 3 + 2] = sum.2 / n
                }
                for i in 0..<count {
                    let p = base + i * step
                    image.pixels[p] = line[i * 3]; image.pixels[p + 1] = line[i * 3 + 1]; image.pixels[p + 2] = line[i * 3 + 2]
                }
            }
        }
    }

    /// The small copy stretched over `size` with bilinear interpolation (a nearest-pixel stretch
    /// of 64 px over a screen shows blocks).
    private static func enlarged(_ image: (width: Int, height: Int, pixels: [Double]), to size: PixelSize) -> DecodedImage {
        let width = max(1, size.width), height = max(1, size.height)
        var output = [UInt8](repeating: 255, count: width * height * 4)
        let sx = Double(image.width) / Double(width), sy = Double(image.height) / Double(height)
        // Where each column falls in the small copy, once for every row.
        let columns = (0..<width).map { x -> (Int, Int, Double) in
            let fx = min(max((Double(x) + 0.5) * sx - 0.5, 0), Double(image.width - 1))
            let x0 = Int(fx)
            return (x0 * 3, min(x0 + 1, image.width - 1) * 3, fx - Double(x0))
        }
        image.pixels.withUnsafeBufferPointer { small in
            output.withUnsafeMutableBufferPointer { out in
                for y in 0..<height {
                    let fy = min(max((Double(y) + 0.5) * sy - 0.5, 0), Double(image.height - 1))
                    let y0 = Int(fy), wy = fy - Double(y0)
                    let top = y0 * image.width * 3, bottom = min(y0 + 1, image.height - 1) * image.width * 3
                    var o = y * width * 4
                    for (x0, x1, wx) in columns {
                        for c in 0..<3 {
                            let upper = small[top + x0 + c] * (1 - wx) + small[top + x1 + c] * wx
                            let lower = small[bottom + x0 + c] * (1 - wx) + small[bottom + x1 + c] * wx
                            out[o + c] = UInt8(min(max((upper * (1 - wy) + lower * wy).rounded(), 0), 255))
                        }
                        o += 4
                    }
                }
            }
        }
        return DecodedImage(width: width, height: height, stride: width * 4, pixels: output)
    }
}

/// The mats of a slide's photos, made by the decode thread, taken by the frame loop with the photo.
final class SlideMats: Sendable {
    private let mats = Locked<[Int: DecodedImage]>([:])

    func set(_ mat: DecodedImage, at i: Int) { mats.withLock { $0[i] = mat } }
    func take(at i: Int) -> DecodedImage? { mats.withLock { $0.removeValue(forKey: i) } }
}

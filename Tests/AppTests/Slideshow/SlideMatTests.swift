import Testing
@testable import App
import Photos
import Waterfall

@Suite("the slideshow's blurred mat")
struct SlideMatTests {
    /// A `width`×`height` BGRA photo, its left half `left` and its right half `right` (B, G, R).
    private func photo(width: Int, height: Int, left: [UInt8], right: [UInt8]) -> DecodedImage {
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let colour = x < width / 2 ? left : right
                for c in 0..<3 { pixels[(y * width + x) * 4 + c] = colour[c] }
            }
        }
        return DecodedImage(width: width, height: height, stride: width * 4, pixels: pixels)
    }

    @Test("the mat fills the size asked for, opaque, darker than the photo and of its colour")
    func darkerSameColour() {
        let mat = SlideMat.make(from: photo(width: 300, height: 200, left: [40, 80, 200], right: [40, 80, 200]),
                                size: PixelSize(width: 160, height: 90))
        #expect(mat.width == 160 && mat.height == 90 && mat.pixels.count >= 160 * 90 * 4)
        for i in stride(from: 0, to: 160 * 90 * 4, by: 4 * 37) {
            let (b, g, r, a) = (mat.pixels[i], mat.pixels[i + 1], mat.pixels[i + 2], mat.pixels[i + 3])
            #expect(a == 255)
            #expect(r < 200 && r > 40 && g < 80 && b < 40, "pixel \(i / 4): \(r),\(g),\(b)")
            #expect(r > g && g > b, "the photo's hue is kept: \(r),\(g),\(b)")
        }
    }

    @Test("a sharp edge in the photo is soft in the mat: no step between neighbouring pixels")
    func blurred() {
        let mat = SlideMat.make(from: photo(width: 400, height: 100, left: [0, 0, 0], right: [255, 255, 255]),
                                size: PixelSize(width: 400, height: 10))
        let row = (0..<400).map { Int(mat.pixels[(5 * 400 + $0) * 4]) }
        let steps = zip(row, row.dropFirst()).map { abs($0 - $1) }
        #expect(steps.max()! <= 4, "largest step between neighbours \(steps.max()!)")
        #expect(row.last! - row.first! > 60, "the mat still runs from dark to light: \(row.first!)…\(row.last!)")
    }

    @Test("a photo one pixel high or wide still makes a mat")
    func degenerate() {
        let thin = SlideMat.make(from: photo(width: 2000, height: 1, left: [9, 9, 9], right: [9, 9, 9]), size: PixelSize(width: 20, height: 20))
        #expect(thin.width == 20 && thin.height == 20)
    }
}

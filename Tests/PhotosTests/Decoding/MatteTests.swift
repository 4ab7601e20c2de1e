import Testing
@testable import Photos
import Waterfall

@Suite("Flattening a tile onto the tile colour")
struct MatteTests {
    let matte = Matte(red: 46, green: 46, blue: 51)

    @Test("an opaque photo comes out unchanged")
    func opaqueIsUnchanged() {
        var image = DecodedImage.solid(width: 3, height: 2, RGBA(r: 200, g: 10, b: 90, a: 255))
        let before = image.pixels
        image.flatten(onto: matte)
        #expect(image.pixels == before)
    }

    @Test("translucent pixels become what blending them over the tile colour gives, and opaque")
    func translucentIsBlended() {
        var image = DecodedImage.solid(width: 2, height: 1, RGBA(r: 255, g: 255, b: 255, a: 128))
        image.pixels[4 ..< 8] = [10, 20, 30, 0]  // the second pixel: fully transparent
        image.flatten(onto: matte)
        // 255·128/255 + 46·127/255, rounded: what SDL's blend puts on the screen.
        #expect(image.pixel(0, 0) == RGBA(r: 151, g: 151, b: 153, a: 255))
        #expect(image.pixel(1, 0) == RGBA(r: 46, g: 46, b: 51, a: 255), "a transparent pixel shows the tile colour")
    }

    @Test("the bytes past each row's end are not touched")
    func paddingIsLeftAlone() {
        var pixels = [UInt8](repeating: 0, count: 2 * 12)
        for row in 0 ..< 2 { pixels[row * 12 + 3] = 0; pixels[row * 12 + 8 ..< row * 12 + 12] = [1, 2, 3, 4] }
        var image = DecodedImage(width: 2, height: 2, stride: 12, pixels: pixels)
        image.flatten(onto: matte)
        #expect(Array(image.pixels[8 ..< 12]) == [1, 2, 3, 4] && Array(image.pixels[20 ..< 24]) == [1, 2, 3, 4])
        #expect(image.pixel(1, 1) == RGBA(r: 46, g: 46, b: 51, a: 255))
    }
}

@Suite("Enlarging a small tile to its box")
struct EnlargeTests {
    @Test("a thumbnail smaller than its tile comes back exactly the tile's size, centre-cropped to its shape")
    func smallIsEnlargedAndCropped() {
        // 40×20: left quarter red, the middle half green, right quarter blue; into a square box
        // the centre 20×20 (all green) is kept.
        var image = DecodedImage.solid(width: 40, height: 20, .green)
        for y in 0 ..< 20 {
            for x in 0 ..< 10 { image.pixels.replaceSubrange(y * 160 + x * 4 ..< y * 160 + x * 4 + 4, with: [0, 0, 255, 255]) }
            for x in 30 ..< 40 { image.pixels.replaceSubrange(y * 160 + x * 4 ..< y * 160 + x * 4 + 4, with: [255, 0, 0, 255]) }
        }
        let big = image.enlarged(toFill: PixelSize(width: 50, height: 50))
        #expect(big.width == 50 && big.height == 50 && big.stride == 200)
        for (x, y) in [(0, 0), (49, 0), (25, 25), (0, 49), (49, 49)] {
            #expect(big.pixel(x, y).isClose(to: .green, tolerance: 2), "at \(x),\(y): \(big.pixel(x, y))")
        }
    }

    @Test("a tile already as large as its box is not touched")
    func largeIsLeftAlone() {
        let image = DecodedImage.solid(width: 30, height: 20, .red)
        let same = image.enlarged(toFill: PixelSize(width: 30, height: 20))
        #expect(same.width == 30 && same.height == 20 && same.pixels == image.pixels)
    }

    @Test("short in one direction only, it is still enlarged to the whole box")
    func shortOneWay() {
        let image = DecodedImage.solid(width: 300, height: 171, .blue)
        let tile = image.enlarged(toFill: PixelSize(width: 263, height: 176))
        #expect(tile.width == 263 && tile.height == 176)
        #expect(tile.pixel(262, 175).isClose(to: .blue, tolerance: 2))
    }
}

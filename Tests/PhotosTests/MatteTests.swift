import Testing
@testable import Photos

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

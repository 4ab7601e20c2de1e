import Foundation
import Testing
@testable import Photos
import Waterfall

@Suite("Scaled decode")
struct DecodeTests {
    static let fileFormats: [(ImageFormat, String)] = [
        (.jpeg, "jpg"), (.png, "png"), (.webp, "webp"), (.gif, "gif"), (.bmp, "bmp"), (.tiff, "tif"),
    ]

    @Test("Left half red, right half blue survives a 1/8 DCT-scaled JPEG decode")
    func jpegAtOneEighth() throws {
        let dir = TempFolder()
        let path = try makeRedBlue(dir, "rb.jpg", width: 1600, height: 1200, extra: ["-quality", "92"])
        let plan = DecodePlan(sourceWidth: 1600, sourceHeight: 1200, orientation: .up,
                              box: PixelSize(width: 200, height: 150), mode: .fit)
        let factor = try #require(JPEGDecoder.factor(width: 1600, height: 1200, plan: plan, maxPixels: 100_000_000))
        #expect(factor.num == 1 && factor.denom == 8)

        let image = try PhotoDecoder.decode(path: path, format: .jpeg, box: PixelSize(width: 200, height: 150), mode: .fit)
        #expect(image.width == 200 && image.height == 150)
        #expect(image.pixel(20, 75).isClose(to: .red))
        #expect(image.pixel(80, 10).isClose(to: .red))
        #expect(image.pixel(120, 140).isClose(to: .blue))
        #expect(image.pixel(199, 75).isClose(to: .blue))
    }

    @Test("Every format decodes to the planned size, filled and fitted, with the right colours",
          arguments: fileFormats)
    func everyFormat(format: ImageFormat, suffix: String) throws {
        let dir = TempFolder()
        let path = try makeRedBlue(dir, "rb.\(suffix)")
        let stored = PixelSize(width: 800, height: 600)

        let fitted = try PhotoDecoder.decode(path: path, format: format, storedSize: stored,
                                             box: PixelSize(width: 200, height: 200), mode: .fit)
        #expect(fitted.width == 200 && fitted.height == 150)
        #expect(fitted.pixel(10, 75).isClose(to: .red))
        #expect(fitted.pixel(190, 75).isClose(to: .blue))

        // Fill covers the box and crops the sides: a 4:3 photo in a square keeps its middle.
        let filled = try PhotoDecoder.decode(path: path, format: format, storedSize: stored,
                                             box: PixelSize(width: 150, height: 150), mode: .fill)
        #expect(filled.width == 150 && filled.height == 150)
        #expect(filled.pixel(5, 5).isClose(to: .red))
        #expect(filled.pixel(144, 144).isClose(to: .blue))
        // 800 px scaled to 200 and cropped to 150: the red/blue edge stays in the middle.
        #expect(filled.pixel(70, 75).isClose(to: .red))
        #expect(filled.pixel(80, 75).isClose(to: .blue))
    }

    @Test("A photo smaller than the box is never upscaled")
    func neverUpscaled() throws {
        let dir = TempFolder()
        let path = try makeRedBlue(dir, "small.png", width: 40, height: 30)
        let fitted = try PhotoDecoder.decode(path: path, format: .png, box: PixelSize(width: 400, height: 400), mode: .fit)
        #expect(fitted.width == 40 && fitted.height == 30)
        let filled = try PhotoDecoder.decode(path: path, format: .png, box: PixelSize(width: 400, height: 20), mode: .fill)
        #expect(filled.width == 40 && filled.height == 20)
    }

    @Test("Extreme shapes (1×40000, 40000×1) decode to a sane size", arguments: ["png", "jpg"])
    func extremeShapes(suffix: String) throws {
        let dir = TempFolder()
        let format: ImageFormat = suffix == "png" ? .png : .jpeg
        try writePNG(dir, "tall.png", .solid(width: 1, height: 40000, .red))
        try writePNG(dir, "wide.png", .solid(width: 40000, height: 1, .blue))
        if suffix == "jpg" {
            try vips(["copy", dir.path("tall.png").string, dir.path("tall.jpg").string])
            try vips(["copy", dir.path("wide.png").string, dir.path("wide.jpg").string])
        }

        let tallTile = try PhotoDecoder.decode(path: dir.path("tall.\(suffix)"), format: format,
                                               box: PixelSize(width: 300, height: 1200), mode: .fill)
        #expect(tallTile.width == 1 && tallTile.height == 1200)
        #expect(tallTile.pixel(0, 600).isClose(to: .red))
        let tallDetail = try PhotoDecoder.decode(path: dir.path("tall.\(suffix)"), format: format,
                                                 box: PixelSize(width: 1920, height: 1080), mode: .fit)
        #expect(tallDetail.width == 1 && tallDetail.height == 1080)

        let wideTile = try PhotoDecoder.decode(path: dir.path("wide.\(suffix)"), format: format,
                                               box: PixelSize(width: 300, height: 75), mode: .fill)
        #expect(wideTile.width == 300 && wideTile.height == 1)
        #expect(wideTile.pixel(150, 0).isClose(to: .blue))
        let wideDetail = try PhotoDecoder.decode(path: dir.path("wide.\(suffix)"), format: format,
                                                 box: PixelSize(width: 1920, height: 1080), mode: .fit)
        #expect(wideDetail.width == 1920 && wideDetail.height == 1)
    }

    @Test("A CMYK JPEG decodes with the right colour")
    func cmykJPEG() throws {
        let dir = TempFolder()
        try convert(["-size", "256x128", "xc:red", "-colorspace", "CMYK", dir.path("cmyk.jpg").string])
        let image = try PhotoDecoder.decode(path: dir.path("cmyk.jpg"), format: .jpeg,
                                            box: PixelSize(width: 64, height: 64), mode: .fit)
        #expect(image.width == 64 && image.height == 32)
        #expect(image.pixel(32, 16).isClose(to: .red), "got \(image.pixel(32, 16))")
    }

    @Test("A grey PNG with transparency keeps its alpha and its colour")
    func pngWithAlpha() throws {
        let dir = TempFolder()
        try convert(["-size", "100x100", "xc:none", "-fill", "blue", "-draw", "rectangle 0,0 44,99",
                     "PNG32:" + dir.path("alpha.png").string])
        let image = try PhotoDecoder.decode(path: dir.path("alpha.png"), format: .png,
                                            box: PixelSize(width: 10, height: 10), mode: .fit)
        #expect(image.pixel(1, 5) == .blue)
        #expect(image.pixel(8, 5).a == 0)
        // The pixel straddling the edge is half-transparent blue, not a darkened blue.
        let edge = image.pixel(4, 5)
        #expect(edge.b >= 250 && edge.r == 0 && edge.g == 0 && abs(edge.a - 128) <= 1, "got \(edge)")
    }

    @Test("An animated GIF shows its first frame")
    func animatedGIF() throws {
        let dir = TempFolder()
        try convert(["-delay", "10", "-size", "64x48", "xc:red", "xc:blue", "xc:green", dir.path("anim.gif").string])
        let image = try PhotoDecoder.decode(path: dir.path("anim.gif"), format: .gif,
                                            storedSize: PixelSize(width: 64, height: 48), box: PixelSize(width: 32, height: 32), mode: .fit)
        #expect(image.width == 32 && image.height == 24)
        #expect(image.pixel(16, 12).isClose(to: .red, tolerance: 8))
    }

    @Test("An animated WebP shows its first frame")
    func animatedWebP() throws {
        let dir = TempFolder()
        try convert(["-delay", "10", "-size", "64x48", "xc:red", "xc:blue", "-loop", "0", dir.path("anim.webp").string])
        let bytes = try dir.read("anim.webp")
        #expect(String(decoding: bytes[12..<16], as: UTF8.self) == "VP8X", "fixture is an extended (animated) WebP")
        let image = try PhotoDecoder.decode(path: dir.path("anim.webp"), format: .webp,
                                            box: PixelSize(width: 32, height: 32), mode: .fit)
        #expect(image.width == 32 && image.height == 24)
        #expect(image.pixel(16, 12).isClose(to: .red))
    }

    @Test("A 12-bit JPEG is reported as unsupported")
    func twelveBitJPEG() throws {
        let bytes = try makeTwelveBitJPEG(in: TempFolder())
        let error = decodeError { () throws(DecodeError) in
            try PhotoDecoder.decode(data: bytes, format: .jpeg, box: PixelSize(width: 32, height: 32), mode: .fit)
        }
        #expect(error == .unsupported("12-bit JPEG"))
        #expect(error?.reason == "unsupported: 12-bit JPEG")
    }
}

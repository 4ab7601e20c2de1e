import Testing
@testable import Photos
import Waterfall

@Suite("EXIF orientation applied to pixels")
struct OrientationTests {
    /// Where the stored top-left (red) and top-right (green) corners end up when displayed.
    enum Corner { case topLeft, topRight, bottomLeft, bottomRight }

    static let expectations: [(Orientation, Corner, Corner)] = [
        (.up, .topLeft, .topRight),
        (.upMirrored, .topRight, .topLeft),
        (.down, .bottomRight, .bottomLeft),
        (.downMirrored, .bottomLeft, .bottomRight),
        (.leftMirrored, .topLeft, .bottomLeft),     // transpose
        (.right, .topRight, .bottomRight),           // turned 90° clockwise
        (.rightMirrored, .bottomRight, .topRight),   // transverse
        (.left, .bottomLeft, .topLeft),              // turned 90° counter-clockwise
    ]

    /// 60×40 white with a 10×10 red block in the stored top-left and green in the top-right.
    static func marked() -> DecodedImage {
        var image = DecodedImage.solid(width: 60, height: 40, .white)
        for y in 0..<10 {
            for x in 0..<10 {
                image.set(x, y, .red)
                image.set(50 + x, y, .green)
            }
        }
        return image
    }

    static func colour(at corner: Corner, of image: DecodedImage) -> RGBA {
        let inset = 2
        switch corner {
        case .topLeft: return image.pixel(inset, inset)
        case .topRight: return image.pixel(image.width - 1 - inset, inset)
        case .bottomLeft: return image.pixel(inset, image.height - 1 - inset)
        case .bottomRight: return image.pixel(image.width - 1 - inset, image.height - 1 - inset)
        }
    }

    @Test("All eight orientations put the corners where a viewer shows them", arguments: expectations)
    func corners(orientation: Orientation, red: Corner, green: Corner) throws {
        let dir = TempFolder()
        try writePNG(dir, "marked.png", Self.marked())
        let image = try PhotoDecoder.decode(path: dir.path("marked.png"), format: .png,
                                            orientation: orientation, box: PixelSize(width: 600, height: 600), mode: .fit)
        let expected = orientation.displayedSize(PixelSize(width: 60, height: 40))
        #expect(image.width == expected.width && image.height == expected.height)
        #expect(Self.colour(at: red, of: image) == .red)
        #expect(Self.colour(at: green, of: image) == .green)
        // The other two corners stay white.
        let others = [Corner.topLeft, .topRight, .bottomLeft, .bottomRight].filter { $0 != red && $0 != green }
        for corner in others { #expect(Self.colour(at: corner, of: image) == .white) }
    }

    @Test("The box is in displayed orientation: a turned JPEG fills a portrait box", arguments: [Orientation.right, .left])
    func boxIsDisplayed(orientation: Orientation) throws {
        let dir = TempFolder()
        // Stored landscape 800×600 (red left, blue right); displayed portrait 600×800.
        let path = try makeRedBlue(dir, "turned.jpg")
        let image = try PhotoDecoder.decode(path: path, format: .jpeg, orientation: orientation,
                                            box: PixelSize(width: 75, height: 100), mode: .fill)
        #expect(image.width == 75 && image.height == 100)
        // Turned clockwise, the stored left (red) is at the top; counter-clockwise, at the bottom.
        let top = image.pixel(37, 5), bottom = image.pixel(37, 94)
        #expect(top.isClose(to: orientation == .right ? .red : .blue))
        #expect(bottom.isClose(to: orientation == .right ? .blue : .red))
    }

    static let tiffTags: [(String, Orientation)] = [
        ("TopLeft", .up), ("TopRight", .upMirrored), ("BottomRight", .down), ("BottomLeft", .downMirrored),
        ("LeftTop", .leftMirrored), ("RightTop", .right), ("RightBottom", .rightMirrored), ("LeftBottom", .left),
    ]

    @Test("A TIFF's own orientation tag is applied once, not twice (libtiff flips part of it)",
          arguments: tiffTags)
    func tiffOrientation(tag: String, orientation: Orientation) throws {
        let dir = TempFolder()
        // Same marked 60×40 picture; the tag is what the probe reports as the orientation.
        try writePNG(dir, "marked.png", Self.marked())
        try convert([dir.path("marked.png").string, "-orient", tag, dir.path("marked.tif").string])
        let image = try PhotoDecoder.decode(path: dir.path("marked.tif"), format: .tiff,
                                            orientation: orientation, storedSize: PixelSize(width: 60, height: 40),
                                            box: PixelSize(width: 600, height: 600), mode: .fit)
        let expected = try #require(Self.expectations.first { $0.0 == orientation })
        let size = orientation.displayedSize(PixelSize(width: 60, height: 40))
        #expect(image.width == size.width && image.height == size.height)
        #expect(Self.colour(at: expected.1, of: image) == .red)
        #expect(Self.colour(at: expected.2, of: image) == .green)
    }
}

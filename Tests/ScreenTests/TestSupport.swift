import CSDL2
import Foundation
import Waterfall
@testable import Screen

/// SDL must never see a real display in tests; set before anything touches SDL.
func useDummyVideoDriver() {
    setenv("SDL_VIDEODRIVER", "dummy", 1)
}

/// B,G,R,A bytes of a `width` × `height` image where `color(x, y)` gives each pixel.
func bgraPixels(width: Int, height: Int, bytesPerRow: Int? = nil, _ color: (Int, Int) -> ScreenColor) -> (bytes: [UInt8], bytesPerRow: Int) {
    let stride = bytesPerRow ?? width * 4
    var bytes = [UInt8](repeating: 0, count: stride * height)
    for y in 0 ..< height {
        for x in 0 ..< width {
            let c = color(x, y), o = y * stride + x * 4
            bytes[o] = c.blue; bytes[o + 1] = c.green; bytes[o + 2] = c.red; bytes[o + 3] = c.alpha
        }
    }
    return (bytes, stride)
}

@MainActor
func makeTexture(on renderer: Renderer, width: Int, height: Int, capacity: PixelSize? = nil,
                 _ color: (Int, Int) -> ScreenColor) throws -> TileTexture {
    let texture = try TileTexture(renderer: renderer, capacity: capacity ?? PixelSize(width: width, height: height))
    try fill(texture, width: width, height: height, color)
    return texture
}

@MainActor
func fill(_ texture: TileTexture, width: Int, height: Int, _ color: (Int, Int) -> ScreenColor) throws {
    let image = bgraPixels(width: width, height: height, color)
    try image.bytes.withUnsafeBytes {
        try texture.update(pixels: $0, width: width, height: height, bytesPerRow: image.bytesPerRow)
    }
}

/// Every pixel of `rect` on `canvas`.
@MainActor
func pixels(of canvas: OffscreenCanvas, in rect: PixelRect) -> [ScreenColor] {
    var found: [ScreenColor] = []
    for y in rect.y ..< rect.maxY {
        for x in rect.x ..< rect.maxX {
            if let c = canvas.pixel(atX: x, y: y) { found.append(c) }
        }
    }
    return found
}

let red = ScreenColor(red: 220, green: 30, blue: 30)
let green = ScreenColor(red: 30, green: 200, blue: 40)
let blue = ScreenColor(red: 30, green: 40, blue: 220)

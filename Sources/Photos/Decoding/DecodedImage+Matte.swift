/// A colour to lay translucent pixels on: the tile colour a wall draws under its photos.
public struct Matte: Sendable, Equatable {
    public let red: UInt8
    public let green: UInt8
    public let blue: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red; self.green = green; self.blue = blue
    }
}

extension DecodedImage {
    /// Lays every translucent pixel on `matte` and makes it opaque: the pixels a renderer would
    /// blend over a tile of that colour, computed once on a decode thread instead of at every
    /// frame. A tile made opaque this way is drawn without blending and without its placeholder
    /// underneath, which is what lets SDL's software renderer take its plain copy (and
    /// OpenGL on a CPU rasteriser skip reading the screen back for each tile).
    ///
    /// Alpha is straight (not premultiplied), as every decoder here gives it. Most photos have
    /// no translucent pixel at all; for them this is one read of the alpha bytes.
    public mutating func flatten(onto matte: Matte) {
        let width = width, height = height, stride = stride
        pixels.withUnsafeMutableBytes { bytes in
            for y in 0 ..< height {
                let row = y * stride
                var x = 0
                while x < width {
                    let o = row + x * 4
                    let alpha = bytes[o + 3]
                    if alpha != 255 {
                        Self.blend(bytes, at: o, alpha: alpha, onto: matte)
                    }
                    x += 1
                }
            }
        }
    }

    private static func blend(_ bytes: UnsafeMutableRawBufferPointer, at o: Int, alpha: UInt8, onto matte: Matte) {
        let a = UInt32(alpha), rest = 255 - a
        // Rounded to nearest, so a half-transparent pixel lands where SDL's own blend would.
        func mix(_ colour: UInt8, _ under: UInt8) -> UInt8 {
            UInt8((UInt32(colour) * a + UInt32(under) * rest + 127) / 255)
        }
        bytes[o] = mix(bytes[o], matte.blue)
        bytes[o + 1] = mix(bytes[o + 1], matte.green)
        bytes[o + 2] = mix(bytes[o + 2], matte.red)
        bytes[o + 3] = 255
    }
}

import CSDL2
import Waterfall

/// The turned copy for SDL's software renderer. SDL 2.26 turns a copy (`SDL_RenderCopyEx`) there
/// through a new surface and a scaled blit every frame: at 1280×800 on X11 a frame took 11.2 ms
/// against 3.8 ms upright (BENCHMARKS.md, `script/dev/bench-rotate`). Reading the picture back,
/// turning it in one pass into a streaming texture of the screen's size, and copying that plainly
/// took 5.0 ms.
///
/// Only pointers are held: SDL destroys the texture with its renderer, and `Renderer+Rotation`
/// destroys it when the target is made anew.
@MainActor
final class SoftwareTurn {
    let texture: OpaquePointer
    let screen: PixelSize
    let picture: PixelSize
    private let format: UInt32
    private var pixels: [UInt32]

    init?(renderer: OpaquePointer, format: UInt32, screen: PixelSize, picture: PixelSize) {
        guard screen.width > 0, screen.height > 0,
              let texture = SDL_CreateTexture(renderer, format, Int32(SDL_TEXTUREACCESS_STREAMING.rawValue),
                                              Int32(screen.width), Int32(screen.height)) else { return nil }
        SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_NONE)
        self.texture = texture
        self.screen = screen
        self.picture = picture
        self.format = format
        pixels = [UInt32](repeating: 0, count: picture.width * picture.height)
    }

    /// Reads the picture from `renderer`'s current target (the turned target) and turns it into
    /// the streaming texture; false when SDL refuses either step.
    func turn(_ turn: QuarterTurn, from renderer: OpaquePointer) -> Bool {
        let read = pixels.withUnsafeMutableBytes { buffer in
            SDL_RenderReadPixels(renderer, nil, format, buffer.baseAddress, Int32(picture.width * 4))
        }
        guard read == 0 else { return false }
        var out: UnsafeMutableRawPointer?
        var pitch: Int32 = 0
        guard SDL_LockTexture(texture, nil, &out, &pitch) == 0, let out else { return false }
        defer { SDL_UnlockTexture(texture) }
        let w = screen.width, h = screen.height, pw = picture.width, rowBytes = Int(pitch)
        pixels.withUnsafeBufferPointer { source in
            // In 32-pixel blocks: a quarter turn reads the picture down its columns, and a block's
            // columns stay in the cache while its rows are written.
            for blockY in stride(from: 0, to: h, by: 32) {
                for blockX in stride(from: 0, to: w, by: 32) {
                    for y in blockY..<min(blockY + 32, h) {
                        let row = (out + y * rowBytes).assumingMemoryBound(to: UInt32.self)
                        for x in blockX..<min(blockX + 32, w) {
                            // The screen's pixel (x, y) shows the picture's, as ScreenRotation maps them.
                            switch turn {
                            case .clockwise: row[x] = source[(w - 1 - x) * pw + y]
                            case .half: row[x] = source[(h - 1 - y) * pw + (w - 1 - x)]
                            case .counterClockwise: row[x] = source[x * pw + (h - 1 - y)]
                            }
                        }
                    }
                }
            }
        }
        return true
    }
}

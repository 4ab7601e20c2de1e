import CSDL2
import Waterfall

/// Owns an `SDL_Surface` and frees it exactly once, after everything drawing into it is gone.
@MainActor
final class SurfaceStorage {
    let surface: UnsafeMutablePointer<SDL_Surface>

    init(adopting surface: UnsafeMutablePointer<SDL_Surface>) {
        self.surface = surface
    }

    isolated deinit {
        SDL_FreeSurface(surface)
    }

    var size: PixelSize { PixelSize(width: Int(surface.pointee.w), height: Int(surface.pointee.h)) }
    var bytesPerRow: Int { Int(surface.pointee.pitch) }

    /// The pixel memory (B,G,R,A per pixel, rows `bytesPerRow` apart).
    var bytes: UnsafeMutableRawBufferPointer {
        UnsafeMutableRawBufferPointer(start: surface.pointee.pixels, count: bytesPerRow * size.height)
    }
}

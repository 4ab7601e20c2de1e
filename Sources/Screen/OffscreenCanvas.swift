import CSDL2
import Waterfall

/// A wall drawn into memory through SDL's software renderer — no window, no display, no video
/// subsystem — so `cascade render` produces the same pixels a window would show.
///
/// One surface holds the whole picture: a 1920 × 30000 wall is 230 MB, which this machine and
/// any kiosk-class box can afford, and it keeps drawing identical to the window path (tiles that
/// straddle a band edge would otherwise need drawing twice). Anything past `maximumBytes`
/// (1 GiB by default, and never past what SDL's 32-bit offsets address) is refused up front
/// with a clear error rather than failing somewhere inside SDL.
@MainActor
public final class OffscreenCanvas {
    public static let defaultMaximumBytes = 1 << 30

    public let renderer: Renderer
    private let storage: SurfaceStorage

    /// Size in physical pixels.
    public var size: PixelSize { storage.size }
    public var scale: Double { renderer.scale }

    /// A canvas of `size` physical pixels, initially transparent black.
    public init(size: PixelSize, scale: Double = 1, maximumBytes: Int = OffscreenCanvas.defaultMaximumBytes) throws {
        guard size.width > 0, size.height > 0 else {
            throw ScreenError.invalidSize("canvas \(size) covers no pixel")
        }
        let (rowBytes, rowOverflow) = size.width.multipliedReportingOverflow(by: 4)
        let (bytes, overflow) = rowBytes.multipliedReportingOverflow(by: size.height)
        let limit = min(maximumBytes, Int(Int32.max))
        guard !rowOverflow, !overflow, bytes <= limit else {
            throw ScreenError.tooLarge(what: "a \(size) canvas", bytes: overflow || rowOverflow ? Int.max : bytes, limit: limit)
        }
        guard let surface = SDL_CreateRGBSurfaceWithFormat(0, Int32(size.width), Int32(size.height), 32,
                                                           SDL_PIXELFORMAT_ARGB8888.rawValue) else {
            throw ScreenError.sdl("SDL_CreateRGBSurfaceWithFormat")
        }
        let storage = SurfaceStorage(adopting: surface)
        guard let handle = SDL_CreateSoftwareRenderer(surface) else {
            throw ScreenError.sdl("SDL_CreateSoftwareRenderer")
        }
        self.storage = storage
        self.renderer = Renderer(handle: handle, scale: scale, target: storage, targetFormat: SDL_PIXELFORMAT_ARGB8888.rawValue)
    }

    /// A canvas for a wall of `logicalSize`, sized in physical pixels exactly as tiles snap.
    public convenience init(logicalSize: Size, scale: Double = 1,
                            maximumBytes: Int = OffscreenCanvas.defaultMaximumBytes) throws {
        let pixels = PixelRect(snapping: Rect(origin: .zero, size: logicalSize), scale: Renderer.validScale(scale))
        try self.init(size: pixels.size, scale: scale, maximumBytes: maximumBytes)
    }

    /// The colour at a physical pixel, or nil outside the canvas.
    public func pixel(atX x: Int, y: Int) -> ScreenColor? {
        let size = storage.size
        guard x >= 0, y >= 0, x < size.width, y < size.height else { return nil }
        renderer.flush()
        let offset = y * storage.bytesPerRow + x * 4
        let bytes = storage.bytes
        return ScreenColor(red: bytes[offset + 2], green: bytes[offset + 1], blue: bytes[offset], alpha: bytes[offset + 3])
    }

    /// Direct read access to the drawn pixels (B,G,R,A; rows `bytesPerRow` apart), without a copy.
    public func withPixels<Result>(_ body: (UnsafeRawBufferPointer, _ bytesPerRow: Int) throws -> Result) rethrows -> Result {
        renderer.flush()
        return try body(UnsafeRawBufferPointer(storage.bytes), storage.bytesPerRow)
    }

    /// A copy of all pixels, rows tightly packed (width × 4 bytes each).
    public func pixels() -> [UInt8] {
        withPixels { bytes, bytesPerRow in
            let size = storage.size, rowBytes = size.width * 4
            var packed = [UInt8](repeating: 0, count: rowBytes * size.height)
            packed.withUnsafeMutableBytes { out in
                for row in 0 ..< size.height {
                    let from = UnsafeRawBufferPointer(rebasing: bytes[row * bytesPerRow ..< row * bytesPerRow + rowBytes])
                    UnsafeMutableRawBufferPointer(rebasing: out[row * rowBytes ..< (row + 1) * rowBytes]).copyMemory(from: from)
                }
            }
            return packed
        }
    }

    /// Writes the canvas as a PNG file (see `PNGExport` for how).
    public func savePNG(to path: String) throws {
        try pngWriter().finish(to: path)
    }

    /// A PNG of this canvas to be written a band of rows at a time, as drawing finishes them.
    public func pngWriter() throws -> CanvasPNGWriter {
        try CanvasPNGWriter(storage: storage, renderer: renderer)
    }
}

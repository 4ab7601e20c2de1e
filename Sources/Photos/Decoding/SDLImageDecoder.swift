import CSDL2
import CSDLImage

/// GIF (first frame), BMP and TIFF through SDL2_image, from memory. These formats have no
/// scaled decode, so the whole image is decoded and then shrunk; the pixel cap is checked
/// against the probed size before SDL allocates anything. Only surface functions are used:
/// they are safe on worker threads and need no SDL_Init.
///
/// The cap is a budget of `maxPixels` × 4 bytes for every buffer alive at once, not for the
/// image alone: SDL's surface (1 to 4 bytes a pixel), its ARGB conversion and the copy handed
/// on. SDL's surface is freed as soon as it is converted, so two full-size buffers at most
/// are alive at a time — an image may have half the cap's pixels. (Counting the image alone let
/// a small GIF bomb take several times the cap: docs/reliability.md, "Decode workers' memory".)
enum SDLImageDecoder {
    /// Full-size buffers alive at once at the peak: the conversion and the copy (or SDL's
    /// surface, at most 4 bytes a pixel, and the conversion).
    static let buffersAtPeak = 2

    /// SDL_image opened (CSDLImage) on the first GIF, BMP or TIFF, not at a worker's start, and
    /// its loaders initialised then: it initialises them lazily with an unlocked counter, and a
    /// Swift global's initialiser runs once while concurrent first callers wait, so worker
    /// threads do not race on it. No SDL_Init: surface functions do not need video.
    private static let ready: Bool = {
        guard cascade_sdl_image_open() else { return false }
        let flags = Int32(IMG_INIT_TIF.rawValue | IMG_INIT_PNG.rawValue | IMG_INIT_JPG.rawValue | IMG_INIT_WEBP.rawValue)
        _ = IMG_Init(flags)
        return true
    }()

    static func decode(_ data: UnsafeRawBufferPointer, format: ImageFormat,
                       request: DecodeRequest) throws(DecodeError) -> SourceImage {
        guard let stored = request.storedSize else { throw .unknownSize }
        guard stored.width > 0, stored.height > 0 else { throw .corrupt(format, detail: "no image size") }
        guard stored.width * stored.height <= request.maxPixels / buffersAtPeak else {
            throw .tooManyPixels(width: stored.width, height: stored.height)
        }
        guard let base = data.baseAddress, !data.isEmpty else { throw .truncated }
        guard data.count <= Int(Int32.max) else { throw .fileTooLarge(bytes: Int64(data.count)) }
        // SDL_image shows whatever frames a cut-off GIF holds without complaint; a GIF
        // always ends with its trailer byte, so a missing one means the file is cut short.
        if format == .gif, data.last != 0x3B { throw .truncated }
        // SDL sizes a GIF's surface by its first frame, which may claim more than the screen.
        if format == .gif, let frame = GIFFrameSize.firstFrame(in: data),
           frame.width * frame.height > request.maxPixels / buffersAtPeak {
            throw .tooManyPixels(width: frame.width, height: frame.height)
        }
        LibrarySetup.ensure()
        guard ready else {
            throw .unsupported("\(format.displayName) needs SDL_image: \(String(cString: cascade_sdl_image_error()))")
        }

        guard let stream = SDL_RWFromConstMem(base, Int32(data.count)) else { throw .outOfMemory }
        // freesrc = 1: SDL closes the stream whether or not the load succeeds.
        guard let loaded = IMG_LoadTyped_RW(stream, 1, typeName(format)) else {
            throw error(format, String(cString: SDL_GetError()))
        }
        let width = Int(loaded.pointee.w), height = Int(loaded.pointee.h)
        // The probe and the decoder can disagree (the file changed in between); never hand
        // on more than the cap either way.
        guard width > 0, height > 0 else { SDL_FreeSurface(loaded); throw .corrupt(format, detail: "empty image") }
        guard width * height <= request.maxPixels / Self.buffersAtPeak else {
            SDL_FreeSurface(loaded)
            throw .tooManyPixels(width: width, height: height)
        }

        let converted = SDL_ConvertSurfaceFormat(loaded, UInt32(SDL_PIXELFORMAT_ARGB8888.rawValue), 0)
        SDL_FreeSurface(loaded)
        guard let converted else { throw error(format, String(cString: SDL_GetError())) }
        defer { SDL_FreeSurface(converted) }
        if SDL_MUSTLOCK(converted) { SDL_LockSurface(converted) }
        defer { if SDL_MUSTLOCK(converted) { SDL_UnlockSurface(converted) } }
        guard let source = converted.pointee.pixels else { throw .corrupt(format, detail: "no pixels") }
        let pitch = Int(converted.pointee.pitch)
        let pixels = [UInt8](unsafeUninitializedCapacity: width * height * 4) { buffer, count in
            for y in 0..<height {
                (buffer.baseAddress! + y * width * 4).update(
                    from: source.advanced(by: y * pitch).assumingMemoryBound(to: UInt8.self), count: width * 4)
            }
            count = width * height * 4
        }
        let plan = request.plan(sourceWidth: width, sourceHeight: height)
        return SourceImage(image: DecodedImage(width: width, height: height, stride: width * 4, pixels: pixels),
                           sourceWidth: width, sourceHeight: height, plan: plan, mayHaveAlpha: true)
    }

    private static func typeName(_ format: ImageFormat) -> String {
        switch format {
        case .gif: return "GIF"
        case .bmp: return "BMP"
        case .tiff: return "TIF"
        case .png: return "PNG"
        case .jpeg: return "JPG"
        case .webp: return "WEBP"
        // Never asked of SDL_image here (libheif and libjxl read them); its names all the same.
        case .heif: return "HEIF"
        case .avif: return "AVIF"
        case .jxl: return "JXL"
        }
    }

    private static func error(_ format: ImageFormat, _ message: String) -> DecodeError {
        let lower = message.lowercased()
        if lower.contains("premature") || lower.contains("end of file") || lower.contains("truncated") {
            return .truncated
        }
        if lower.contains("out of memory") { return .outOfMemory }
        return .corrupt(format, detail: message)
    }
}

/// SDL_MUSTLOCK is a macro Swift does not see.
private func SDL_MUSTLOCK(_ surface: UnsafeMutablePointer<SDL_Surface>) -> Bool {
    surface.pointee.flags & UInt32(SDL_RLEACCEL) != 0
}

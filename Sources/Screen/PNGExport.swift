import CSDL2
import Glibc

/// Writes a canvas surface to a PNG file through SDL_image.
enum PNGExport {
    /// Writes `storage` to `path`. A regular file is written under a temporary name next to
    /// it and renamed into place, so a failed or interrupted render never leaves a truncated
    /// PNG behind; an existing non-regular file (a FIFO, /dev/stdout) is written in place,
    /// since renaming over it would replace the device node instead of writing to it.
    @MainActor
    static func write(_ storage: SurfaceStorage, to path: String) throws {
        guard !path.isEmpty, !path.hasSuffix("/") else {
            throw ScreenError.notWritable(path: path, reason: "not a file name")
        }
        var status = stat()
        let exists = stat(path, &status) == 0
        if exists && (status.st_mode & S_IFMT) == S_IFDIR {
            throw ScreenError.notWritable(path: path, reason: "is a directory")
        }
        guard !exists || (status.st_mode & S_IFMT) == S_IFREG else {
            try save(storage, to: path, reportedAs: path)
            return
        }
        let temporary = temporaryName(for: path)
        do {
            try save(storage, to: temporary, reportedAs: path)
        } catch {
            unlink(temporary)
            throw error
        }
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw ScreenError.notWritable(path: path, reason: reason)
        }
    }

    private static func temporaryName(for path: String) -> String {
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        return directory + "." + name + ".\(getpid()).partial"
    }

    @MainActor
    private static func save(_ storage: SurfaceStorage, to file: String, reportedAs path: String) throws {
        let source = storage.surface
        var result: Int32
        #if _endian(little)
        // SDL_image writes PNG rows straight from an R,G,B,A surface but converts anything else
        // into a full-size copy first — another 230 MB for a tall wall. Swapping B and R in
        // place and lending the same memory to SDL_image under the R,G,B,A format avoids that
        // copy; the swap is undone before returning, whatever happens.
        swapRedAndBlue(storage)
        defer { swapRedAndBlue(storage) }
        guard let view = SDL_CreateRGBSurfaceWithFormatFrom(
            source.pointee.pixels, source.pointee.w, source.pointee.h, 32, source.pointee.pitch,
            SDL_PIXELFORMAT_ABGR8888.rawValue) else {
            throw ScreenError.sdl("SDL_CreateRGBSurfaceWithFormatFrom")
        }
        defer { SDL_FreeSurface(view) }
        SDL_ClearError()
        result = IMG_SavePNG(view, file)
        #else
        SDL_ClearError()
        result = IMG_SavePNG(source, file)
        #endif
        guard result == 0 else {
            let message = SDL_GetError().map { String(cString: $0) } ?? ""
            throw ScreenError.notWritable(path: path, reason: message.isEmpty ? "SDL_image could not write it" : message)
        }
    }

    /// B,G,R,A ⇄ R,G,B,A for every pixel, a 32-bit word at a time.
    @MainActor
    private static func swapRedAndBlue(_ storage: SurfaceStorage) {
        let size = storage.size, bytesPerRow = storage.bytesPerRow
        let bytes = storage.bytes
        for row in 0 ..< size.height {
            let words = UnsafeMutableRawBufferPointer(rebasing: bytes[row * bytesPerRow ..< row * bytesPerRow + size.width * 4])
                .bindMemory(to: UInt32.self)
            for i in words.indices {
                let v = words[i]
                words[i] = (v & 0xFF00_FF00) | ((v >> 16) & 0xFF) | ((v & 0xFF) << 16)
            }
        }
    }
}

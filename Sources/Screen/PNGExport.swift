import CPNGCodec
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

    /// Deflated at ISA-L's level 1 (CPNGCodec's writer): a wall is mostly photo
    /// pixels, which deflate barely shrinks at any level, and level 6 (SDL_image's) spent over a
    /// second on a 1920×3000 wall — longer than decoding half of its photos. A wall is opaque,
    /// so RGB.
    @MainActor
    private static func save(_ storage: SurfaceStorage, to file: String, reportedAs path: String) throws {
        var out: UnsafeMutablePointer<UInt8>?
        var outSize = 0
        var message = [CChar](repeating: 0, count: 256)
        let status = cascade_png_write_bgra(UnsafePointer(storage.bytes.baseAddress!.assumingMemoryBound(to: UInt8.self)),
                                            UInt32(storage.size.width), UInt32(storage.size.height), storage.bytesPerRow,
                                            nil, nil, 0, 1, 1, &out, &outSize, &message, message.count)
        guard status == 0, let out else {
            throw ScreenError.notWritable(path: path, reason: String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        defer { cascade_png_free(out) }
        guard let handle = fopen(file, "wb") else { throw ScreenError.notWritable(path: path, reason: String(cString: strerror(errno))) }
        let written = fwrite(out, 1, outSize, handle)
        let closed = fclose(handle)
        guard written == outSize, closed == 0 else {
            throw ScreenError.notWritable(path: path, reason: String(cString: strerror(errno)))
        }
    }
}

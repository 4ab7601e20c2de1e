import Glibc

/// Puts an encoded PNG (`CanvasPNGWriter`'s) into its file.
enum PNGExport {
    /// Writes `png` to `path`. A regular file is written under a temporary name next to
    /// it and renamed into place, so a failed or interrupted render never leaves a truncated
    /// PNG behind; an existing non-regular file (a FIFO, /dev/stdout) is written in place,
    /// since renaming over it would replace the device node instead of writing to it.
    static func write(_ png: UnsafeRawBufferPointer, to path: String) throws {
        guard !path.isEmpty, !path.hasSuffix("/") else {
            throw ScreenError.notWritable(path: path, reason: "not a file name")
        }
        var status = stat()
        let exists = stat(path, &status) == 0
        if exists && (status.st_mode & S_IFMT) == S_IFDIR {
            throw ScreenError.notWritable(path: path, reason: "is a directory")
        }
        guard !exists || (status.st_mode & S_IFMT) == S_IFREG else {
            try save(png, to: path, reportedAs: path)
            return
        }
        let temporary = temporaryName(for: path)
        do {
            try save(png, to: temporary, reportedAs: path)
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

    private static func save(_ png: UnsafeRawBufferPointer, to file: String, reportedAs path: String) throws {
        guard let handle = fopen(file, "wb") else { throw ScreenError.notWritable(path: path, reason: String(cString: strerror(errno))) }
        let written = png.isEmpty ? 0 : fwrite(png.baseAddress!, 1, png.count, handle)
        let closed = fclose(handle)
        guard written == png.count, closed == 0 else {
            throw ScreenError.notWritable(path: path, reason: String(cString: strerror(errno)))
        }
    }
}

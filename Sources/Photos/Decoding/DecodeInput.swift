#if canImport(Glibc)
import Glibc
#endif

/// Reads a photo file into memory for the decoders, through `SafeFile`: regular files only,
/// nothing past the read cap, and failures in the decoders' own error type.
enum DecodeInput {
    static func open(_ path: PhotoPath) throws(DecodeError) -> SafeFile {
        do {
            return try SafeFile(opening: path)
        } catch {
            throw DecodeError(error)
        }
    }

    static func read(_ path: PhotoPath, limit: Int = SafeFile.defaultLimit) throws(DecodeError) -> [UInt8] {
        try read(open(path), limit: limit)
    }

    /// The whole of a file already open (whose stamp the caller may already have taken).
    static func read(_ file: SafeFile, limit: Int = SafeFile.defaultLimit) throws(DecodeError) -> [UInt8] {
        do {
            return try file.readAll(limit: limit)
        } catch {
            throw DecodeError(error)
        }
    }
}

extension DecodeError {
    /// The reader's failure as an error tile states it.
    init(_ error: SafeFileError) {
        switch error {
        // Worded by strerror, like every other read failure.
        case .notFound: self = .unreadable(String(cString: strerror(ENOENT)))
        case .notRegularFile: self = .notRegularFile
        case .tooLarge(let size, _): self = .fileTooLarge(bytes: Int64(size))
        case .unreadable(let reason): self = .unreadable(reason)
        }
    }
}

#if canImport(Glibc)
import Glibc
#endif

/// Why a photo file could not be read. The description is the short reason shown in logs and on
/// error tiles; the caller adds the path, which it already knows.
public enum SafeFileError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Nothing at the path (or a dangling symbolic link).
    case notFound
    /// A FIFO, socket, device or folder: never opened for reading, because opening a FIFO blocks
    /// and reading a device never ends.
    case notRegularFile(kind: String)
    /// Larger than the read cap; `size` is the size seen (at least `limit + 1`).
    case tooLarge(size: Int, limit: Int)
    /// Any other failure of stat, open or read, with the system's reason.
    case unreadable(reason: String)

    public var description: String {
        switch self {
        case .notFound: return "no such file"
        case .notRegularFile(let kind): return "not a regular file (\(kind))"
        case .tooLarge(let size, let limit): return "too large (\(size) bytes, limit \(limit))"
        case .unreadable(let reason): return "unreadable: \(reason)"
        }
    }

    static func fromErrno(_ code: Int32) -> SafeFileError {
        switch code {
        case ENOENT, ENOTDIR: return .notFound
        default: return .unreadable(reason: String(cString: strerror(code)))
        }
    }

    /// A word for the kind of a non-regular file, from `st_mode`.
    static func kind(ofMode mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFDIR: return "folder"
        case S_IFIFO: return "fifo"
        case S_IFSOCK: return "socket"
        case S_IFCHR: return "character device"
        case S_IFBLK: return "block device"
        case S_IFLNK: return "symbolic link"
        default: return "unknown file type"
        }
    }
}

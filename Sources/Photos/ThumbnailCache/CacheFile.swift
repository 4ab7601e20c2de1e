import Glibc
import Synchronization

/// Files in the thumbnail cache: folders made 0700, files written 0600 and atomically — a
/// temporary name in the same folder, then rename(2) — so a reader (cascade or a file
/// manager) never sees half a PNG, even when both write the same thumbnail at once.
enum CacheFile {
    struct Failure: Error, CustomStringConvertible {
        let operation: String
        let path: String
        let errno: Int32
        var description: String { "\(operation) \(path): \(String(cString: strerror(errno)))" }
    }

    /// Distinguishes the temporary files of concurrent writers within this process; the pid
    /// distinguishes processes.
    private static let sequence = Atomic<Int>(0)

    /// Creates `folder` and any missing parents with mode 0700.
    static func makeFolders(_ folder: PhotoPath) throws(Failure) {
        let made = folder.withCString { mkdir($0, 0o700) }
        if made == 0 || errno == EEXIST {
            if made != 0 {
                var info = stat()
                if folder.withCString({ stat($0, &info) }) != 0 || info.st_mode & S_IFMT != S_IFDIR {
                    throw Failure(operation: "mkdir", path: folder.string, errno: ENOTDIR)
                }
            }
            return
        }
        guard errno == ENOENT, let parent = parent(of: folder) else {
            throw Failure(operation: "mkdir", path: folder.string, errno: errno)
        }
        try makeFolders(parent)
        guard folder.withCString({ mkdir($0, 0o700) }) == 0 || errno == EEXIST else {
            throw Failure(operation: "mkdir", path: folder.string, errno: errno)
        }
    }

    static func parent(of path: PhotoPath) -> PhotoPath? {
        var bytes = path.bytes
        while bytes.count > 1, bytes.last == UInt8(ascii: "/") { bytes.removeLast() }
        guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")), slash > 0 else { return nil }
        return PhotoPath(bytes: Array(bytes[..<slash]))
    }

    /// Writes `bytes` to `folder/name` atomically, creating the folder if needed.
    static func writeAtomically(_ bytes: [UInt8], folder: PhotoPath, name: String) throws(Failure) {
        try makeFolders(folder)
        let number = sequence.wrappingAdd(1, ordering: .relaxed).newValue
        let temporary = folder.appending(Array(".\(name).\(getpid()).\(number).tmp".utf8))
        let final = folder.appending(Array(name.utf8))

        let fd = temporary.withCString { open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600) }
        guard fd >= 0 else { throw Failure(operation: "create", path: temporary.string, errno: errno) }
        let wrote = bytes.withUnsafeBytes { DurableWrite.all($0, to: fd) }
        var failure = wrote == 0 ? nil : Failure(operation: "write", path: temporary.string, errno: wrote)
        // A full disk or a network file system may only report the error at close.
        if close(fd) != 0, failure == nil {
            failure = Failure(operation: "close", path: temporary.string, errno: errno)
        }
        if failure == nil, temporary.withCString({ from in final.withCString { rename(from, $0) } }) != 0 {
            failure = Failure(operation: "rename", path: final.string, errno: errno)
        }
        if let failure {
            _ = temporary.withCString { unlink($0) }
            throw failure
        }
    }
}

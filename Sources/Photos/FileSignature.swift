#if canImport(Glibc)
import Glibc
#endif

/// What a watcher remembers of a file to tell, when it looks again without an event (a
/// rescan after the event queue overflowed, or polling), whether the file changed.
struct FileSignature: Sendable, Hashable {
    let mtime: FileTime
    let size: Int
    let id: FileID

    init(_ status: stat) {
        mtime = FileTime(status.st_mtim)
        size = Int(status.st_size)
        id = FileID(status)
    }
}

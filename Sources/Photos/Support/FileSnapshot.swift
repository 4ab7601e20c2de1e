#if canImport(Glibc)
import Glibc
#endif

/// What a file was when it was looked at: which file (device and inode), its size, and its
/// modification and status-change times. Compared again just before acting on the file, it
/// tells whether anybody wrote, replaced or truncated it meanwhile: a photo rewritten by
/// `rotate`, the original a move across filesystems removes, the trashed file `restore` takes
/// back.
struct FileSnapshot: Sendable, Hashable {
    let file: FileID
    let size: Int64
    let modified: FileTime
    let changed: FileTime

    init(_ status: stat) {
        file = FileID(status)
        size = Int64(status.st_size)
        modified = FileTime(status.st_mtim)
        changed = FileTime(status.st_ctim)
    }

    /// What `path` names now, a last symbolic link not followed; nil when nothing is there.
    static func of(_ path: PhotoPath) -> FileSnapshot? {
        var status = stat()
        return path.withCString({ lstat($0, &status) }) == 0 ? FileSnapshot(status) : nil
    }

    /// The same file with the same bytes, as far as the kernel tells: a writer that keeps the
    /// size still moves the times.
    func isUnchanged(_ now: FileSnapshot) -> Bool { self == now }

    /// The same file with the same contents, its status-change time aside: a rename (into the
    /// trash, out of it) sets that one.
    func hasSameContents(as now: FileSnapshot) -> Bool {
        file == now.file && size == now.size && modified == now.modified
    }
}

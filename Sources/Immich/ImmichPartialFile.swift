// A download on its way: written under a hidden name the scan and the watcher pass by, flushed,
// then renamed into place whole, so no reader ever sees half a picture. One that is not moved
// into place (an error, a cancel) is deleted when let go.

import Glibc

final class ImmichPartialFile {
    let path: String
    let fd: Int32
    private var placed = false

    /// A new partial file for asset `id` in `folder`, empty.
    init(for id: String, in folder: String) throws(ImmichFailure) {
        path = folder + "/" + ImmichFileName.partial(for: id)
        fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw .unexpected("cannot write \(path): \(String(cString: strerror(errno)))") }
    }

    deinit {
        close(fd)
        if !placed { unlink(path) }
    }

    /// Flushed to the disk and renamed to `destination`.
    func place(at destination: String) throws(ImmichFailure) {
        guard fsync(fd) == 0 else { throw .unexpected("cannot write \(path): \(String(cString: strerror(errno)))") }
        guard rename(path, destination) == 0 else {
            throw .unexpected("cannot rename \(path) to \(destination): \(String(cString: strerror(errno)))")
        }
        placed = true
    }
}

#if canImport(Glibc)
import Glibc
#endif

/// A pipe that interrupts a thread blocked in poll(2): the watcher's thread polls the read
/// end, `stop()` writes a byte. Shared by the watcher and its thread, and closed by whichever
/// lets go last, so a write never lands on a descriptor number reused by someone else.
final class WakePipe: Sendable {
    let readEnd: Int32
    private let writeEnd: Int32

    init() throws(FolderWatchError) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw .cannotStart("cannot make a pipe: \(String(cString: strerror(errno)))") }
        for end in ends {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
        }
        readEnd = ends[0]
        writeEnd = ends[1]
    }

    deinit {
        close(readEnd)
        close(writeEnd)
    }

    func signal() {
        var byte: UInt8 = 1
        // A full pipe already wakes the reader; nothing else to do on EAGAIN.
        _ = write(writeEnd, &byte, 1)
    }
}

/// Why a folder watcher could not start.
public enum FolderWatchError: Error, Sendable, Hashable, CustomStringConvertible {
    case cannotStart(String)

    public var description: String {
        switch self {
        case .cannotStart(let reason): return "cannot watch the folders: \(reason)"
        }
    }
}

#if canImport(Glibc)
import Glibc
#endif

/// One inotify event, decoded from the kernel's record.
struct InotifyEvent: Sendable, Hashable {
    let watch: Int32
    let mask: UInt32
    /// The child's name for events about a folder's entries; empty for events about the
    /// watched folder itself.
    let name: [UInt8]

    func has(_ flag: Int32) -> Bool { mask & UInt32(bitPattern: flag) != 0 }
}

/// An inotify instance: folders are added to it, events are read from it without blocking.
final class InotifyQueue {
    let descriptor: Int32

    /// What is asked of every watched folder. IN_CREATE is there for new sub-folders (and
    /// links, which arrive complete); a plain file's IN_CREATE is ignored because the file is
    /// not written yet — it counts once it is closed (IN_CLOSE_WRITE) or moved in.
    static let mask: UInt32 = UInt32(bitPattern: IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_DELETE | IN_MOVED_FROM
        | IN_DELETE_SELF | IN_MOVE_SELF | IN_ONLYDIR | IN_EXCL_UNLINK)

    /// Nil with errno set when the kernel gives no instance (EMFILE: the per-user limit in
    /// /proc/sys/fs/inotify/max_user_instances).
    init?() {
        let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fd >= 0 else { return nil }
        descriptor = fd
    }

    deinit { close(descriptor) }

    enum AddResult {
        case watching(Int32)
        /// ENOSPC: the per-user limit in /proc/sys/fs/inotify/max_user_watches is reached.
        case outOfWatches
        case failed(Int32)
    }

    func add(_ folder: PhotoPath) -> AddResult {
        let watch = folder.withCString { inotify_add_watch(descriptor, $0, Self.mask) }
        if watch >= 0 { return .watching(watch) }
        return errno == ENOSPC ? .outOfWatches : .failed(errno)
    }

    func remove(_ watch: Int32) {
        // EINVAL when the kernel already dropped it (the folder is gone): nothing to undo.
        _ = inotify_rm_watch(descriptor, watch)
    }

    private var buffer = [UInt8](repeating: 0, count: 64 * 1024)

    /// Every event queued now; empty when there is none.
    func read() -> [InotifyEvent] {
        var events: [InotifyEvent] = []
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress!, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            buffer.withUnsafeBytes { raw in
                let header = MemoryLayout<inotify_event>.size
                var offset = 0
                while offset + header <= count {
                    let record = raw.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                    let end = min(offset + header + Int(record.len), count)
                    // The name is NUL-padded to a multiple of the record alignment.
                    let name = Array(raw[(offset + header)..<end].prefix(while: { $0 != 0 }))
                    events.append(InotifyEvent(watch: record.wd, mask: record.mask, name: name))
                    offset = end
                }
            }
        }
        return events
    }
}

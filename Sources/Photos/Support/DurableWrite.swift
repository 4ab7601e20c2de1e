#if canImport(Glibc)
import Glibc
#endif

/// Writing a file so that what was written is what is there: every byte of a buffer, however
/// many calls write(2) takes, and a folder flushed so that a new name in it survives a power cut.
/// The trash's info files, the thumbnail cache, a rotated photo and a moved one all write this way.
enum DurableWrite {
    /// 0 when every byte went, else the errno; a write that makes no progress is a full disk.
    static func all(_ bytes: UnsafeRawBufferPointer, to fd: Int32) -> Int32 {
        var done = 0
        while done < bytes.count {
            let written = write(fd, bytes.baseAddress! + done, bytes.count - done)
            if written > 0 {
                done += written
            } else if written < 0, errno == EINTR {
                continue
            } else {
                return written < 0 ? errno : ENOSPC
            }
        }
        return 0
    }

    /// A rename into `folder`, or a file made there, is durable only once the folder is flushed.
    static func flushFolder(_ folder: PhotoPath) {
        let fd = folder.withCString { open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        guard fd >= 0 else { return }
        _ = fsync(fd)
        close(fd)
    }
}

import Glibc

/// The size and modification time of a file: what the thumbnail spec compares to decide
/// whether a thumbnail still shows the file.
public struct FileStamp: Sendable, Equatable {
    /// Whole seconds since the epoch, as `Thumb::MTime` stores it.
    public let mtime: Int64
    public let size: Int64

    public init(mtime: Int64, size: Int64) {
        self.mtime = mtime
        self.size = size
    }

    /// stat(2) of the file the path names (symlinks followed). Does not open it, so it is
    /// harmless on a FIFO or a device.
    public static func of(_ path: PhotoPath) throws(DecodeError) -> FileStamp {
        var info = stat()
        let result = path.withCString { stat($0, &info) }
        guard result == 0 else { throw .unreadable(DecodeInput.errnoText()) }
        guard info.st_mode & S_IFMT == S_IFREG else { throw .notRegularFile }
        return FileStamp(info)
    }

    init(_ info: stat) {
        mtime = Int64(info.st_mtim.tv_sec)
        size = Int64(info.st_size)
    }
}

/// Reads a photo file into memory for the decoders. Regular files only: a FIFO or device
/// is refused before a single byte is read, and nothing past the read cap is read.
/// (The lead will switch this to the shared safe reader.)
enum DecodeInput {
    /// No photo cascade shows is larger; a bigger file is refused before reading.
    static let defaultReadCap: Int64 = 256 << 20

    struct Contents {
        var bytes: [UInt8]
        var stamp: FileStamp
    }

    static func read(_ path: PhotoPath, cap: Int64 = defaultReadCap) throws(DecodeError) -> Contents {
        // O_NONBLOCK: opening a FIFO without a writer would otherwise wait forever; fstat on
        // the descriptor then rejects it without a race between check and open.
        let fd = path.withCString { open($0, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY) }
        guard fd >= 0 else { throw .unreadable(errnoText()) }
        defer { close(fd) }

        var info = stat()
        guard fstat(fd, &info) == 0 else { throw .unreadable(errnoText()) }
        guard info.st_mode & S_IFMT == S_IFREG else { throw .notRegularFile }
        let stamp = FileStamp(info)
        guard stamp.size <= cap else { throw .fileTooLarge(bytes: stamp.size) }

        let expected = Int(stamp.size)
        var failure: Int32 = 0
        let bytes = [UInt8](unsafeUninitializedCapacity: expected) { buffer, count in
            count = 0
            // The file may shrink while we read (a copy in progress); we keep what there is
            // and let the decoder call it truncated. It may also grow: we read the size
            // stat saw, never more.
            while count < expected {
                let got = Glibc.read(fd, buffer.baseAddress! + count, expected - count)
                if got > 0 {
                    count += got
                } else if got == 0 {
                    break
                } else if errno != EINTR {
                    failure = errno
                    break
                }
            }
        }
        if failure != 0 { throw .unreadable(String(cString: strerror(failure))) }
        return Contents(bytes: bytes, stamp: stamp)
    }

    static func errnoText() -> String { String(cString: strerror(errno)) }
}

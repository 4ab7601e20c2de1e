/// The size and modification time of a file: what the thumbnail spec compares to decide
/// whether a thumbnail still shows the file — and its status-change time, which cascade adds
/// because those two cannot tell apart two files of one size and one second that swapped names.
public struct FileStamp: Sendable, Equatable {
    /// Whole seconds since the epoch, as `Thumb::MTime` stores it.
    public let mtime: Int64
    public let size: Int64
    /// The file's ctime; nil when not known (a stamp made up rather than read from a file).
    public let changed: FileTime?

    public init(mtime: Int64, size: Int64, changed: FileTime? = nil) {
        self.mtime = mtime
        self.size = size
        self.changed = changed
    }

    /// The stamp of a file already open: what its descriptor was stat'ed as, no second stat.
    public init(_ file: SafeFile) {
        self.init(mtime: file.modified.seconds, size: Int64(file.size), changed: file.changed)
    }

    /// The stamp of the regular file `path` names (symlinks followed). Opened the way
    /// `SafeFile` opens, so harmless on a FIFO or a device.
    public static func of(_ path: PhotoPath) throws(DecodeError) -> FileStamp {
        FileStamp(try DecodeInput.open(path))
    }
}

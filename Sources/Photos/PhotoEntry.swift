#if canImport(Glibc)
import Glibc
#endif

/// Identifies a file on this machine whatever its name: folders are visited once by it, so a
/// symbolic link loop ends.
public struct FileID: Sendable, Hashable {
    public let device: UInt64
    public let inode: UInt64

    public init(device: UInt64, inode: UInt64) {
        self.device = device
        self.inode = inode
    }

    init(_ status: stat) {
        device = UInt64(status.st_dev)
        inode = UInt64(status.st_ino)
    }
}

/// One photo of the library: where it is, what the file system says about it, and what its
/// header says — or why the header could not be read, in which case the wall shows an error
/// tile with ratio 1.
public struct PhotoEntry: Sendable, Hashable {
    /// Absolute, cleaned lexically (`PhotoPath.absolute()`); the name to open and to make the
    /// thumbnail URI from.
    public let path: PhotoPath
    /// Relative to the folder named on the command line, or the bare name for a file named
    /// there; the key of the name order and the caption.
    public let relative: PhotoPath
    /// Which group of command-line arguments the entry came from (see `PhotoScanner`).
    public let group: Int
    public let mtime: FileTime
    public let fileSize: Int
    public let fileID: FileID
    /// The header, when it could be read.
    public var info: PhotoInfo?
    /// Why the header could not be read; nil when `info` is set or headers were not probed.
    public var probeError: ProbeError?

    public init(path: PhotoPath, relative: PhotoPath, group: Int, mtime: FileTime, fileSize: Int,
                fileID: FileID, info: PhotoInfo? = nil, probeError: ProbeError? = nil) {
        self.path = path
        self.relative = relative
        self.group = group
        self.mtime = mtime
        self.fileSize = fileSize
        self.fileID = fileID
        self.info = info
        self.probeError = probeError
    }

    /// Displayed height over width for the layout; 1 while the size is unknown (DESIGN.md §3).
    public var aspectRatio: Double { info?.aspectRatio ?? 1 }
}

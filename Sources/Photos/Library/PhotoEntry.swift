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
///
/// Kept small on purpose (80 bytes instead of 128, and one path buffer instead of two): a
/// library holds one per photo, and a kiosk's 100,000-photo wall holds two or three copies
/// while a scan replaces it, all within the 150 MB such a wall may take (BENCHMARKS.md, "100,000 photos").
public struct PhotoEntry: Sendable, Hashable {
    // The fields are in the order that packs them tightest (Swift lays them out as declared).

    /// Absolute, cleaned lexically (`PhotoPath.absolute()`); the name to open and to make the
    /// thumbnail URI from.
    public let path: PhotoPath
    private let relativeName: RelativeName
    /// The header, when it could be read.
    public var info: PhotoInfo?
    public let mtime: FileTime
    private let storedGroup: Int32
    public let fileSize: Int
    public let fileID: FileID
    /// Boxed: nearly every entry has none, and the reason with its text would otherwise widen
    /// every entry by 40 bytes.
    private var probeErrorBox: ProbeErrorBox?

    public init(path: PhotoPath, relative: PhotoPath, group: Int, mtime: FileTime, fileSize: Int,
                fileID: FileID, info: PhotoInfo? = nil, probeError: ProbeError? = nil) {
        self.init(path: path, relativeName: RelativeName(relative, in: path), group: group, mtime: mtime,
                  fileSize: fileSize, fileID: fileID, info: info, probeError: probeError)
    }

    init(path: PhotoPath, relativeName: RelativeName, group: Int, mtime: FileTime, fileSize: Int,
         fileID: FileID, info: PhotoInfo? = nil, probeError: ProbeError? = nil) {
        self.path = path
        self.relativeName = relativeName
        storedGroup = Int32(clamping: group)
        self.mtime = mtime
        self.fileSize = fileSize
        self.fileID = fileID
        self.info = info
        probeErrorBox = probeError.map(ProbeErrorBox.init)
    }

    /// Relative to the folder named on the command line, or the bare name for a file named
    /// there; the key of the name order and the caption. Made on each call: sorting and
    /// hashing use `withRelativeBytes`.
    public var relative: PhotoPath {
        relativeName.path(in: path)
    }

    /// Calls `body` with the bytes of `relative`, without copying them.
    public func withRelativeBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try relativeName.withBytes(in: path, body)
    }

    /// Which group of command-line arguments the entry came from (see `PhotoScanner`).
    public var group: Int { Int(storedGroup) }

    /// Why the header could not be read; nil when `info` is set or headers were not probed.
    public var probeError: ProbeError? {
        get { probeErrorBox?.error }
        set { probeErrorBox = newValue.map(ProbeErrorBox.init) }
    }

    /// When the photo was taken: its header's EXIF date, else the file's modification time.
    public var taken: TakenTime {
        if case .taken(let date) = info?.taken { return .exif(date) }
        return .file(mtime)
    }

    /// Displayed height over width for the layout; 1 while the size is unknown (docs/ARCHITECTURE.md).
    public var aspectRatio: Double { info?.aspectRatio ?? 1 }

    public static func == (a: PhotoEntry, b: PhotoEntry) -> Bool {
        a.path == b.path && a.storedGroup == b.storedGroup && a.mtime == b.mtime && a.fileSize == b.fileSize
            && a.fileID == b.fileID && a.info == b.info && a.probeError == b.probeError
            && a.withRelativeBytes { ra in b.withRelativeBytes { rb in ra.elementsEqual(rb) } }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(path)
        hasher.combine(fileID)
        hasher.combine(mtime)
    }
}

private final class ProbeErrorBox: Sendable {
    let error: ProbeError
    init(_ error: ProbeError) { self.error = error }
}

/// What an earlier scan read from a photo's header, with the file's size and time then: the
/// scan takes it instead of reading the header again while both still match (a rewritten file
/// nearly always changes its time, its size or both).
public struct KnownHeader: Sendable, Hashable {
    public let mtime: FileTime
    public let fileSize: Int
    public let info: PhotoInfo

    public init(mtime: FileTime, fileSize: Int, info: PhotoInfo) {
        self.mtime = mtime
        self.fileSize = fileSize
        self.info = info
    }

    /// The headers of `entries` whose header was read, by path.
    public static func of(_ entries: [PhotoEntry]) -> [PhotoPath: KnownHeader] {
        var known: [PhotoPath: KnownHeader] = [:]
        known.reserveCapacity(entries.count)
        for entry in entries {
            guard let info = entry.info else { continue }
            known[entry.path] = KnownHeader(mtime: entry.mtime, fileSize: entry.fileSize, info: info)
        }
        return known
    }

    /// Still true of a file with this time and size.
    func holds(mtime: FileTime, fileSize: Int) -> Bool {
        self.mtime == mtime && self.fileSize == fileSize
    }
}

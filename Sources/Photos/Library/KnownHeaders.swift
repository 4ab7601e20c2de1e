/// What an earlier scan read from the photos' headers, with each file's size, time and inode
/// then: the scan takes a header from here instead of reading it again while all three still
/// match. A rewritten file nearly always changes its time, its size or both; the inode tells
/// apart two files that swapped names (`mv a t; mv b a; mv t b`), which keeps both files' sizes
/// and times — importers that set the time to the capture second make those equal. The device
/// is not compared: a file system's device number can change from one mount to the next
/// (btrfs, NFS), and a different file system at the same path is already all but ruled out by
/// the rest, so comparing it would only read a whole library's headers again after a reboot.
///
/// It looks into the earlier scan's entries by place instead of copying their headers out:
/// the photo index's wall is alive anyway while the new scan runs, and a table of places is a
/// fraction of a table of copies at the scan's peak (BENCHMARKS.md, "100,000 photos").
public struct KnownHeaders: Sendable {
    private let entries: [PhotoEntry]
    private let places: [PhotoPath: Int32]

    public static let none = KnownHeaders(of: [])

    /// The headers of `entries` that were read, by absolute path.
    public init(of entries: [PhotoEntry]) {
        var places: [PhotoPath: Int32] = [:]
        places.reserveCapacity(entries.count)
        for (place, entry) in entries.enumerated() where entry.info != nil && place <= Int(Int32.max) {
            places[entry.path] = Int32(place)
        }
        self.entries = entries
        self.places = places
    }

    /// The header known for `file`'s path, if the file there still has this time, size and inode.
    func header(for file: FoundFile) -> PhotoInfo? {
        guard let place = places[file.path] else { return nil }
        let entry = entries[Int(place)]
        let same = entry.mtime == file.mtime && entry.fileSize == file.size && entry.fileID.inode == file.id.inode
        // A header kept before dates were read is read again, once, for its date.
        return same && entry.info?.taken != .notRead ? entry.info : nil
    }
}

/// What an earlier scan read from the photos' headers, with each file's size and time then:
/// the scan takes a header from here instead of reading it again while both still match (a
/// rewritten file nearly always changes its time, its size or both).
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

    /// The header known for `path`, if the file still has this time and size.
    func header(for path: PhotoPath, mtime: FileTime, fileSize: Int) -> PhotoInfo? {
        guard let place = places[path] else { return nil }
        let entry = entries[Int(place)]
        return entry.mtime == mtime && entry.fileSize == fileSize ? entry.info : nil
    }
}

// The photos marked to act on together. Kept by path, not by index: a re-sort, a folder's edit
// or a resize moves tiles, never the marks, and a photo that leaves the wall takes its mark
// with it. Each change answers with the paths it actually changed, for the events.

import Photos

struct PhotoMarks {
    private(set) var paths: Set<PhotoPath> = []
    /// The photo marked last by hand: where a Shift+arrow range starts from.
    var anchor: PhotoPath?

    var count: Int { paths.count }
    var isEmpty: Bool { paths.isEmpty }
    func contains(_ path: PhotoPath) -> Bool { paths.contains(path) }

    /// Marks `chosen`; the ones not marked before, in the order given.
    mutating func mark(_ chosen: [PhotoPath]) -> [PhotoPath] {
        chosen.filter { paths.insert($0).inserted }
    }

    /// Unmarks `chosen`; the ones that were marked, in the order given.
    mutating func unmark(_ chosen: [PhotoPath]) -> [PhotoPath] {
        let dropped = chosen.filter { paths.remove($0) != nil }
        if let anchor, !paths.contains(anchor) { self.anchor = nil }
        return dropped
    }

    /// Every mark off; the photos that had one, in the wall's order.
    mutating func clear(in entries: [PhotoEntry]) -> [PhotoPath] {
        let dropped = marked(in: entries).map(\.path)
        paths.removeAll()
        anchor = nil
        return dropped
    }

    /// Keeps only the marks of photos still on the wall; the paths of those that left.
    mutating func keep(onlyOn entries: [PhotoEntry]) -> [PhotoPath] {
        guard !paths.isEmpty else { return [] }
        let present = Set(entries.map(\.path))
        let gone = paths.subtracting(present).sorted()
        guard !gone.isEmpty else { return [] }
        return unmark(gone)
    }

    /// The marked photos in the wall's order.
    func marked(in entries: [PhotoEntry]) -> [PhotoEntry] {
        paths.isEmpty ? [] : entries.filter { paths.contains($0.path) }
    }
}

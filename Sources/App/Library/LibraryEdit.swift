// How the wall goes from its entries to new ones without a reload: the tiles removed, inserted
// and changed, for the engine's incremental relayout, which keeps the viewport anchored.

import Photos

/// The wall's new entries and the edit that turns the old ones into them.
///
/// Apply it in this order — each step's indices are valid at that step:
/// 1. `removedRanges` (old indices, highest first): `WaterfallView.deleteCells(in:)`. The data
///    source still holds the old entries, so a cell that ends displaying is looked up right.
/// 2. Make `entries` the data source's entries.
/// 3. `insertedRanges` (new indices, lowest first): `WaterfallView.insertCells(in:)`.
/// 4. `changedRanges` (new indices): `WaterfallView.reloadCells(in:)`, and decode those photos
///    again (their files were rewritten).
///
/// The entries kept (neither removed nor inserted) are in the same order before and after, so
/// after step 1 the view holds exactly them and each insertion lands at its final index.
public struct LibraryEdit: Sendable, Equatable {
    public let entries: [PhotoEntry]
    /// Old indices, ascending.
    public let removed: [Int]
    /// New indices, ascending.
    public let inserted: [Int]
    /// New indices, ascending: entries kept in place whose file changed.
    public let changed: [Int]

    public init(entries: [PhotoEntry], removed: [Int], inserted: [Int], changed: [Int]) {
        self.entries = entries
        self.removed = removed
        self.inserted = inserted
        self.changed = changed
    }

    public var isEmpty: Bool { removed.isEmpty && inserted.isEmpty && changed.isEmpty }

    /// `removed` as runs, highest first: the order to delete them in.
    public var removedRanges: [Range<Int>] { Self.runs(removed).reversed() }
    /// `inserted` as runs, lowest first: the order to insert them in.
    public var insertedRanges: [Range<Int>] { Self.runs(inserted) }
    public var changedRanges: [Range<Int>] { Self.runs(changed) }

    /// `old` (one element per old entry) edited the way the wall is: removals, then insertions
    /// made by `insert(newIndex)`, then changed elements remade by `change(newIndex, element)`.
    /// For arrays the app keeps beside the entries; also how the tests check an edit.
    public func applied<Element>(to old: [Element], insert: (Int) -> Element,
                                 change: (Int, Element) -> Element) -> [Element] {
        var result = old
        for range in removedRanges { result.removeSubrange(range) }
        for range in insertedRanges { result.insert(contentsOf: range.map(insert), at: range.lowerBound) }
        for index in changed { result[index] = change(index, result[index]) }
        return result
    }

    /// The old entries edited: equal to `entries` when the edit is right.
    public func applied(to old: [PhotoEntry]) -> [PhotoEntry] {
        applied(to: old, insert: { entries[$0] }, change: { index, _ in entries[index] })
    }

    /// Ascending indices as runs of consecutive ones.
    static func runs(_ indices: [Int]) -> [Range<Int>] {
        var runs: [Range<Int>] = []
        for index in indices {
            if let last = runs.last, last.upperBound == index {
                runs[runs.count - 1] = last.lowerBound..<(index + 1)
            } else {
                runs.append(index..<(index + 1))
            }
        }
        return runs
    }
}

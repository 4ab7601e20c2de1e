// The wall shown from the photo index is only a guess at the folders: when the scan's walk
// is in, the difference enters the wall as one edit, so the viewport stays anchored to the tile
// the user is looking at instead of the whole wall being replaced under them.

import Photos

extension LibraryEdit {
    /// The edit that turns the wall `old` into the wall `new` (both in wall order). A photo is
    /// the same tile in both when its path and group match; it is *changed* when anything else
    /// about it differs (its file was rewritten, or its header could only now be read).
    /// O(n log n); run it off the frame loop at 100,000 photos.
    public static func between(_ old: [PhotoEntry], _ new: [PhotoEntry]) -> LibraryEdit {
        if old == new { return LibraryEdit(entries: new, removed: [], inserted: [], changed: []) }
        var newIndex: [TileIdentity: Int] = [:]
        newIndex.reserveCapacity(new.count)
        for (index, entry) in new.enumerated() where newIndex[TileIdentity(entry)] == nil {
            newIndex[TileIdentity(entry)] = index
        }
        // The old tiles still there, by their new place. An unchanged tile outweighs any number
        // of changed ones, so those kept in place are first of all the unchanged.
        var survivors: [(old: Int, new: Int)] = []
        var weights: [Int] = []
        var seen = Set<Int>()
        for (index, entry) in old.enumerated() {
            guard let place = newIndex[TileIdentity(entry)], seen.insert(place).inserted else { continue }
            survivors.append((index, place))
            weights.append(new[place] == entry ? old.count + 1 : 1)
        }
        let kept = HeaviestIncreasing.keep(survivors.map(\.new), weights: weights, bound: new.count)
        var keptOld = [Bool](repeating: false, count: old.count)
        var keptNew = [Bool](repeating: false, count: new.count)
        var changed: [Int] = []
        for (survivor, stays) in zip(survivors, kept) where stays {
            keptOld[survivor.old] = true
            keptNew[survivor.new] = true
            if new[survivor.new] != old[survivor.old] { changed.append(survivor.new) }
        }
        return LibraryEdit(entries: new,
                           removed: old.indices.filter { !keptOld[$0] },
                           inserted: new.indices.filter { !keptNew[$0] },
                           changed: changed.sorted())
    }
}

// Live folders on the wall: what a folder watcher reports becomes the wall's new entries and
// the edit that gets there, every photo at its place in the wall's order.

import Dispatch
import Photos
import Locking

public struct LiveLibrary: Sendable {
    /// The scanner the wall was scanned with: its order, direction and probing decide where a
    /// new photo goes and what its entry holds.
    public let scanner: PhotoScanner

    public init(scanner: PhotoScanner) {
        self.scanner = scanner
    }

    /// `entries` (the wall's, in wall order) with `changes` applied, and the edit from one to
    /// the other. Reads the header of every added or changed file, so call it on a worker,
    /// never on the frame loop.
    ///
    /// - An added or changed file that is a photo gets a fresh entry; one that is not (any
    ///   more), or is gone again, is removed.
    /// - A change that leaves the entry as it was (same time, size, header) edits nothing;
    ///   adding a file the wall already shows is such a change, so changes reported while the
    ///   scan ran can be applied to its result.
    /// - A changed photo keeps its tile and is reloaded when its place in the order holds;
    ///   when it moves (a new time under `--sort mtime`), it is removed and inserted.
    public func edit(_ entries: [PhotoEntry], applying changes: FolderChanges) -> LibraryEdit {
        var oldIndex: [TileIdentity: Int] = [:]
        for (index, entry) in entries.enumerated() where oldIndex[TileIdentity(entry)] == nil {
            oldIndex[TileIdentity(entry)] = index
        }
        var gone = Set(changes.removed.map(TileIdentity.init))
        var replaced: [TileIdentity: PhotoEntry] = [:]
        let arrivals = changes.added + changes.changed
        for (file, entry) in zip(arrivals, probe(arrivals)) {
            let key = TileIdentity(file)
            guard let entry else {
                gone.insert(key)
                continue
            }
            gone.remove(key)
            if let index = oldIndex[key], entries[index] == entry { continue }
            replaced[key] = entry
        }
        if gone.isEmpty, replaced.isEmpty {
            return LibraryEdit(entries: entries, removed: [], inserted: [], changed: [])
        }

        let staying = entries.filter { !gone.contains(TileIdentity($0)) && replaced[TileIdentity($0)] == nil }
        let arranged = scanner.arrange(staying + replaced.values)
        var newIndex: [TileIdentity: Int] = [:]
        for (index, entry) in arranged.enumerated() { newIndex[TileIdentity(entry)] = index }

        // The old entries still there, by their new place. An unchanged one outweighs any
        // number of changed ones, so the tiles kept in place are first of all the unchanged.
        var survivors: [(old: Int, new: Int)] = []
        var weights: [Int] = []
        for (index, entry) in entries.enumerated() {
            guard let place = newIndex[TileIdentity(entry)], oldIndex[TileIdentity(entry)] == index else { continue }
            survivors.append((index, place))
            weights.append(replaced[TileIdentity(entry)] == nil ? entries.count + 1 : 1)
        }
        let kept = HeaviestIncreasing.keep(survivors.map(\.new), weights: weights, bound: arranged.count)

        var keptOld = Set<Int>()
        var keptNew = Set<Int>()
        for (survivor, stays) in zip(survivors, kept) where stays {
            keptOld.insert(survivor.old)
            keptNew.insert(survivor.new)
        }
        return LibraryEdit(
            entries: arranged,
            removed: entries.indices.filter { !keptOld.contains($0) },
            inserted: arranged.indices.filter { !keptNew.contains($0) },
            changed: arranged.indices.filter { keptNew.contains($0) && replaced[TileIdentity(arranged[$0])] != nil })
    }

    /// The entries for `files`, in their order; nil for a file that is not a photo or is gone.
    /// Headers are read on all cores: a folder of a thousand photos can arrive at once.
    private func probe(_ files: [WatchedFile]) -> [PhotoEntry?] {
        let scanner = self.scanner
        guard files.count > 1 else {
            return files.map { scanner.entry(at: $0.path, relative: $0.relative, group: $0.group) }
        }
        let results = Locked([PhotoEntry?](repeating: nil, count: files.count))
        DispatchQueue.concurrentPerform(iterations: files.count) { index in
            let file = files[index]
            let entry = scanner.entry(at: file.path, relative: file.relative, group: file.group)
            results.withLock { $0[index] = entry }
        }
        return results.withLock { $0 }
    }
}

// What `trash` moved, newest last, for `restore` to put back: the files in the trash, and the
// tiles they were on the wall, so a photo comes back where it was without being read again.

import Photos

struct TrashedPhotos {
    /// One `trash`: its files, and each photo's entry and index on the wall then.
    struct Batch {
        var files: TrashBatch
        var tiles: [PhotoPath: (entry: PhotoEntry, index: Int)]
    }

    let trash: Trash
    private(set) var batches: [Batch] = []
    /// Undo goes this far back; older trashings stay in the trash for a file manager to restore.
    static let depth = 100

    init(trash: Trash) { self.trash = trash }

    mutating func push(_ batch: Batch) {
        batches.append(batch)
        if batches.count > Self.depth { batches.removeFirst(batches.count - Self.depth) }
    }

    mutating func popLast() -> Batch? { batches.popLast() }
}

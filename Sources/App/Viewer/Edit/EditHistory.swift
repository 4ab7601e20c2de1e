// What the last trashes and moves did, newest last, for `restore` (u, Ctrl+Z) to undo one at a
// time: the files' old and new places, and the tiles they had on the wall, so a photo comes back
// where it was without being read again. A copy changes nothing already there and is not in it.

import Photos

struct EditHistory {
    enum Files {
        case trashed(TrashBatch)
        /// Each file's path before and after the move.
        case moved([(from: PhotoPath, to: PhotoPath)])
    }

    /// One command's edit: its files, and each photo's entry and index on the wall then.
    struct Step {
        var files: Files
        var tiles: [PhotoPath: (entry: PhotoEntry, index: Int)]
    }

    private(set) var steps: [Step] = []
    /// Undo goes this far back; older trashings stay in the trash for a file manager to restore.
    static let depth = 100

    mutating func push(_ step: Step) {
        steps.append(step)
        if steps.count > Self.depth { steps.removeFirst(steps.count - Self.depth) }
    }

    mutating func popLast() -> Step? { steps.popLast() }
}

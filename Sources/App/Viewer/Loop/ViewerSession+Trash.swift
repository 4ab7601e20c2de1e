// `trash` and `restore`: photos to the freedesktop.org trash and back (Photos' Trash). The wall
// loses or regains the tile through the same anchored relayout a folder's change takes, so the
// tile at the top of the screen stays put, and a photo open over it steps on to the next.
// A failure is an error reply and a log line; the file stays where it was.

import Control
import Photos

extension ViewerSession {
    func trashPhoto(_ requested: Int?) -> Result<JSONValue, ControlError> {
        // Alone, the photo the screen on top is about: the open one, or the cursor's on the wall.
        let shown = stack.top.infoSubject?.entry.path
        guard let index = requested ?? shown.flatMap({ path in wall.entries.firstIndex { $0.path == path } }) else {
            return .failure(ControlError("trash: no photo chosen (open one, move the cursor to one, or give an index)"))
        }
        guard wall.entries.indices.contains(index) else {
            return .failure(ControlError("trash: no photo at index \(index) (the wall has \(wall.entries.count))"))
        }
        let entry = wall.entries[index]
        let file: TrashedFile
        do {
            file = try trashed.trash.trash(entry.path)
        } catch {
            log.error("\(error)")
            return .failure(ControlError(error.description))
        }
        log.info("trashed \(entry.path) to \(file.trashed)")
        emit(.trashed([file.original]))
        let cursorOnIt = wall.cursor == index
        editWall { entries in
            guard let at = entries.firstIndex(where: { $0.path == entry.path }) else { return nil }
            var kept = entries
            kept.remove(at: at)
            return LibraryEdit(entries: kept, removed: [at], inserted: [], changed: [])
        }
        // The cursor moves on to the photo that took the place, so Delete again trashes that one.
        if cursorOnIt, !wall.entries.isEmpty, stack.isAtBottom { wall.cursor = min(index, wall.entries.count - 1) }
        trashed.push(.init(files: TrashBatch(files: [file]), tiles: [file.original: (entry, index)]))
        return .success(.object([("paths", .array([.string(file.original.string)]))]))
    }

    func restoreTrashed() -> Result<JSONValue, ControlError> {
        guard var batch = trashed.popLast() else {
            return .failure(ControlError("restore: nothing trashed to put back"))
        }
        var back: [PhotoPath] = []
        var failures: [TrashError] = []
        var left: [TrashedFile] = []
        for file in batch.files.files.reversed() {
            do {
                try trashed.trash.restore(file)
                back.append(file.original)
            } catch {
                failures.append(error)
                left.append(file)
            }
        }
        if !back.isEmpty { emit(.restored(back)) }
        var restoredAt: Int?
        for path in back {
            log.info("restored \(path)")
            guard let tile = batch.tiles[path] else { continue }
            editWall { entries in
                guard !entries.contains(where: { $0.path == path }) else { return nil }
                let at = min(tile.index, entries.count)
                var grown = entries
                grown.insert(tile.entry, at: at)
                if wall.cursor != nil { restoredAt = at }
                return LibraryEdit(entries: grown, removed: [], inserted: [at], changed: [])
            }
        }
        // A cursor on the wall goes to the photo put back.
        if let restoredAt { wall.cursor = restoredAt }
        if !left.isEmpty {
            // Still in the trash: the next restore tries them again.
            batch.files = TrashBatch(files: left.reversed())
            trashed.push(batch)
        }
        guard failures.isEmpty else {
            for failure in failures { log.error("\(failure)") }
            return .failure(ControlError(failures.map(\.description).joined(separator: "; ")))
        }
        return .success(.object([("paths", .array(back.map { .string($0.string) }))]))
    }

    /// The wall's own edit, `make` from its entries as they are once every folder edit ready is
    /// applied. The live folders take the result as their base, so the watcher's report of the
    /// same file edits nothing.
    private func editWall(_ make: ([PhotoEntry]) -> LibraryEdit?) {
        func apply() {
            // A photo open over the wall takes its new list; the one trashed gives way to the next.
            if let edit = make(wall.entries) { applyEdit(edit, by: .viewer) }
        }
        guard let live = daemon.live else { return apply() }
        live.wallEdited { pending in
            for edit in pending { applyEdit(edit, by: .folder) }
            apply()
            return wall.entries
        }
    }
}

// `rotate 90|180|270`: the photo chosen — the wall's cursor, the open photo, the slide shown —
// is turned on disk off the loop (PhotoRotations); when it is done its tile is laid out and
// decoded again, the open photo too, and other programs hear `rotated`.

import Control
import Photos
import Waterfall

extension ViewerSession {
    func rotate(_ turn: QuarterTurn, from origin: CommandOrigin) -> Result<JSONValue, ControlError> {
        // A kiosk's passers-by do not rewrite its owner's photos; its owner's socket may.
        if options.kiosk, origin == .key || origin == .touch {
            log.debug("rotate key ignored (kiosk)")
            return .failure(ControlError("rotating is for the control socket in a kiosk"))
        }
        guard let entry = stack.top.infoSubject?.entry else {
            return .failure(ControlError("no photo to rotate: open one, or move the wall's cursor to it"))
        }
        rotations.rotate(entry, by: turn)
        return .success(.null)
    }

    /// Rotations finished since the last look.
    func applyRotations() {
        for done in rotations.take() {
            let outcome: PhotoRotation.Outcome
            switch done.result {
            case .failure(let error):
                log.error("\(error)")
                continue
            case .success(let finished):
                outcome = finished
            }
            log.info("\(outcome.summary)")
            let index = wall.entries.firstIndex { $0.path == done.path }
            if let fresh = done.entry {
                // A folder watcher sees the rename too; by then the wall already has this entry,
                // so its edit changes nothing and the tile is not decoded twice.
                if let index {
                    var entries = wall.entries
                    entries[index] = fresh
                    wall.apply(LibraryEdit(entries: entries, removed: [], inserted: [], changed: [index]),
                               highlightingFor: 0, now: clock.now, stayAtTop: false)
                }
                for screen in stack.screens.dropFirst() { screen.photoRotated(fresh) }
            }
            var note: String?
            if case .orientationTag(let reason) = outcome.method { note = reason }
            emit(.rotated(index: index, path: done.path, degrees: outcome.turn.degrees, note: note))
            dirty = true
        }
    }
}

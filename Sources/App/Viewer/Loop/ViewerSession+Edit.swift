// The session's side of acting on photo files: commands resolved to their targets
// (ActionTargets), handed to the PhotoEditor, and what it reports applied to the wall through the
// one edit path — the same anchored relayout a folder's change takes, so the tile at the top of
// the screen stays put and a photo open over the wall steps on to the next. Also the clipboard
// (`copy-path`) and the configured commands (`run`).

import Control
import Foundation
import Glibc
import Photos
import Waterfall

extension ViewerSession {
    /// How many paths of photos that left marked are kept for `restore`; past it (a mass delete
    /// of marked photos never undone) they are forgotten, as the undo history forgets its oldest.
    static let marksRemembered = 100_000

    /// The marked photos, in the wall's order: when there are any they are every action's targets.
    var marked: [PhotoPath] { wall.marked.map(\.path) }

    /// `--print-marked` at quit: the marked paths on stdout, one a line, after every event.
    func printMarked() {
        output.flush()
        let text = marked.map { $0.bytes + [UInt8(ascii: "\n")] }.joined()
        FileHandle.standardOutput.write(Data(text))
    }

    func performFileAction(_ command: Command, from origin: CommandOrigin) -> Result<JSONValue, ControlError> {
        // A kiosk's passers-by neither delete, move, copy, rewrite nor run anything on its
        // owner's photos; its owner's socket may.
        if options.kiosk, origin == .key || origin == .touch, command.changesFiles {
            log.debug("file action key ignored (kiosk)")
            return .failure(ControlError("acting on files is for the control socket in a kiosk"))
        }
        switch command {
        case .trashShown:
            // The slide or the open photo; on the wall no one photo is "on screen".
            guard stack.top is SlideshowScreen || stack.top is DetailScreen, let shown = stack.top.infoSubject?.entry.path,
                  let index = wall.entries.firstIndex(where: { $0.path == shown }) else {
                return .failure(ControlError("trash shown: no photo is shown (start the slideshow or open one)"))
            }
            return trash(.index(index))
        case .trash(let index):
            return trash(index.map { .index($0) } ?? .targets)
        case .restore:
            let report = editor.undo()
            apply(report, to: [])
            return report.reply
        case .rotate(let turn):
            return targets(.targets, for: "rotate").map { targets in
                // A control request is answered when the files are turned (RotationReplies).
                let batch = answering.map { rotationReplies.hold($0, count: targets.count) }
                if batch != nil { answering = nil }
                editor.rotate(targets, by: turn, batch: batch)
                return .null
            }
        case .transfer(let action, let folder, let choice):
            return targets(choice, for: action.rawValue).flatMap { targets in
                guard let folder else {
                    // The targets are the ones now, whatever the screen beneath does meanwhile.
                    push(DestinationChooser(action: action, count: targets.count,
                                            folders: editor.destinations.choices(configured: options.destinations),
                                            beneath: stack.top, drawer: drawer,
                                            choose: { [unowned self] folder in editor.transfer(action, targets, into: folder) },
                                            askElsewhere: { [unowned self] in
                                                if !folderDialogs.ask(action, targets) { notify("a folder dialog is open already", isError: true) }
                                            }))
                    return .success(.null)
                }
                let destination = PhotoPath(folder)
                // Checked here so a typo is the reply's error, not only the event's; off the
                // loop, as every look at a file is. A folder that does not answer in time is
                // tried by the move itself, which says in its event how it went.
                if FolderLooks.look(at: [destination], within: PhotoEditor.answerWithin) == [.notAFolder] {
                    return .failure(ControlError("\(action.rawValue): \(folder) is not a folder"))
                }
                editor.transfer(action, targets, into: destination)
                return .success(.null)
            }
        case .copyPath(let choice):
            return targets(choice, for: "copy-path").flatMap { targets in
                let text = ClipboardPaths.text(targets.map(\.path))
                guard window.setClipboard(text) else { return .failure(ControlError("copy-path: the clipboard cannot be set here")) }
                log.info("copied \(targets.count) path(s) to the clipboard")
                notify("the path\(targets.count == 1 ? "" : "s") of \(ActionNotice.photos(targets.map(\.path))) copied")
                return .success(.object([("paths", .array(targets.map { .string($0.path.string) }))]))
            }
        case .run(let name, let choice):
            guard let configured = options.commands.first(where: { $0.name == name }) else {
                let names = options.commands.map(\.name)
                return .failure(ControlError("run: no command \"\(name)\" is configured\(names.isEmpty ? "" : " (\(names.joined(separator: ", ")))")"))
            }
            return targets(choice, for: "run").flatMap { targets in
                let finished = finishedCommands
                return ActionRunner.start(configured, paths: targets.map(\.path.bytes), log: log) { finished.add($0) }
                    .map { pid in .object([("pid", .int(Int(pid)))]) }
            }
        default:
            return .success(.null)
        }
    }

    private func trash(_ choice: PhotoChoice) -> Result<JSONValue, ControlError> {
        targets(choice, for: "trash").flatMap { targets in
            let report = editor.trash(targets)
            apply(report, to: targets)
            return report.reply
        }
    }

    private func targets(_ choice: PhotoChoice, for action: String) -> Result<[ActionTarget], ControlError> {
        ActionTargets.resolve(choice, marked: marked, shown: stack.top.infoSubject?.entry.path,
                              entries: wall.entries, action: action)
    }

    /// The wall loses the photos that left, in one anchored edit, and regains those put back,
    /// each where it was; other programs hear what happened. A cursor on the one target that
    /// left moves on to the photo that took its place, so the same key again acts on that one.
    private func apply(_ report: PhotoEditor.Report, to targets: [ActionTarget]) {
        let cursorOnIt = targets.count == 1 && targets[0].index != nil && wall.cursor == targets[0].index
        defer {
            if cursorOnIt, let index = targets[0].index, !report.removed.isEmpty, !wall.entries.isEmpty, stack.isAtBottom {
                wall.cursor = min(index, wall.entries.count - 1)
            }
        }
        for event in report.events { emit(event) }
        if !report.removed.isEmpty {
            let gone = Set(report.removed)
            // Their marks go with them, and come back if `restore` brings them back.
            marksOfRemoved.formUnion(wall.marked.map(\.path).filter(gone.contains))
            if marksOfRemoved.count > Self.marksRemembered { marksOfRemoved.removeAll() }
            editWall { entries in
                let removed = entries.indices.filter { gone.contains(entries[$0].path) }
                guard !removed.isEmpty else { return nil }
                let kept = entries.filter { !gone.contains($0.path) }
                return LibraryEdit(entries: kept, removed: removed, inserted: [], changed: [])
            }
        }
        var restoredAt: Int?
        if !report.restored.isEmpty {
            // One edit for the whole batch, one relayout. In the order of their old places, each
            // goes back to it without moving the ones put back before it.
            editWall { entries in
                var grown = entries
                var inserted: [Int] = []
                let present = Set(entries.map(\.path))
                for tile in report.restored where !present.contains(tile.entry.path) {
                    let at = min(tile.index, grown.count)
                    grown.insert(tile.entry, at: at)
                    inserted.append(at)
                }
                guard !inserted.isEmpty else { return nil }
                if wall.cursor != nil { restoredAt = inserted.last }
                return LibraryEdit(entries: grown, removed: [], inserted: inserted, changed: [])
            }
        }
        // A cursor on the wall goes to the photo put back, and the marks they had come back.
        if let restoredAt { wall.cursor = restoredAt }
        let remarked = report.restored.map(\.entry.path).filter(marksOfRemoved.contains)
        if !remarked.isEmpty {
            marksOfRemoved.subtract(remarked)
            wall.markAgain(remarked)
        }
    }

    /// The wall's own edit, `make` from its entries as they are once every folder edit ready is
    /// applied. The live folders take the result as their base, so the watcher's report of the
    /// same file edits nothing.
    private func editWall(_ make: ([PhotoEntry]) -> LibraryEdit?) {
        func apply() {
            // A photo open over the wall takes its new list; the one that left gives way to the next.
            if let edit = make(wall.entries) { applyEdit(edit, by: .viewer) }
        }
        guard let live = daemon.live else { return apply() }
        live.wallEdited { pending in
            for edit in pending { applyEdit(edit, by: .folder) }
            apply()
            return wall.entries
        }
    }

    /// Trashes, restores, moves, copies, rotations and commands finished since the last look.
    func applyFinishedEdits() {
        for (report, targets) in editor.finishedJobs() {
            apply(report, to: targets)
            dirty = true
        }
        for outcome in finishedCommands.take() {
            emit(.ran(outcome))
        }
        showImmichOutcomes()
        for answer in folderDialogs.take() {
            if let folder = answer.folder {
                editor.transfer(answer.action, answer.targets, into: PhotoPath(folder))
            } else if let failure = answer.failure {
                log.error("\(answer.action.rawValue): \(failure)")
                notify(failure, isError: true)
            }
        }
        for done in editor.rotations.take() {
            if let batch = done.batch, let answer = rotationReplies.finished(batch: batch, done.result) {
                daemon.control?.reply(to: answer.request, answer.reply)
            }
            let outcome: PhotoRotation.Outcome
            switch done.result {
            case .failure(let error):
                log.error("\(error)")
                notify(error.description, isError: true)
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
                for screen in stack.screens.dropFirst() { screen.photosRewritten([fresh]) }
            }
            var note: String?
            if case .orientationTag(let reason) = outcome.method { note = reason }
            emit(.rotated(index: index, path: done.path, degrees: outcome.turn.degrees, note: note))
            dirty = true
        }
    }
}

extension Command {
    /// Whether it changes, makes or runs something on the photos' files: inert at a kiosk's keys.
    var changesFiles: Bool {
        switch self {
        case .trash, .trashShown, .restore, .rotate, .transfer, .run: true
        default: false
        }
    }
}

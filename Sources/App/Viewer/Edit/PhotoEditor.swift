// What cascade does to photo files, in one place: to the trash (freedesktop.org), moved or
// copied to a folder (off the frame loop, as rotations are), turned on disk, and the last trash
// or move undone. Each acts on a list of
// targets (ActionTargets) and reports what the wall must do about it — tiles gone, tiles back —
// with the events other programs hear; the session applies that through its one edit path, so
// the wall keeps the tile at the top of the screen where it is. A file that cannot be acted on
// is an error for that file, and the others go on.

import Control
import Logging
import Photos
import Waterfall

@MainActor
final class PhotoEditor {
    let trash: Trash
    /// `rotate`: files turned on a queue of their own.
    let rotations: PhotoRotations
    /// What `restore` undoes, newest last.
    private(set) var history = EditHistory()
    /// `move` and `copy`: files moved or copied on a queue of their own.
    let transfers: PhotoTransfers
    /// What each move or copy under way is for, by its job's number.
    private var pending: [Int: Purpose] = [:]
    private enum Purpose {
        /// A `move` or `copy` of these targets into this folder.
        case request([ActionTarget], folder: PhotoPath)
        /// An undo of this move.
        case undo(EditHistory.Step)
    }
    private var jobs = 0
    /// The folders photos were last moved or copied to, for the chooser.
    var destinations: RecentDestinations
    private let log: Logger

    init(trash: Trash = .forCurrentUser(), rotations: PhotoRotations, transfers: PhotoTransfers,
         destinations: RecentDestinations, log: Logger) {
        self.trash = trash
        self.rotations = rotations
        self.transfers = transfers
        self.destinations = destinations
        self.log = log
    }

    /// What an edit did, for the session to apply to the wall and tell other programs.
    struct Report {
        /// Photos that left the wall, by the paths their tiles have.
        var removed: [PhotoPath] = []
        /// Photos back where they were, with the tile each had (in the wall's order).
        var restored: [(entry: PhotoEntry, index: Int)] = []
        var events: [ViewerEvent] = []
        /// The reply's list: the paths acted on.
        var done: [JSONValue] = []
        var failures: [String] = []
        /// The work goes on off the frame loop: its events come when it is done.
        var underWay = false

        /// Success when anything was done or nothing failed; the failures go with it.
        var reply: Result<JSONValue, ControlError> {
            if underWay { return .success(.null) }
            if done.isEmpty, !failures.isEmpty { return .failure(ControlError(failures.joined(separator: "; "))) }
            var fields: [(String, JSONValue)] = [("paths", .array(done))]
            if !failures.isEmpty { fields.append(("errors", .array(failures.map { .string($0) }))) }
            return .success(.object(fields))
        }
    }

    func trash(_ targets: [ActionTarget]) -> Report {
        var report = Report()
        var files: [TrashedFile] = []
        var tiles: [PhotoPath: (entry: PhotoEntry, index: Int)] = [:]
        for target in targets {
            do {
                let file = try trash.trash(target.path)
                log.info("trashed \(target.path) to \(file.trashed)")
                files.append(file)
                report.removed.append(target.path)
                report.done.append(.string(file.original.string))
                if let entry = target.entry, let index = target.index { tiles[file.original] = (entry, index) }
            } catch {
                log.error("\(error)")
                report.failures.append(error.description)
            }
        }
        guard !files.isEmpty else { return report }
        report.events.append(.trashed(files.map(\.original)))
        history.push(.init(files: .trashed(TrashBatch(files: files)), tiles: tiles))
        return report
    }

    /// Starts moving or copying the targets into `folder`, off the frame loop; `finishedTransfers`
    /// reports it. Never over a file already there.
    func transfer(_ action: FileAction, _ targets: [ActionTarget], into folder: PhotoPath) {
        let folder = folder.absolute()
        let files = targets.map { target in
            let from = target.path.absolute()
            return (from, folder.appending(from.lastComponent.bytes))
        }
        start(action, files, for: .request(targets, folder: folder))
    }

    private func start(_ action: FileAction, _ files: [(from: PhotoPath, to: PhotoPath)], for purpose: Purpose) {
        jobs += 1
        pending[jobs] = purpose
        transfers.start(.init(number: jobs, action: action, files: files))
    }

    /// The moves and copies done since the last look, each with the targets it was started for
    /// (none for an undo).
    func finishedTransfers() -> [(report: Report, targets: [ActionTarget])] {
        transfers.take().compactMap { done in
            switch pending.removeValue(forKey: done.job.number) {
            case .request(let targets, let folder): (finish(done, targets: targets, folder: folder), targets)
            case .undo(let step): (finishUndo(done, step), [])
            case nil: nil
            }
        }
    }

    private func finish(_ done: PhotoTransfers.Finished, targets: [ActionTarget], folder: PhotoPath) -> Report {
        let action = done.job.action
        var report = Report()
        var pairs: [(from: PhotoPath, to: PhotoPath)] = []
        var tiles: [PhotoPath: (entry: PhotoEntry, index: Int)] = [:]
        for (target, ((from, _), result)) in zip(targets, zip(done.job.files, done.results)) {
            switch result {
            case .success(let to):
                log.info("\(action == .move ? "moved" : "copied") \(from) to \(to)")
                pairs.append((from, to))
                guard action == .move else { continue }
                report.removed.append(target.path)
                if let entry = target.entry, let index = target.index { tiles[from] = (entry, index) }
            case .failure(let error):
                log.error("cannot \(action.rawValue): \(error)")
                report.failures.append("cannot \(action.rawValue): \(error)")
            }
        }
        report.events.append(.transferred(action, pairs, errors: report.failures))
        guard !pairs.isEmpty else { return report }
        destinations.note(folder)
        if action == .move { history.push(.init(files: .moved(pairs), tiles: tiles)) }
        return report
    }

    /// Undoes the last trash or move. What cannot go back (its old path is taken now) stays in
    /// the history, so the next undo tries it again.
    func undo() -> Report {
        var report = Report()
        guard var step = history.popLast() else {
            report.failures.append("restore: nothing trashed or moved to put back")
            return report
        }
        var back: [PhotoPath] = []
        switch step.files {
        case .trashed(let batch):
            var left: [TrashedFile] = []
            for file in batch.files.reversed() {
                do {
                    try trash.restore(file)
                    log.info("restored \(file.original)")
                    back.append(file.original)
                } catch {
                    log.error("\(error)")
                    report.failures.append(error.description)
                    left.append(file)
                }
            }
            if !back.isEmpty { report.events.append(.restored(back)) }
            if !left.isEmpty {
                step.files = .trashed(TrashBatch(files: left.reversed()))
                history.push(step)
            }
        case .moved(let pairs):
            // Back across filesystems is a copy too: off the frame loop, as the move was.
            start(.move, pairs.reversed().map { ($0.to, $0.from) }, for: .undo(step))
            report.underWay = true
            return report
        }
        report.done = back.map { .string($0.string) }
        report.restored = back.compactMap { step.tiles[$0] }.sorted { $0.index < $1.index }
        return report
    }

    /// A move undone: the photos back, their tiles with them; what could not go back (its old
    /// path is taken now) stays in the history for the next undo.
    private func finishUndo(_ done: PhotoTransfers.Finished, _ step: EditHistory.Step) -> Report {
        var step = step
        var report = Report()
        var returned: [(from: PhotoPath, to: PhotoPath)] = []
        var left: [(from: PhotoPath, to: PhotoPath)] = []
        for (file, result) in zip(done.job.files, done.results) {
            switch result {
            case .success:
                log.info("moved \(file.from) back to \(file.to)")
                returned.append(file)
            case .failure(let error):
                log.error("cannot move back: \(error)")
                report.failures.append("cannot move back: \(error)")
                left.append((from: file.to, to: file.from))
            }
        }
        report.events.append(.transferred(.move, returned, errors: report.failures))
        if !left.isEmpty {
            step.files = .moved(left.reversed())
            history.push(step)
        }
        report.done = returned.map { .string($0.to.string) }
        report.restored = returned.compactMap { step.tiles[$0.to] }.sorted { $0.index < $1.index }
        return report
    }

    /// Turns each target's file on the rotations' queue; the wall hears when each is done.
    func rotate(_ targets: [ActionTarget], by turn: QuarterTurn) {
        for target in targets {
            let entry = target.entry ?? PhotoScanner().entry(at: target.path, relative: target.path.lastComponent, group: 0)
            if let entry { rotations.rotate(entry, by: turn) } else { log.error("cannot rotate \(target.path): not a photo") }
        }
    }
}

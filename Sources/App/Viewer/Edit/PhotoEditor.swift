// What cascade does to photo files, in one place: to the trash (freedesktop.org), moved or
// copied to a folder, turned on disk, and the last trash or move undone — every file touched off
// the frame loop (PhotoFileJobs, PhotoRotations), so a share that stops answering never stops the
// window. Each acts on a list of targets (ActionTargets) and reports what the wall must do about
// it — tiles gone, tiles back — with the events other programs hear; the session applies that
// through its one edit path, so the wall keeps the tile at the top of the screen where it is. A
// file that cannot be acted on is an error for that file, and the others go on.

import Control
import Dispatch
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
    /// `trash`, `restore`, `move` and `copy`: the files, on a queue of their own.
    let jobs: PhotoFileJobs
    /// What each job under way is for, by its number.
    private var pending: [Int: Purpose] = [:]
    private enum Purpose {
        /// A `move` or `copy` of these targets into this folder.
        case transfer(FileAction, [ActionTarget], folder: PhotoPath)
        /// An undo of this move.
        case undoMove(EditHistory.Step)
        case trash([ActionTarget])
        /// An undo of this trash.
        case undoTrash(EditHistory.Step)

        /// Whether its end changes the undo history, which `restore` must not read before it.
        var changesHistory: Bool {
            if case .transfer(.copy, _, _) = self { return false }
            return true
        }
    }
    private var numbered = 0
    /// How long a trash or restore is waited for, for its reply to say how it went: a local disk
    /// answers in far less; a share that does not is not waited for longer.
    static let answerWithin: Duration = .milliseconds(500)
    /// How long this editor waits: `answerWithin`, or longer where a test must have the answer.
    private let patience: Duration
    /// The folders photos were last moved or copied to, for the chooser.
    var destinations: RecentDestinations
    private let log: Logger

    init(trash: Trash = .forCurrentUser(), rotations: PhotoRotations, jobs: PhotoFileJobs,
         destinations: RecentDestinations, log: Logger, patience: Duration = PhotoEditor.answerWithin) {
        self.patience = patience
        self.trash = trash
        self.rotations = rotations
        self.jobs = jobs
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

    /// Moves the targets to the trash. The report says what went when it is done within
    /// `patience`; otherwise it is under way, and `finishedJobs` reports it.
    func trash(_ targets: [ActionTarget]) -> Report {
        answer(start(.trash(targets.map(\.path), into: trash), for: .trash(targets)), "trash")
    }

    /// Starts moving or copying the targets into `folder`, off the frame loop; `finishedJobs`
    /// reports it. Never over a file already there.
    func transfer(_ action: FileAction, _ targets: [ActionTarget], into folder: PhotoPath) {
        let folder = folder.absolute()
        let files = targets.map { target in
            let from = target.path.absolute()
            return (from, folder.appending(from.lastComponent.bytes))
        }
        start(.transfer(action, files: files), for: .transfer(action, targets, folder: folder))
    }

    @discardableResult
    private func start(_ work: PhotoFileJobs.Work, for purpose: Purpose) -> (number: Int, done: DispatchSemaphore) {
        numbered += 1
        pending[numbered] = purpose
        return (numbered, jobs.start(.init(number: numbered, work: work)))
    }

    /// The report of a job done within `patience`; else it goes on off the loop, and its
    /// report comes through `finishedJobs` once its files answer.
    private func answer(_ started: (number: Int, done: DispatchSemaphore), _ action: String) -> Report {
        if let done = jobs.finished(started.number, started.done, within: patience), let finished = finish(done) {
            return finished.report
        }
        log.warning("\(action): the photos' folder is slow to answer; it goes on off the frame loop and is done when it answers")
        var report = Report()
        report.underWay = true
        return report
    }

    /// The jobs done since the last look, each with the targets it was started for (none for
    /// an undo).
    func finishedJobs() -> [(report: Report, targets: [ActionTarget])] {
        jobs.take().compactMap(finish)
    }

    private func finish(_ done: PhotoFileJobs.Finished) -> (report: Report, targets: [ActionTarget])? {
        guard let purpose = pending.removeValue(forKey: done.job.number) else { return nil }
        switch (purpose, done.outcome, done.job.work) {
        case let (.transfer(action, targets, folder), .transferred(results), .transfer(_, files)):
            return (finishTransfer(action, zip(files, results).map { ($0.0, $0.1) }, targets: targets, folder: folder), targets)
        case let (.undoMove(step), .transferred(results), .transfer(_, files)):
            return (finishUndo(zip(files, results).map { ($0.0, $0.1) }, step), [])
        case let (.trash(targets), .trashed(results), _):
            return (finishTrash(results, targets: targets), targets)
        case let (.undoTrash(step), .restored(results), _):
            return (finishRestore(results, step), [])
        default:
            return nil
        }
    }

    private func finishTrash(_ results: [Result<TrashedFile, TrashError>], targets: [ActionTarget]) -> Report {
        var report = Report()
        var files: [TrashedFile] = []
        var tiles: [PhotoPath: (entry: PhotoEntry, index: Int)] = [:]
        for (target, result) in zip(targets, results) {
            switch result {
            case .success(let file):
                log.info("trashed \(target.path) to \(file.trashed)")
                files.append(file)
                report.removed.append(target.path)
                report.done.append(.string(file.original.string))
                if let entry = target.entry, let index = target.index { tiles[file.original] = (entry, index) }
            case .failure(let error):
                log.error("\(error)")
                report.failures.append(error.description)
            }
        }
        guard !files.isEmpty else { return report }
        report.events.append(.trashed(files.map(\.original)))
        history.push(.init(files: .trashed(TrashBatch(files: files)), tiles: tiles))
        return report
    }

    private func finishTransfer(_ action: FileAction, _ results: [((from: PhotoPath, to: PhotoPath), Result<PhotoPath, TransferError>)],
                                targets: [ActionTarget], folder: PhotoPath) -> Report {
        var report = Report()
        var pairs: [(from: PhotoPath, to: PhotoPath)] = []
        var tiles: [PhotoPath: (entry: PhotoEntry, index: Int)] = [:]
        for (target, ((from, _), result)) in zip(targets, results) {
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

    /// Undoes the last trash or move: a trash answered as `trash` is, a move off the loop. What
    /// cannot go back because its old path is taken now stays in the history, so the next undo
    /// tries it again.
    func undo() -> Report {
        var report = Report()
        if pending.values.contains(where: \.changesHistory) {
            report.failures.append("restore: a trash or move is still under way; restore once it is done")
            return report
        }
        guard let step = history.popLast() else {
            report.failures.append("restore: nothing trashed or moved to put back")
            return report
        }
        switch step.files {
        case .trashed(let batch):
            return answer(start(.restore(batch, from: trash), for: .undoTrash(step)), "restore")
        case .moved(let pairs):
            // Back across filesystems is a copy too: off the frame loop, as the move was.
            start(.transfer(.move, files: pairs.reversed().map { ($0.to, $0.from) }), for: .undoMove(step))
            report.underWay = true
            return report
        }
    }

    private func finishRestore(_ results: [(file: TrashedFile, error: TrashError?)], _ step: EditHistory.Step) -> Report {
        var step = step
        var report = Report()
        var back: [PhotoPath] = []
        var left: [TrashedFile] = []
        for (file, error) in results {
            guard let error else {
                log.info("restored \(file.original)")
                back.append(file.original)
                continue
            }
            log.error("\(error)")
            report.failures.append(error.description)
            // What the trash no longer holds does not come back by trying again.
            if case .noLongerTrashed = error { continue }
            left.append(file)
        }
        if !back.isEmpty { report.events.append(.restored(back)) }
        if !left.isEmpty {
            step.files = .trashed(TrashBatch(files: left.reversed()))
            history.push(step)
        }
        report.done = back.map { .string($0.string) }
        report.restored = back.compactMap { step.tiles[$0] }.sorted { $0.index < $1.index }
        return report
    }

    /// A move undone: the photos back, their tiles with them; what could not go back (its old
    /// path is taken now) stays in the history for the next undo.
    private func finishUndo(_ results: [((from: PhotoPath, to: PhotoPath), Result<PhotoPath, TransferError>)],
                            _ step: EditHistory.Step) -> Report {
        var step = step
        var report = Report()
        var returned: [(from: PhotoPath, to: PhotoPath)] = []
        var left: [(from: PhotoPath, to: PhotoPath)] = []
        for (file, result) in results {
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
    func rotate(_ targets: [ActionTarget], by turn: QuarterTurn, batch: Int? = nil) {
        for target in targets { rotations.rotate(target.path, known: target.entry, by: turn, batch: batch) }
    }
}

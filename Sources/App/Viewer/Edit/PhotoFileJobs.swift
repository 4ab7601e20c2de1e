// `trash`, `restore`, `move` and `copy` off the frame loop. A copy to another disk takes as long
// as the disk does — a card's worth of photos, minutes — and any look at a photo on a network
// share that stops answering waits in the kernel for as long as the share likes; the loop must go
// on drawing, answering and feeding systemd's watchdog meanwhile. Jobs run one at a time, in
// order (an undo never overtakes what it undoes), on a queue of their own; the loop hears of each
// through a mailbox and a wake-up, as it does of rotations, or waits a moment for one it can
// answer at once (`finished(_:within:)`).

import Control
import Dispatch
import Photos
import Locking

final class PhotoFileJobs: Sendable {
    struct Job: Sendable {
        let number: Int
        let work: Work
    }

    enum Work: Sendable {
        /// Each file and exactly where it goes.
        case transfer(FileAction, files: [(from: PhotoPath, to: PhotoPath)])
        case trash([PhotoPath], into: Trash)
        case restore(TrashBatch, from: Trash)
    }

    enum Outcome: Sendable {
        /// One per file, in the job's order.
        case transferred([Result<PhotoPath, TransferError>])
        case trashed([Result<TrashedFile, TrashError>])
        /// One per file, newest first (the order they are put back in).
        case restored([(file: TrashedFile, error: TrashError?)])
    }

    struct Finished: Sendable {
        let job: Job
        let outcome: Outcome
    }

    /// The default QoS, the frame loop's own priority: on Linux libdispatch makes a QoS a nice
    /// value, and userInitiated's (-2) is one an unprivileged process may not take — each new
    /// worker thread would log "Failed to set thread priority" and run at 0 anyway.
    private let queue = DispatchQueue(label: "cascade.files")
    private let finished = Locked<[Finished]>([])
    private let wake: @Sendable () -> Void

    init(wake: @escaping @Sendable () -> Void) { self.wake = wake }

    /// Starts `job` after those before it; the semaphore is signalled once it is done.
    @discardableResult
    func start(_ job: Job) -> DispatchSemaphore {
        let done = DispatchSemaphore(value: 0)
        queue.async { [self] in
            let outcome = Self.run(job.work)
            finished.withLock { $0.append(Finished(job: job, outcome: outcome)) }
            done.signal()
            wake()
        }
        return done
    }

    private static func run(_ work: Work) -> Outcome {
        switch work {
        case let .transfer(action, files):
            let kind: FileTransfer.Kind = action == .move ? .move : .copy
            return .transferred(files.map { file in
                Result { () throws(TransferError) in
                    try FileTransfer.transfer(kind, file.from, to: file.to)
                    return file.to
                }
            })
        case let .trash(paths, trash):
            return .trashed(paths.map { path in Result { () throws(TrashError) in try trash.trash(path) } })
        case let .restore(batch, trash):
            return .restored(batch.files.reversed().map { file -> (file: TrashedFile, error: TrashError?) in
                do throws(TrashError) { try trash.restore(file); return (file, nil) } catch { return (file, error) }
            })
        }
    }

    /// Job `number`, taken from the mailbox, once `done` is signalled within `limit`; nil when it
    /// is not done by then (it comes through `take()` when it is).
    func finished(_ number: Int, _ done: DispatchSemaphore, within limit: Duration) -> Finished? {
        let (seconds, attoseconds) = limit.components
        let deadline = DispatchTime.now() + Double(seconds) + Double(attoseconds) / 1e18
        guard done.wait(timeout: deadline) == .success else { return nil }
        return finished.withLock { all in
            all.firstIndex { $0.job.number == number }.map { all.remove(at: $0) }
        }
    }

    func take() -> [Finished] {
        finished.withLock { taken in
            defer { taken = [] }
            return taken
        }
    }

    /// Returns once every job started so far is done (tests, and nothing else, wait for it).
    func waitUntilIdle() { queue.sync {} }
}

// `move` and `copy` off the frame loop: a copy to another disk takes as long as the disk does —
// a card's worth of photos, minutes — and the loop must go on drawing and feeding systemd's
// watchdog meanwhile. Jobs run one at a time, in order, on a queue of their own; the loop hears
// of each through a mailbox and a wake-up, as it does of rotations.

import Control
import Dispatch
import Photos
import Locking

final class PhotoTransfers: Sendable {
    struct Job: Sendable {
        let number: Int
        let action: FileAction
        /// Each file and exactly where it goes.
        let files: [(from: PhotoPath, to: PhotoPath)]
    }

    struct Finished: Sendable {
        let job: Job
        /// One per file, in the job's order.
        let results: [Result<PhotoPath, TransferError>]
    }

    private let queue = DispatchQueue(label: "cascade.transfer", qos: .userInitiated)
    private let finished = Locked<[Finished]>([])
    private let wake: @Sendable () -> Void

    init(wake: @escaping @Sendable () -> Void) { self.wake = wake }

    func start(_ job: Job) {
        queue.async { [self] in
            let kind: FileTransfer.Kind = job.action == .move ? .move : .copy
            let results = job.files.map { file in
                Result { () throws(TransferError) in
                    try FileTransfer.transfer(kind, file.from, to: file.to)
                    return file.to
                }
            }
            finished.withLock { $0.append(Finished(job: job, results: results)) }
            wake()
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

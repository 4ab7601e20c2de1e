// `rotate 90|180|270` off the frame loop: reading, transforming, fsync and the rename take as
// long as the disk does, so they run on a queue of their own and the loop hears of each rotation
// through a mailbox and a wake-up, like the folder watcher's edits.

import Dispatch
import Photos
import Locking
import Waterfall

final class PhotoRotations: Sendable {
    struct Finished: Sendable {
        let path: PhotoPath
        let result: Result<PhotoRotation.Outcome, RotationError>
        /// The photo's entry read again (its size as displayed may have turned); nil on failure
        /// or when it is no longer a photo.
        let entry: PhotoEntry?
        /// The control request's batch it belongs to (`RotationReplies`), if one waits for it.
        let batch: Int?
    }

    /// One at a time and in order: `>` pressed twice turns the photo twice, never both from
    /// the same starting bytes.
    /// The default QoS, as PhotoFileJobs' queue says why.
    private let queue = DispatchQueue(label: "cascade.rotate")
    private let finished = Locked<[Finished]>([])
    private let thumbnails: ThumbnailCache
    private let wake: @Sendable () -> Void

    init(thumbnails: ThumbnailCache, wake: @escaping @Sendable () -> Void) {
        self.thumbnails = thumbnails
        self.wake = wake
    }

    /// Turns `path`; `known` is its entry on the wall, else it is read here, off the loop.
    func rotate(_ path: PhotoPath, known: PhotoEntry?, by turn: QuarterTurn, batch: Int? = nil) {
        queue.async { [self] in
            let entry = known ?? PhotoScanner().entry(at: path, relative: path.lastComponent, group: 0)
            let result = Result { () throws(RotationError) in
                guard let entry else { throw .unsupported(path, "it is not a photo") }
                return try PhotoRotation.rotate(entry.path, by: turn, thumbnails: thumbnails)
            }
            let fresh = (try? result.get()).flatMap { _ in
                entry.flatMap { PhotoScanner().entry(at: $0.path, relative: $0.relative, group: $0.group) }
            }
            finished.withLock { $0.append(Finished(path: entry?.path ?? path, result: result, entry: fresh, batch: batch)) }
            wake()
        }
    }

    func take() -> [Finished] {
        finished.withLock { taken in
            defer { taken = [] }
            return taken
        }
    }
}

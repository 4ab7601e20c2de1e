#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import Foundation  // Thread
import Logging
import Locking
import Synchronization

/// Watches the folders a scan walked, recursively, and reports the files that arrive, leave or
/// change, so the wall follows them live (docs/kiosk.md, "Live folders, the socket, systemd").
///
/// - inotify on every folder, new sub-folders included; hidden entries skipped; each real
///   folder followed once, symbolic links to folders followed — the walk's rules, so files are
///   reported under the names the scan gave them (`WatchedFile`).
/// - A file counts once it is complete: closed after writing (`IN_CLOSE_WRITE`), moved in, or
///   linked in. A file still being written is not reported.
/// - A folder that arrives is watched, then walked, and its files reported added; a folder
///   that leaves takes its files with it. A root folder that goes is logged, its files are
///   reported removed, and it is followed again if it comes back.
/// - Changes are coalesced per file and reported once nothing new arrived for `debounce`
///   seconds, and at most a second after the first of them under a constant stream.
/// - When the kernel's event queue overflows, the folders are listed again and compared.
/// - When inotify runs out of watches (or cannot start), the folders without a watch are
///   polled every 2 s instead, with one log line naming the limit to raise.
///
/// Starting walks every folder once (like the scan, but reading no file): start the watcher
/// off the frame loop. Start it *before* the scan, and apply what it reports to the scan's
/// result: a photo landing between the two is not lost (changes to files the scan already
/// has cost nothing, see `LiveLibrary`).
public final class FolderWatcher: Sendable {
    private let wake: WakePipe
    private let thread = WatcherThread()
    private let stopped = Atomic<Bool>(false)

    /// Starts watching `roots` (see `WatchedRoot.roots(for:)`). `onChange` is called on the
    /// watcher's own thread, never twice at once, and never with empty changes; it should hand
    /// the changes over (a mailbox plus a wake-up) and return.
    /// `networkPoll`: seconds between listings of folders on a network file system.
    /// `away`: by root index, roots the scan could not reach and the files the wall kept for
    /// them; followed once they answer, when those of the files that are gone are told removed.
    public convenience init(roots: [WatchedRoot], away: [Int: [WatchedFile]] = [:], log: Logger, debounce: Double = 0.2,
                            networkPoll: Double = 20,
                            onChange: @escaping @Sendable (FolderChanges) -> Void) throws(FolderWatchError) {
        var tuning = WatchTuning()
        tuning.debounce = .milliseconds(Int((max(0, debounce) * 1000).rounded()))
        tuning.networkPollInterval = .milliseconds(Int((max(0.1, networkPoll) * 1000).rounded()))
        tuning.patience = max(tuning.patience, tuning.debounce)
        try self.init(roots: roots, away: away, log: log, tuning: tuning, onChange: onChange)
    }

    init(roots: [WatchedRoot], away: [Int: [WatchedFile]] = [:], log: Logger, tuning: WatchTuning,
         onChange: @escaping @Sendable (FolderChanges) -> Void) throws(FolderWatchError) {
        wake = try WakePipe()
        let handoff = Locked<FolderTree?>(FolderTree(roots: roots, away: away, tuning: tuning, log: log))
        let (wake, thread, interval) = (self.wake, self.thread, tuning.pollInterval)
        let worker = Thread {
            thread.id.withLock { $0 = pthread_self() }
            if let tree = handoff.withLock({ tree in tree.take() }) {
                Self.run(tree, wake: wake, pollInterval: interval, log: log, onChange: onChange)
            }
            thread.finished.signal()
        }
        worker.name = "cascade-watch"
        worker.start()
    }

    /// The thread holds the pipe and the tree itself, so letting go never waits for it.
    deinit { stop(waiting: false) }

    /// Stops watching. Once it returns, `onChange` is not called again (unless called from
    /// `onChange` itself, which then is the last call). Calling it again does nothing.
    /// `waiting: false` only asks the thread to end: a frame loop must never wait for a walk of a
    /// large folder or a slow poll to finish (its `onChange` may then run once more).
    public func stop(waiting: Bool = true) {
        let first = !stopped.exchange(true, ordering: .acquiringAndReleasing)
        if first { wake.signal() }
        guard waiting else { return }
        let onWatcherThread = thread.id.withLock { current in current.map { pthread_equal($0, pthread_self()) != 0 } ?? false }
        guard !onWatcherThread else { return }
        thread.finished.wait()
        // Let any other caller of stop() through too.
        thread.finished.signal()
    }

    private static func run(_ tree: FolderTree, wake: WakePipe, pollInterval: Duration, log: Logger,
                            onChange: @Sendable (FolderChanges) -> Void) {
        var nextPoll = ContinuousClock.now + pollInterval
        var pollFailed = false
        while true {
            let due = min(nextPoll, tree.deadline ?? nextPoll)
            var descriptors = [pollfd(fd: wake.readEnd, events: Int16(POLLIN), revents: 0)]
            if let inotify = tree.inotifyDescriptor {
                descriptors.append(pollfd(fd: inotify, events: Int16(POLLIN), revents: 0))
            }
            let ready = poll(&descriptors, nfds_t(descriptors.count), milliseconds(until: due))
            if ready < 0, errno != EINTR, !pollFailed {
                // Never seen in practice; the timeout below keeps the loop from spinning.
                pollFailed = true
                log.error("folder watcher: poll failed: \(String(cString: strerror(errno)))")
                usleep(100_000)
            }
            if descriptors[0].revents != 0 { return }
            if descriptors.count > 1, descriptors[1].revents != 0 { tree.readEvents() }
            if ContinuousClock.now >= nextPoll {
                tree.pollTick()
                nextPoll = ContinuousClock.now + pollInterval
            }
            if let deadline = tree.deadline, ContinuousClock.now >= deadline {
                let changes = tree.takeChanges()
                if !changes.isEmpty { onChange(changes) }
            }
        }
    }

    /// poll(2)'s timeout for `instant`, rounded up so the loop does not wake just before it.
    private static func milliseconds(until instant: ContinuousClock.Instant) -> Int32 {
        let left = ContinuousClock.now.duration(to: instant)
        guard left > .zero else { return 0 }
        let (seconds, attoseconds) = left.components
        let milliseconds = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return Int32(clamping: milliseconds)
    }
}

/// What the watcher and its thread share about the thread: who it is (so `stop()` from
/// `onChange` does not wait for itself) and when it has finished.
private final class WatcherThread: Sendable {
    let id = Locked<pthread_t?>(nil)
    let finished = DispatchSemaphore(value: 0)
}

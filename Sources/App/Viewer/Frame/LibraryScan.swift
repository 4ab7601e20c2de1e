// The folder scan, off the frame loop: the window is up and drawing while the headers are
// read, and a reload (`r`) never freezes the wall it is about to replace.
//
// With a photo index (BENCHMARKS.md, "100,000 photos"), the wall the last scan left is handed
// over first, so the first frame shows photos at once; the walk then checks it, reading only
// the headers of files that are new or changed, and its differences arrive as one edit.

import Foundation
import Logging
import Photos
import Locking

final class LibraryScan: Sendable {
    enum Outcome: Sendable {
        /// The wall as the photo index last saw it, to show while the walk checks it.
        case indexed([PhotoEntry])
        /// `live`: the folders' watcher, started before the scan so nothing landing during it is missed.
        /// `edit`: from the `indexed` entries handed over before to `entries`; nil when none were.
        case scanned([PhotoEntry], issues: [ScanIssue], live: LiveFolders?, edit: LibraryEdit?)
        case failed(String)
    }

    private struct State {
        var outcomes: [Outcome] = []
        var progress: ScanProgress?
        var lastWake = -Double.infinity
        var finished = false
    }

    private let state = Locked(State())

    /// The screen's progress line is refreshed this often at most: a wake-up per 64 files would
    /// be a frame per 64 files.
    static let progressInterval = 0.25

    /// Starts scanning `paths` (to `depth`) on a thread of its own; `wake` is called when an outcome is ready
    /// and, at most every `progressInterval`, when the progress moved.
    /// `progress` is called on the scan's threads (systemd's STATUS= line is one use).
    /// `watch`: follow the folders afterwards (the watcher wakes the loop through `wake` too).
    /// `index`: the photo index file; nil scans without one. `showIndexed`: hand over the
    /// index's wall before walking (a first start; a reload keeps the wall it has); `indexed`
    /// is told that wall as it is handed over. `known`: headers already in hand (the wall's,
    /// when it is ordered anew and the index has no wall saved in that order yet).
    /// `networkPoll`: seconds between listings of watched folders on a network file system.
    init(paths: [PhotoPath], depth: FolderDepth = .tree, order: Photos.SortOrder, reversed: Bool, watch: Bool = false,
         networkPoll: Double = 20, index: PhotoPath? = nil, showIndexed: Bool = true, known: [PhotoEntry] = [], log: Logger = Log.shared,
         progress: (@Sendable (ScanProgress) -> Void)? = nil, indexed handOver: (@Sendable ([PhotoEntry]) -> Void)? = nil,
         wake: @escaping @Sendable () -> Void) {
        let scanner = PhotoScanner(order: order, reversed: reversed, depth: depth)
        let thread = Thread { [self] in
            let started = ProcessClock.now()
            let key = WallKey(paths: paths, order: order, reversed: reversed, depth: depth)
            let photoIndex = Self.open(index, log: log)
            var indexed: [PhotoEntry] = []
            if let photoIndex {
                do {
                    indexed = try photoIndex.wall(for: key)
                } catch {
                    log.warning("the photo index is not used: \(error)")
                }
                if showIndexed, !indexed.isEmpty {
                    log.debug("\(indexed.count) photos from the index in \(Int(((ProcessClock.now() - started) * 1000).rounded())) ms")
                    post(.indexed(indexed), wake: wake)
                    handOver?(indexed)
                }
            }
            let kept = Self.keepUnreachable(paths, indexed: indexed, log: log)
            let outcome: Outcome
            do {
                var live: LiveFolders?
                if watch {
                    do {
                        live = try LiveFolders(paths: paths, scanner: scanner, log: log, networkPoll: networkPoll, away: kept,
                                               wake: wake)
                    } catch {
                        log.warning("new photos will not appear by themselves: cannot watch the folders (\(error))")
                    }
                }
                var result = try scanner.scan(paths, known: KnownHeaders(of: indexed.isEmpty ? known : indexed),
                                              away: Set(kept.keys)) { [self] step in
                    progress?(step)
                    noteProgress(step, wake: wake)
                }
                if !kept.isEmpty { result.entries = scanner.arrange(result.entries + kept.values.joined()) }
                let edit = showIndexed && !indexed.isEmpty ? LibraryEdit.between(indexed, result.entries) : nil
                indexed = []
                outcome = .scanned(result.entries, issues: result.issues, live: live, edit: edit)
                post(outcome, wake: wake)
                log.info("scanned \(result.entries.count) photos in \(Int(((ProcessClock.now() - started) * 1000).rounded())) ms")
                if let photoIndex {
                    do {
                        try photoIndex.save(result.entries, for: key)
                    } catch {
                        log.warning("the photo index is not updated: \(error)")
                    }
                }
            } catch {
                post(.failed("\(error)"), wake: wake)
            }
            state.withLock { $0.finished = true }
        }
        thread.name = "cascade-scan"
        thread.start()
    }

    /// The next outcome, oldest first: `indexed` (maybe), then `scanned` or `failed`.
    func take() -> Outcome? {
        state.withLock { $0.outcomes.isEmpty ? nil : $0.outcomes.removeFirst() }
    }

    /// The thread is done, the photo index saved.
    var isFinished: Bool { state.withLock { $0.finished } }

    /// How far the walk is, for the screen.
    var progress: ScanProgress? { state.withLock { $0.progress } }

    /// The folders among `paths` that cannot be reached now (a NAS asleep, a share not
    /// mounted, a mount that hangs), each with the photos the index had of it: the wall keeps
    /// them, the slideshow shows their offline copies, and the watcher follows the folder
    /// once it answers. A frame started while its server is away is not a blank one.
    private static func keepUnreachable(_ paths: [PhotoPath], indexed: [PhotoEntry], log: Logger) -> [PhotoPath: [PhotoEntry]] {
        var kept: [PhotoPath: [PhotoEntry]] = [:]
        for (folder, why) in ReachProbe.away(among: paths).sorted(by: { $0.key < $1.key }) {
            let entries = indexed.filter { $0.path.isInside(folder) }
            kept[folder] = entries
            log.warning("photo folder \(folder.string) cannot be reached (\(why)): showing the \(entries.count) photos it had at the last scan")
        }
        return kept
    }

    /// The index at `file`, or nil (said once) when there is none to use.
    private static func open(_ file: PhotoPath?, log: Logger) -> PhotoIndex? {
        guard let file else { return nil }
        do {
            return try PhotoIndex(file: file, log: log)
        } catch {
            log.info("scanning without a photo index: \(error)")
            return nil
        }
    }

    private func post(_ outcome: Outcome, wake: @Sendable () -> Void) {
        state.withLock { $0.outcomes.append(outcome) }
        wake()
    }

    private func noteProgress(_ step: ScanProgress, wake: @Sendable () -> Void) {
        let now = ProcessClock.now()
        let due = state.withLock { state in
            state.progress = step
            guard now - state.lastWake >= Self.progressInterval else { return false }
            state.lastWake = now
            return true
        }
        if due { wake() }
    }
}

// The folder scan, off the frame loop: the window is up and drawing while the headers are
// read, and a reload (`r`) never freezes the wall it is about to replace.

import Foundation
import Logging
import Photos
import Synchronization

final class LibraryScan: Sendable {
    enum Outcome: Sendable {
        /// `live`: the folders' watcher, started before the scan so nothing landing during it is missed.
        case scanned([PhotoEntry], issues: [ScanIssue], live: LiveFolders?)
        case failed(String)
    }

    private let finished = Mutex<Outcome?>(nil)

    /// Starts scanning `paths` on a thread of its own; `wake` is called when it is done.
    /// `progress` is called on the scan's threads (systemd's STATUS= line is one use).
    /// `watch`: follow the folders afterwards (the watcher wakes the loop through `wake` too).
    init(paths: [PhotoPath], order: Photos.SortOrder, reversed: Bool, watch: Bool = false, log: Logger = Log.shared,
         progress: (@Sendable (ScanProgress) -> Void)? = nil, wake: @escaping @Sendable () -> Void) {
        let scanner = PhotoScanner(order: order, reversed: reversed)
        let thread = Thread { [self] in
            let outcome: Outcome
            do {
                var live: LiveFolders?
                if watch {
                    do {
                        live = try LiveFolders(paths: paths, scanner: scanner, log: log, wake: wake)
                    } catch {
                        log.warning("new photos will not appear by themselves: cannot watch the folders (\(error))")
                    }
                }
                let result = try scanner.scan(paths, progress: progress)
                outcome = .scanned(result.entries, issues: result.issues, live: live)
            } catch {
                outcome = .failed("\(error)")
            }
            self.finished.withLock { $0 = outcome }
            wake()
        }
        thread.name = "cascade-scan"
        thread.start()
    }

    /// The outcome once, when the scan is done; nil before and after.
    func take() -> Outcome? {
        finished.withLock { outcome in
            defer { outcome = nil }
            return outcome
        }
    }
}

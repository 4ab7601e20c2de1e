// The folder scan, off the frame loop: the window is up and drawing while the headers are
// read, and a reload (`r`) never freezes the wall it is about to replace.

import Foundation
import Photos
import Synchronization

final class LibraryScan: Sendable {
    enum Outcome: Sendable {
        case scanned([PhotoEntry], issues: [ScanIssue])
        case failed(String)
    }

    private let finished = Mutex<Outcome?>(nil)

    /// Starts scanning `paths` on a thread of its own; `wake` is called when it is done.
    /// `progress` is called on the scan's threads (systemd's STATUS= line is one use).
    init(paths: [PhotoPath], order: Photos.SortOrder, reversed: Bool,
         progress: (@Sendable (ScanProgress) -> Void)? = nil, wake: @escaping @Sendable () -> Void) {
        let scanner = PhotoScanner(order: order, reversed: reversed)
        let thread = Thread { [self] in
            let outcome: Outcome
            do {
                let result = try scanner.scan(paths, progress: progress)
                outcome = .scanned(result.entries, issues: result.issues)
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

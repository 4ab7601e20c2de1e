import Foundation
import Logging
import Locking
@testable import Photos
#if canImport(Glibc)
import Glibc
#endif

/// Everything a folder watcher reported, merged the way a mailbox merges it, and how many
/// reports there were.
final class WatchRecorder: Sendable {
    private let state = Locked<(changes: FolderChanges, reports: Int)>((FolderChanges(), 0))

    var onChange: @Sendable (FolderChanges) -> Void {
        { [self] changes in state.withLock { $0 = ($0.changes.followed(by: changes), $0.reports + 1) } }
    }

    var changes: FolderChanges { state.withLock { $0.changes } }
    var reports: Int { state.withLock { $0.reports } }

    var added: Set<String> { Set(changes.added.map(\.path.string)) }
    var removed: Set<String> { Set(changes.removed.map(\.path.string)) }
    var changed: Set<String> { Set(changes.changed.map(\.path.string)) }
    /// Every path mentioned in any report.
    var mentioned: Set<String> { added.union(removed).union(changed) }

    func reset() { state.withLock { $0 = (FolderChanges(), 0) } }
}

/// Test timings: short, so the tests are quick, but the assertions never depend on them.
func quickTuning(debounce: Int = 100, patience: Int = 1000, poll: Int = 2000) -> WatchTuning {
    var tuning = WatchTuning()
    tuning.debounce = .milliseconds(debounce)
    tuning.patience = .milliseconds(patience)
    tuning.pollInterval = .milliseconds(poll)
    return tuning
}

extension TempFolder {
    /// Renames `from` to `to` (paths in any folder on the same file system).
    func rename(_ from: PhotoPath, to: PhotoPath) {
        let done = from.withCString { a in to.withCString { b in Glibc.rename(a, b) } }
        precondition(done == 0, "rename failed")
    }

    func remove(_ name: String) {
        let done = path(name).withCString { unlink($0) }
        precondition(done == 0, "unlink failed")
    }

    func removeTree(_ name: String) {
        try! FileManager.default.removeItem(atPath: path(name).string)
    }

    /// A file opened and written but left open: the caller closes the returned descriptor.
    func startWriting(_ name: String, _ bytes: [UInt8]) -> Int32 {
        let fd = path(name).withCString { open($0, O_WRONLY | O_CREAT | O_TRUNC, 0o644) }
        precondition(fd >= 0)
        let written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress!, $0.count) }
        precondition(written == bytes.count)
        return fd
    }
}

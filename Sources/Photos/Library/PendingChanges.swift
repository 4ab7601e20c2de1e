/// Changes seen but not yet reported, coalesced per file, and when to report them: once
/// nothing new arrived for `quiet`, and at the latest `patience` after the first change, so a
/// constant stream of copies still shows up on the wall.
struct PendingChanges {
    let quiet: Duration
    let patience: Duration
    /// Per file: whether it existed when it was first touched, and whether it exists now.
    private var files: [WatchedFile: (before: Bool, now: Bool)] = [:]
    private var first: ContinuousClock.Instant?
    private var last: ContinuousClock.Instant?

    init(quiet: Duration, patience: Duration) {
        self.quiet = quiet
        self.patience = max(patience, quiet)
    }

    mutating func note(_ file: WatchedFile, existed: Bool, exists: Bool, at now: ContinuousClock.Instant) {
        files[file] = (files[file]?.before ?? existed, exists)
        if first == nil { first = now }
        last = now
    }

    /// When the pending changes are due; nil when there are none.
    var deadline: ContinuousClock.Instant? {
        guard let first, let last else { return nil }
        return min(last + quiet, first + patience)
    }

    /// The net changes, and nothing pending any more. May be empty when everything cancelled out.
    mutating func take() -> FolderChanges {
        defer {
            files = [:]
            first = nil
            last = nil
        }
        return FolderChanges(files.map { ($0.key, $0.value.before, $0.value.now) })
    }
}

// The wall's folders, live: a folder watcher, and the edits its reports make to the wall's
// entries, computed on a worker and handed to the frame loop through a mailbox and a wake-up.

import Dispatch
import Logging
import Photos
import Locking

/// Keeps the wall's entries in step with its folders.
///
/// 1. Create it with the scan's paths and scanner *before* the scan starts (on the scan's
///    thread: it walks the folders once), so no photo landing during the scan is missed.
/// 2. When the scan is in, `begin(with:)` its entries. Changes seen until then are applied to
///    them (changes the scan already shows cost nothing).
/// 3. On each wake-up, on the frame loop: `while let edit = takeEdit()`, apply it (see
///    `LibraryEdit` for the order). Edits come in order, each based on the entries of the one
///    before, so every edit must be applied.
/// 4. After a rescan (reload, SIGHUP), `begin(with:)` the new entries: edits made for the old
///    ones are dropped. `stop()` when the folders change or the program ends.
public final class LiveFolders: Sendable {
    private struct State {
        /// Changes not yet turned into an edit.
        var held: FolderChanges?
        /// The entries once every edit made so far is applied; nil before `begin`.
        var base: [PhotoEntry]?
        var ready: [LibraryEdit] = []
        var working = false
        /// Bumped by `begin`, so an edit computed for older entries is not delivered.
        var generation = 0
    }

    private let state = Locked(State())
    private let library: LiveLibrary
    private let wake: @Sendable () -> Void
    private let watcher = Locked<FolderWatcher?>(nil)

    /// Starts watching `paths` (the scan's arguments); `scanner` must be the scan's. `wake` is
    /// called from another thread whenever an edit is ready. `away`: folders among `paths`
    /// (absolute) the scan could not reach, with the photos the wall keeps for them.
    public init(paths: [PhotoPath], scanner: PhotoScanner, log: Logger, debounce: Double = 0.2, networkPoll: Double = 20,
                away: [PhotoPath: [PhotoEntry]] = [:], wake: @escaping @Sendable () -> Void) throws {
        library = LiveLibrary(scanner: scanner)
        self.wake = wake
        let roots = try WatchedRoot.roots(for: paths, depth: scanner.depth, away: Set(away.keys))
        var kept: [Int: [WatchedFile]] = [:]
        for (index, root) in roots.enumerated() {
            guard let entries = away[root.folder] else { continue }
            kept[index] = entries.map { WatchedFile(path: $0.path, relative: $0.relative, group: $0.group) }
        }
        // The watcher's callback holds this object weakly: dropping it stops the watcher.
        let started = try FolderWatcher(roots: roots, away: kept, log: log, debounce: debounce,
                                        networkPoll: networkPoll) { [weak self] changes in
            self?.receive(changes)
        }
        watcher.withLock { $0 = started }
    }

    deinit { stop() }

    /// The wall's entries from a (re)scan: edits from now on are based on them.
    public func begin(with entries: [PhotoEntry]) {
        let start = state.withLock { state in
            state.generation += 1
            state.base = entries
            state.ready = []
            return startWorkIfDue(&state)
        }
        if start { work() }
    }

    /// The next edit to apply, oldest first; nil when none is ready.
    public func takeEdit() -> LibraryEdit? {
        state.withLock { $0.ready.isEmpty ? nil : $0.ready.removeFirst() }
    }

    /// The wall changes its entries itself (a photo moved to the trash or put back), and the
    /// watcher will soon report the same file leaving or arriving. `change` is handed the edits
    /// ready so far, to apply first, then makes the wall's own edit and returns its entries:
    /// later edits are based on them, so the watcher's report of that file edits nothing and
    /// the tile is not removed (or added) twice. An edit being computed meanwhile is made again
    /// on the new entries. `change` runs under the lock, on the caller's thread.
    public func wallEdited(_ change: ([LibraryEdit]) -> [PhotoEntry]) {
        let start = state.withLock { state in
            let pending = state.ready
            state.ready = []
            state.base = change(pending)
            state.generation += 1
            return startWorkIfDue(&state)
        }
        if start { work() }
    }

    /// Asks the watcher to end without waiting for it (this runs on the frame loop, and in
    /// deinit); a report it still makes finds no one to take it.
    public func stop() {
        let current = watcher.withLock { current in
            defer { current = nil }
            return current
        }
        current?.stop(waiting: false)
    }

    private func receive(_ changes: FolderChanges) {
        let start = state.withLock { state in
            state.held = state.held?.followed(by: changes) ?? changes
            return startWorkIfDue(&state)
        }
        if start { work() }
    }

    private func startWorkIfDue(_ state: inout State) -> Bool {
        guard !state.working, state.held != nil, state.base != nil else { return false }
        state.working = true
        return true
    }

    /// The held changes and the entries to apply them to; nil (and no longer working) when
    /// there is nothing left to do.
    private func nextBatch() -> (FolderChanges, [PhotoEntry], Int)? {
        state.withLock { state in
            guard let changes = state.held, let base = state.base else {
                state.working = false
                return nil
            }
            state.held = nil
            return (changes, base, state.generation)
        }
    }

    /// Turns held changes into edits, one batch at a time, until none are left.
    private func work() {
        DispatchQueue.global(qos: .utility).async { [self] in
            while let (changes, base, generation) = nextBatch() {
                let edit = library.edit(base, applying: changes)
                let delivered = state.withLock { state in
                    guard state.generation == generation else {
                        // New entries arrived meanwhile: these changes still apply to them.
                        state.held = changes.followed(by: state.held ?? FolderChanges())
                        return false
                    }
                    state.base = edit.entries
                    if !edit.isEmpty { state.ready.append(edit) }
                    return !edit.isEmpty
                }
                if delivered { wake() }
            }
        }
    }
}

/// A file a folder watcher reports, named as the scan names it: the absolute path (through
/// symbolic links, as the walk reached it), the path relative to its root and the root's group
/// — everything `PhotoScanner.entry(at:relative:group:)` needs to make its entry.
public struct WatchedFile: Sendable, Hashable, CustomStringConvertible {
    public let path: PhotoPath
    public let relative: PhotoPath
    public let group: Int

    public init(path: PhotoPath, relative: PhotoPath, group: Int) {
        self.path = path
        self.relative = relative
        self.group = group
    }

    public var description: String { "\(path.string) (group \(group))" }
}

/// What changed in the watched folders since the last report, one net change per file: a
/// file created and deleted in between is not mentioned, one deleted and created again is
/// `changed`. Files, not photos: whether a file is a photo is for the reader to decide.
public struct FolderChanges: Sendable, Hashable {
    /// Files that arrived complete: closed after writing, moved or linked in, or found in a
    /// folder that arrived.
    public var added: [WatchedFile]
    /// Files deleted or moved away, alone or with their folder.
    public var removed: [WatchedFile]
    /// Files that were there before and were rewritten or replaced.
    public var changed: [WatchedFile]

    public init(added: [WatchedFile] = [], removed: [WatchedFile] = [], changed: [WatchedFile] = []) {
        self.added = added
        self.removed = removed
        self.changed = changed
    }

    public var isEmpty: Bool { added.isEmpty && removed.isEmpty && changed.isEmpty }
    public var count: Int { added.count + removed.count + changed.count }

    /// These changes followed by `later` as one report, coalesced per file the way the watcher
    /// coalesces — for a mailbox that holds reports until the wall takes them.
    public func followed(by later: FolderChanges) -> FolderChanges {
        // Whether each file existed before the first report, and whether it does after the last.
        var state: [WatchedFile: (before: Bool, after: Bool)] = [:]
        for (list, before, after) in [(added, false, true), (removed, true, false), (changed, true, true)] {
            for file in list { state[file] = (before, after) }
        }
        for (list, before, after) in [(later.added, false, true), (later.removed, true, false), (later.changed, true, true)] {
            for file in list { state[file] = (state[file]?.before ?? before, after) }
        }
        return FolderChanges(state.map { ($0.key, $0.value.before, $0.value.after) })
    }

    /// From per-file (existed before, exists after) pairs; each list sorted by path then group.
    init(_ files: some Sequence<(WatchedFile, Bool, Bool)>) {
        self.init()
        for (file, before, after) in files {
            switch (before, after) {
            case (false, true): added.append(file)
            case (true, false): removed.append(file)
            case (true, true): changed.append(file)
            case (false, false): continue
            }
        }
        let order: (WatchedFile, WatchedFile) -> Bool = { ($0.path, $0.group) < ($1.path, $1.group) }
        added.sort(by: order)
        removed.sort(by: order)
        changed.sort(by: order)
    }
}

#if canImport(Glibc)
import Glibc
#endif
import Logging

/// What the watcher knows of the watched folders, kept in step with the disk by inotify
/// events, by polling where inotify gives no watch, and by a full rescan when the kernel's
/// event queue overflowed. Every change it sees becomes a pending change per file. Lives on
/// the watcher's thread only.
///
/// The folders are followed by the walk's rules (`FolderWalker`): hidden entries are skipped,
/// each real folder (by `FileID`) is followed once, in the walk's order, so the path a file is
/// reported under is the one the scan gave it; symbolic links to folders are followed.
final class FolderTree {
    private let roots: [WatchedRoot]
    /// Per root: its folder, or nil while it is missing (or is a folder another root covers).
    private var attached: [WatchedFolder?]
    /// Roots that went away with a log line; one more line when they come back.
    private var lost: Set<Int> = []
    private var visited: Set<FileID> = []
    /// One real folder can be two `WatchedFolder`s (a walked folder that also holds files named
    /// on the command line): the kernel gives both the same watch.
    private var byWatch: [Int32: [WatchedFolder]] = [:]
    private var polled: [ObjectIdentifier: WatchedFolder] = [:]
    private let inotify: InotifyQueue?
    private let tuning: WatchTuning
    private let log: Logger
    private var pending: PendingChanges
    private var warnedAboutWatches = false
    private var overflowed = false
    /// Roots on network file systems, and whether they answer.
    private let network: NetworkRoots

    /// `away`: by root index, roots the scan could not reach, and the files the wall kept for
    /// them; they are looked at as network roots are, and followed once they answer.
    init(roots: [WatchedRoot], away: [Int: [WatchedFile]] = [:], tuning: WatchTuning, log: Logger) {
        self.roots = roots
        self.tuning = tuning
        self.log = log
        network = NetworkRoots(away: away, tuning: tuning, log: log)
        attached = Array(repeating: nil, count: roots.count)
        pending = PendingChanges(quiet: tuning.debounce, patience: tuning.patience)
        if tuning.useInotify, let queue = InotifyQueue() {
            inotify = queue
        } else {
            inotify = nil
            let reason = tuning.useInotify ? String(cString: strerror(errno)) : "turned off"
            log.warning("""
                cannot watch the photo folders with inotify (\(reason)); checking them for changes every \
                \(tuning.pollInterval) instead. If too many inotify instances are open, raise the limit in \
                /proc/sys/fs/inotify/max_user_instances (sysctl fs.inotify.max_user_instances=1024)
                """)
        }
        // A root away at the scan is not even looked at here: its mount may hang.
        for index in roots.indices where away[index] == nil && !attach(index, report: false) {
            if attached[index] == nil, !isCovered(index) {
                lost.insert(index)
                log.warning("photo folder \(roots[index].folder.string) is not there; watching for it to appear")
            }
        }
    }

    var inotifyDescriptor: Int32? { inotify?.descriptor }

    /// When the pending changes are due for a report; nil when there are none.
    var deadline: ContinuousClock.Instant? { pending.deadline }

    func takeChanges() -> FolderChanges { pending.take() }

    // MARK: - Events

    /// Reads and applies every queued event; rescans everything if the queue overflowed.
    func readEvents() {
        guard let inotify else { return }
        for event in inotify.read() { handle(event) }
        if overflowed {
            overflowed = false
            log.info("inotify event queue overflowed; rescanning the photo folders")
            rescan()
        }
    }

    private func handle(_ event: InotifyEvent) {
        if event.has(IN_Q_OVERFLOW) {
            overflowed = true
            return
        }
        guard let folders = byWatch[event.watch] else { return }
        if event.has(IN_IGNORED) {
            // The kernel dropped the watch (the folder went, or its file system was unmounted):
            // poll the folder until its parent's event, or a failed listing, settles its fate.
            byWatch[event.watch] = nil
            for folder in folders {
                folder.watch = nil
                polled[ObjectIdentifier(folder)] = folder
            }
            return
        }
        if event.name.isEmpty {
            // A sub-folder's own deletion or move is handled through its parent's event.
            if event.has(IN_DELETE_SELF) || event.has(IN_MOVE_SELF) {
                for folder in folders where folder.isRoot { loseRoot(folder) }
            }
            return
        }
        guard event.name.first != UInt8(ascii: ".") else { return }
        for folder in folders {
            if event.has(IN_DELETE) || event.has(IN_MOVED_FROM) {
                forget(event.name, in: folder)
            } else if folder.reports(event.name) {
                // IN_CREATE of a plain file means it is still being written: wait for its close.
                if event.has(IN_CREATE), !event.has(IN_ISDIR), !Self.arrivesComplete(folder.path.appending(event.name)) {
                    continue
                }
                look(at: event.name, in: folder)
            }
        }
    }

    /// Whether a name that was just created is whole already: a symbolic link or a new hard
    /// link is, a file opened for writing is not.
    private static func arrivesComplete(_ path: PhotoPath) -> Bool {
        var status = stat()
        guard path.withCString({ lstat($0, &status) }) == 0 else { return false }
        switch status.st_mode & S_IFMT {
        case S_IFLNK, S_IFDIR: return true
        case S_IFREG: return status.st_nlink > 1
        default: return false
        }
    }

    /// Brings what is known of `name` in `folder` in line with the disk.
    private func look(at name: [UInt8], in folder: WatchedFolder) {
        switch FolderWalker.kind(of: folder.path.appending(name).bytes, in: AT_FDCWD) {
        case .file(let status):
            if let subfolder = folder.subfolders.removeValue(forKey: name) { drop(subfolder, report: true) }
            let existed = folder.files.updateValue(FileSignature(status), forKey: FileName(name)) != nil
            note(folder.file(name), existed: existed, exists: true)
        case .folder(let id):
            guard folder.followsSubfolders else { return }
            if let known = folder.subfolders[name] {
                if known.id == id { return }
                drop(known, report: true)
                folder.subfolders[name] = nil
            }
            if folder.files.removeValue(forKey: FileName(name)) != nil { note(folder.file(name), existed: true, exists: false) }
            adopt(name, id: id, in: folder)
        case .skipped:
            forget(name, in: folder)
        }
    }

    private func forget(_ name: [UInt8], in folder: WatchedFolder) {
        if folder.files.removeValue(forKey: FileName(name)) != nil { note(folder.file(name), existed: true, exists: false) }
        if let subfolder = folder.subfolders.removeValue(forKey: name) { drop(subfolder, report: true) }
    }

    private func note(_ file: WatchedFile, existed: Bool, exists: Bool) {
        pending.note(file, existed: existed, exists: exists, at: .now)
    }

    // MARK: - Roots

    /// Follows root `index` if its folder is there and no other root covers it. Reports its
    /// files as added when `report`.
    @discardableResult
    private func attach(_ index: Int, report: Bool) -> Bool {
        let root = roots[index]
        var status = stat()
        guard root.folder.withCString({ stat($0, &status) }) == 0, status.st_mode & S_IFMT == S_IFDIR else { return false }
        let id = FileID(status)
        let only: Set<[UInt8]>?
        var depth = FolderDepth.tree
        switch root.kind {
        case .folder(let rootDepth):
            guard visited.insert(id).inserted else { return false }
            only = nil
            depth = rootDepth
        case .files(let names):
            only = names
        }
        let folder = WatchedFolder(path: root.folder, relative: nil, group: root.group, id: id, only: only, parent: nil, depth: depth)
        if case .network(let kind) = MountKind.of(root.folder) {
            folder.onNetwork = true
            log.info("photo folder \(root.folder.string) is on \(kind): checked for changes every \(tuning.networkPollInterval) (inotify does not see what other machines change there)")
        }
        attached[index] = folder
        populate(folder, report: report)
        return true
    }

    /// A folder root whose folder another root already follows (named twice, or inside
    /// another): the scan walked it once, and so does the watcher.
    private func isCovered(_ index: Int) -> Bool {
        guard case .folder = roots[index].kind else { return false }
        var status = stat()
        guard roots[index].folder.withCString({ stat($0, &status) }) == 0 else { return false }
        return visited.contains(FileID(status))
    }

    private func loseRoot(_ folder: WatchedFolder) {
        guard let index = attached.firstIndex(where: { $0 === folder }) else { return }
        attached[index] = nil
        drop(folder, report: true)
        lost.insert(index)
        log.warning("photo folder \(folder.path.string) is gone (deleted, moved or unmounted); its photos leave the wall, and it is picked up again if it comes back")
    }

    // MARK: - Following folders

    private func adopt(_ name: [UInt8], id: FileID, in parent: WatchedFolder) {
        guard visited.insert(id).inserted else { return }
        let folder = WatchedFolder(path: parent.path.appending(name), relative: parent.childRelative(name),
                                   group: parent.group, id: id, only: nil, parent: parent)
        folder.onNetwork = parent.onNetwork
        parent.subfolders[name] = folder
        populate(folder, report: true)
    }

    /// Watches `top` and everything below it, then lists them — in that order, so a file that
    /// lands after its folder was listed raises an event — walking as `FolderWalker` does:
    /// depth first, sub-folders in natural order, each marked visited when its parent is listed.
    private func populate(_ top: WatchedFolder, report: Bool) {
        var stack = [top]
        while let folder = stack.popLast() {
            startWatching(folder)
            guard case .success(let children) = FolderWalker.list(folder.path) else { continue }
            var subfolders: [WatchedFolder] = []
            for child in children {
                switch child.kind {
                case .file(let status):
                    guard folder.reports(child.name) else { continue }
                    folder.files[FileName(child.name)] = FileSignature(status)
                    if report { note(folder.file(child.name), existed: false, exists: true) }
                case .folder(let id):
                    guard folder.followsSubfolders, visited.insert(id).inserted else { continue }
                    let subfolder = WatchedFolder(path: folder.path.appending(child.name), relative: folder.childRelative(child.name),
                                                  group: folder.group, id: id, only: nil, parent: folder)
                    subfolder.onNetwork = folder.onNetwork
                    folder.subfolders[child.name] = subfolder
                    subfolders.append(subfolder)
                case .skipped:
                    continue
                }
            }
            stack.append(contentsOf: subfolders.reversed())
        }
    }

    /// Stops following `top` and everything below it; its files are reported removed when `report`.
    private func drop(_ top: WatchedFolder, report: Bool) {
        var stack = [top]
        while let folder = stack.popLast() {
            stopWatching(folder)
            // Every folder but that of files named was marked visited when it was followed.
            if folder.only == nil { visited.remove(folder.id) }
            if report {
                for name in folder.files.keys { note(folder.file(name.bytes), existed: true, exists: false) }
            }
            folder.files = [:]
            stack.append(contentsOf: folder.subfolders.values)
            folder.subfolders = [:]
        }
    }

    private func startWatching(_ folder: WatchedFolder) {
        guard folder.watch == nil else { return }
        guard let inotify, !folder.onNetwork else {
            polled[ObjectIdentifier(folder)] = folder
            return
        }
        if let limit = tuning.watchLimit, byWatch.count >= limit {
            outOfWatches(folder)
            return
        }
        switch inotify.add(folder.path) {
        case .watching(let watch):
            folder.watch = watch
            byWatch[watch, default: []].append(folder)
            polled[ObjectIdentifier(folder)] = nil
        case .outOfWatches:
            outOfWatches(folder)
        case .failed:
            // Unreadable, or gone already: polling keeps looking (and notices either way).
            polled[ObjectIdentifier(folder)] = folder
        }
    }

    private func outOfWatches(_ folder: WatchedFolder) {
        polled[ObjectIdentifier(folder)] = folder
        guard !warnedAboutWatches else { return }
        warnedAboutWatches = true
        let limit = tuning.watchLimit.map { "\($0) (set for this run)" } ?? Self.systemWatchLimit()
        log.warning("""
            out of inotify watches (the limit in /proc/sys/fs/inotify/max_user_watches is \(limit)); folders \
            beyond it are checked for changes every \(tuning.pollInterval) instead. Raise the limit, e.g. \
            sysctl fs.inotify.max_user_watches=524288 (and a line in /etc/sysctl.d/ to keep it)
            """)
    }

    private static func systemWatchLimit() -> String {
        guard let bytes = try? SafeFile.readPrefix(PhotoPath("/proc/sys/fs/inotify/max_user_watches"), count: 32) else { return "unknown" }
        return String(decoding: bytes, as: UTF8.self).trimmingWhitespace
    }

    private func stopWatching(_ folder: WatchedFolder) {
        polled[ObjectIdentifier(folder)] = nil
        guard let watch = folder.watch else { return }
        folder.watch = nil
        var sharing = byWatch[watch] ?? []
        sharing.removeAll { $0 === folder }
        if sharing.isEmpty {
            byWatch[watch] = nil
            inotify?.remove(watch)
        } else {
            byWatch[watch] = sharing
        }
    }

    // MARK: - Looking without events

    /// Every `tuning.pollInterval`: roots that went (even with no event, as when a folder
    /// above them was renamed) are let go, roots that came back are followed again, and
    /// folders without a watch are listed again (and given a watch if one is free now).
    func pollTick() {
        let networkDue = network.takeTurn()
        for index in roots.indices {
            if let folder = attached[index] {
                var status = stat()
                let present: Bool
                if folder.onNetwork {
                    guard networkDue else { continue }
                    switch network.look(index, at: folder.path, onNetwork: true) {
                    case .away: continue
                    case .gone: present = false
                    case .answers(let id): present = id == folder.id
                    }
                } else {
                    present = folder.path.withCString { stat($0, &status) } == 0 && status.st_mode & S_IFMT == S_IFDIR
                        && FileID(status) == folder.id
                }
                if !present { loseRoot(folder) }
            }
            guard attached[index] == nil else { continue }
            if network.wasAwayFromStart(index) {
                guard networkDue else { continue }
                switch network.look(index, at: roots[index].folder, onNetwork: false) {
                case .away: continue
                case .gone: lost.insert(index)
                case .answers: attach(index, report: true)
                }
                for file in network.forgotten(index, present: files(under: attached[index])) {
                    note(file, existed: true, exists: false)
                }
            } else if attach(index, report: true), lost.remove(index) != nil {
                log.notice("photo folder \(roots[index].folder.string) is back")
            }
        }
        for folder in Array(polled.values) where polled[ObjectIdentifier(folder)] === folder {
            if folder.onNetwork {
                guard networkDue, let root = root(of: folder), !network.isUnreachable(root) else { continue }
            }
            startWatching(folder)
            refresh(folder)
        }
    }

    /// The files known below `top`.
    private func files(under top: WatchedFolder?) -> Set<WatchedFile> {
        var found: Set<WatchedFile> = []
        var stack = top.map { [$0] } ?? []
        while let folder = stack.popLast() {
            for name in folder.files.keys { found.insert(folder.file(name.bytes)) }
            stack.append(contentsOf: folder.subfolders.values)
        }
        return found
    }

    /// The index of the root `folder` is under.
    private func root(of folder: WatchedFolder) -> Int? {
        var top = folder
        while let parent = top.parent { top = parent }
        return attached.firstIndex { $0 === top }
    }

    /// After an overflow: every folder listed again and compared with what was known.
    func rescan() {
        for case let root? in attached {
            var stack = [root]
            while let folder = stack.popLast() {
                startWatching(folder)
                guard refresh(folder) else { continue }
                stack.append(contentsOf: folder.subfolders.values)
            }
        }
        pollTick()
    }

    /// Lists `folder` again and notes every difference with what was known. False when the
    /// folder is gone.
    @discardableResult
    private func refresh(_ folder: WatchedFolder) -> Bool {
        let children: [FolderWalker.Child]
        switch FolderWalker.list(folder.path) {
        case .success(let list): children = list
        case .failure(let error):
            if error.code == ENOENT || error.code == ENOTDIR {
                if folder.isRoot { loseRoot(folder) } else if let parent = folder.parent { forget(folder.name, in: parent) }
                return false
            }
            return true  // unreadable for now: keep what was known
        }
        var files: Set<FileName> = []
        var subfolders: Set<[UInt8]> = []
        for child in children {
            switch child.kind {
            case .file(let status):
                guard folder.reports(child.name) else { continue }
                let name = FileName(child.name)
                files.insert(name)
                let signature = FileSignature(status)
                if let subfolder = folder.subfolders.removeValue(forKey: child.name) { drop(subfolder, report: true) }
                let known = folder.files.updateValue(signature, forKey: name)
                if known != signature { note(folder.file(child.name), existed: known != nil, exists: true) }
            case .folder(let id):
                guard folder.followsSubfolders else { continue }
                subfolders.insert(child.name)
                if folder.subfolders[child.name]?.id == id { continue }
                look(at: child.name, in: folder)
            case .skipped:
                continue
            }
        }
        for name in folder.files.keys where !files.contains(name) { forget(name.bytes, in: folder) }
        for name in folder.subfolders.keys where !subfolders.contains(name) { forget(name, in: folder) }
        return true
    }
}

private extension String {
    var trimmingWhitespace: String {
        String(drop(while: { $0.isWhitespace }).reversed().drop(while: { $0.isWhitespace }).reversed())
    }
}

#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import Locking

/// Turns the paths named on the command line into the ordered photos of the wall.
///
/// - Folders are walked recursively (or, at `FolderDepth.ownFiles`, only their own files are
///   taken); hidden entries are skipped; each real folder is walked
///   once per scan (so link loops end, and a folder named twice appears once); symbolic links
///   count only when they lead to a regular file or a folder; FIFOs, sockets and devices are
///   never opened.
/// - A file is a photo *candidate* if its name has an image extension, or else if its first
///   bytes carry an image signature (only files without such an extension are read for that).
///   Other files are left out. Every candidate is probed; one whose header cannot be read keeps
///   its `probeError` and becomes an error tile.
/// - Order: the command line's order is kept group by group. Each folder argument is a group of
///   its own; a run of consecutive file arguments forms one group, so `cascade IMG_*.jpg` shows
///   the shell's expansion in natural order rather than the shell's collation. Within a group
///   the entries follow `order`.
public struct PhotoScanner: Sendable {
    public var order: SortOrder
    public var reversed: Bool
    /// Read each candidate's header (size, orientation). Off, entries carry neither `info` nor
    /// `probeError`.
    public var probeHeaders: Bool
    /// How much of each folder named is walked.
    public var depth: FolderDepth

    /// Progress is reported after every this many files, and at the end of each phase.
    static let progressStep = 64

    public init(order: SortOrder = .name, reversed: Bool = false, probeHeaders: Bool = true, depth: FolderDepth = .tree) {
        self.order = order
        self.reversed = reversed
        self.probeHeaders = probeHeaders
        self.depth = depth
    }

    /// Scans `arguments` (files and folders, relative to the working directory or absolute).
    /// Throws before walking anything if an argument does not exist or cannot be read.
    ///
    /// `progress` is called from this thread while walking and from worker threads while
    /// probing, never two calls at once, with `done` increasing; keep it quick.
    ///
    /// `known`: headers read by an earlier scan (the photo index), by absolute path. A file
    /// whose time, size and inode still match is neither sniffed nor probed again.
    /// `away`: folders among the arguments (absolute) that cannot be reached now
    /// (`ReachProbe`); they are not touched, and keep their group.
    public func scan(_ arguments: [PhotoPath], known: KnownHeaders = .none, away: Set<PhotoPath> = [],
                     progress: (@Sendable (ScanProgress) -> Void)? = nil) throws(ScanError) -> ScanResult {
        let roots = try Self.resolve(arguments, away: away)
        var walker = FolderWalker()
        var issues: [ScanIssue] = []
        // Files named on the command line: a user who names a file that is no photo hears why.
        var named: Set<Int> = []
        for root in roots {
            switch root.kind {
            case .folder:
                try walker.walk(folder: root.path, status: root.status, group: root.group, depth: depth) { count in
                    if count % Self.progressStep == 0 { progress?(ScanProgress(phase: .walking, done: count, total: nil)) }
                }
            case .file:
                named.insert(walker.files.count)
                walker.add(file: root.path, status: root.status, group: root.group)
            case .other(let kind):
                issues.append(ScanIssue(path: root.path, reason: "not a regular file or folder (\(kind))"))
            case .away:
                continue
            }
        }
        let found = walker.files
        progress?(ScanProgress(phase: .walking, done: found.count, total: nil))
        issues += walker.issues

        var entries: [PhotoEntry] = []
        do {  // the probe results are freed here, before the sort
            let classified = classify(found, known: known, progress: progress)
            entries.reserveCapacity(classified.count)
            for (index, result) in classified.enumerated() {
                switch result {
                case .photo(let entry): entries.append(entry)
                case .skipped(let issue?): issues.append(issue)
                case .skipped(nil), nil:
                    if named.contains(index) { issues.append(ScanIssue(path: found[index].path, reason: "not an image")) }
                }
            }
        }
        order.sort(&entries, reversed: reversed)
        return ScanResult(entries: entries, issues: issues)
    }

    /// The entry for one file — what a folder watcher needs when a file arrives — or nil when
    /// the path is not a regular file or not a photo candidate. `relative` and `group` place it
    /// among the entries of an earlier scan.
    public func entry(at path: PhotoPath, relative: PhotoPath, group: Int) -> PhotoEntry? {
        var status = stat()
        guard path.withCString({ stat($0, &status) }) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        let file = FoundFile(path: path, relative: RelativeName(relative, in: path), group: group, status: status)
        if case .photo(let entry) = Self.classify(file, probe: probeHeaders) { return entry }
        return nil
    }

    /// `entries` in wall order: groups in increasing order, each sorted by `order`.
    public func arrange(_ entries: consuming [PhotoEntry]) -> [PhotoEntry] {
        var arranged = entries
        order.sort(&arranged, reversed: reversed)
        return arranged
    }

    // MARK: - Arguments

    enum RootKind {
        case folder, file
        case other(String)
        /// A folder that cannot be reached now: not looked at.
        case away
    }

    struct Root {
        let path: PhotoPath
        let status: stat
        let kind: RootKind
        let group: Int
    }

    /// The command-line arguments as the scan sees them; the folder watcher uses the same roots.
    static func resolve(_ arguments: [PhotoPath], away: Set<PhotoPath> = []) throws(ScanError) -> [Root] {
        var roots: [Root] = []
        var group = -1
        var previousWasFile = false
        for argument in arguments {
            let path = argument.absolute()
            var status = stat()
            if away.contains(path) {
                // Counted as the folder it was, so the groups after it stay the index's.
                group += 1
                previousWasFile = false
                roots.append(Root(path: path, status: status, kind: .away, group: group))
                continue
            }
            if path.withCString({ stat($0, &status) }) != 0 {
                let code = errno
                if code == ENOENT || code == ENOTDIR { throw .notFound(argument) }
                throw .unreadable(argument, reason: String(cString: strerror(code)))
            }
            let kind: RootKind
            switch status.st_mode & S_IFMT {
            case S_IFDIR: kind = .folder
            case S_IFREG: kind = .file
            default: kind = .other(SafeFileError.kind(ofMode: status.st_mode))
            }
            let isFile = if case .file = kind { true } else { false }
            if !(isFile && previousWasFile) { group += 1 }
            previousWasFile = isFile
            roots.append(Root(path: path, status: status, kind: kind, group: group))
        }
        return roots
    }

    // MARK: - Sniffing and probing

    private enum Classified: Sendable {
        case photo(PhotoEntry)
        /// Not a photo; with an issue when the reason is worth logging.
        case skipped(ScanIssue?)
    }

    /// Sniffs and probes every file on all cores. The result keeps the order of `files`
    /// whatever order the workers finish in; every place is filled.
    private func classify(_ files: [FoundFile], known: KnownHeaders,
                          progress: (@Sendable (ScanProgress) -> Void)?) -> [Classified?] {
        struct Shared: ~Copyable {
            var results: [Classified?]
            var done = 0
        }
        let total = files.count
        let shared = Locked(Shared(results: Array(repeating: nil, count: total)))
        let probe = probeHeaders
        DispatchQueue.concurrentPerform(iterations: total) { index in
            let file = files[index]
            let result: Classified
            if probe, let header = known.header(for: file) {
                result = .photo(PhotoEntry(path: file.path, relativeName: file.relative, group: file.group, mtime: file.mtime,
                                           fileSize: file.size, fileID: file.id, info: header))
            } else {
                result = Self.classify(file, probe: probe)
            }
            shared.withLock { state in
                state.results[index] = result
                state.done += 1
                // Under the lock, so calls never overlap and `done` only grows.
                if state.done % Self.progressStep == 0 || state.done == total {
                    progress?(ScanProgress(phase: .probing, done: state.done, total: total))
                }
            }
        }
        // Moved out, not copied: at 100,000 photos each copy is 10 MB more at the scan's peak.
        return shared.withLock { state in
            let results = state.results
            state.results = []
            return results
        }
    }

    private static func classify(_ file: FoundFile, probe: Bool) -> Classified {
        if ImageFormat(fileExtensionOf: file.path) == nil {
            do {
                let head = try SafeFile.readPrefix(file.path, count: ImageFormat.sniffLength)
                guard ImageFormat.sniff(head) != nil else { return .skipped(nil) }
            } catch {
                return .skipped(ScanIssue(path: file.path, reason: error.description))
            }
        }
        var entry = PhotoEntry(path: file.path, relativeName: file.relative, group: file.group,
                               mtime: file.mtime, fileSize: file.size, fileID: file.id)
        if probe {
            do {
                entry.info = try HeaderProbe.probe(file.path)
            } catch {
                entry.probeError = error
            }
        }
        return .photo(entry)
    }
}

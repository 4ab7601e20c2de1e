#if canImport(Glibc)
import Glibc
#endif

/// A regular file the walk found, with what stat said about it, before it is sniffed.
struct FoundFile: Sendable {
    let path: PhotoPath
    let relative: RelativeName
    let group: Int
    let mtime: FileTime
    let size: Int
    let id: FileID

    init(path: PhotoPath, relative: RelativeName, group: Int, status: stat) {
        self.path = path
        self.relative = relative
        self.group = group
        mtime = FileTime(status.st_mtim)
        size = Int(status.st_size)
        id = FileID(status)
    }
}

/// Walks folders recursively and collects their regular files. Names are bytes from readdir,
/// never text, so any name a file system allows is just a name. Nothing but folders is opened:
/// the kind of every entry comes from lstat (and stat for a symbolic link) on the open folder.
struct FolderWalker {
    /// Folders already walked, by device and inode: a folder reached twice — through a symbolic
    /// link, or a link loop — is walked once.
    private(set) var visited: Set<FileID> = []
    private(set) var files: [FoundFile] = []
    private(set) var issues: [ScanIssue] = []

    enum Kind {
        case folder(FileID)
        case file(stat)
        case skipped(String)
    }

    struct ListingError: Error {
        let code: Int32
        let reason: String
        init(_ code: Int32) {
            self.code = code
            reason = String(cString: strerror(code))
        }
    }

    struct Child {
        let name: [UInt8]
        let kind: Kind
    }

    mutating func add(file path: PhotoPath, status: stat, group: Int) {
        let nameLength = path.lastComponent.bytes.count
        files.append(FoundFile(path: path, relative: RelativeName(lastBytes: nameLength, of: path), group: group, status: status))
    }

    /// Adds the files under the folder `root` (at `.ownFiles`, the files in it). Only a failure
    /// to list `root` itself throws; deeper failures become issues.
    mutating func walk(folder root: PhotoPath, status: stat, group: Int, depth: FolderDepth = .tree,
                       found: (Int) -> Void) throws(ScanError) {
        guard visited.insert(FileID(status)).inserted else { return }
        // Depth first with an explicit stack: no recursion limit, and one folder open at a time.
        // A file's relative path is the tail of its path, so only its length is followed: no
        // second path per file (6 MB at 100,000 photos, at the scan's peak).
        var pending: [(path: PhotoPath, relativeLength: Int?)] = [(root, nil)]
        while let (folder, relativeLength) = pending.popLast() {
            let children: [Child]
            switch Self.list(folder) {
            case .success(let list): children = list
            case .failure(let error):
                if relativeLength == nil { throw .unreadable(root, reason: error.reason) }
                issues.append(ScanIssue(path: folder, reason: "folder not readable: \(error.reason)"))
                continue
            }
            var subfolders: [(path: PhotoPath, relativeLength: Int?)] = []
            for child in children {
                let path = folder.appending(child.name)
                let childRelative = relativeLength.map { $0 + 1 + child.name.count } ?? child.name.count
                switch child.kind {
                case .folder(let id):
                    guard depth == .tree else { continue }
                    if visited.insert(id).inserted { subfolders.append((path, childRelative)) }
                case .file(let status):
                    files.append(FoundFile(path: path, relative: RelativeName(lastBytes: childRelative, of: path),
                                           group: group, status: status))
                    found(files.count)
                case .skipped(let reason):
                    issues.append(ScanIssue(path: path, reason: reason))
                }
            }
            pending.append(contentsOf: subfolders.reversed())
        }
    }

    /// The visible entries of a folder in natural order (so which of two links to the same
    /// folder is walked does not depend on the file system's listing order). The folder
    /// watcher lists folders through here too, so it sees exactly what a scan sees.
    static func list(_ folder: PhotoPath) -> Result<[Child], ListingError> {
        guard let stream = folder.withCString({ opendir($0) }) else {
            return .failure(ListingError(errno))
        }
        defer { closedir(stream) }
        let fd = dirfd(stream)
        var children: [Child] = []
        while true {
            errno = 0
            guard let entry = readdir(stream) else {
                if errno != 0 { return .failure(ListingError(errno)) }
                break
            }
            let name = withUnsafeBytes(of: &entry.pointee.d_name) { raw in
                Array(raw.prefix(while: { $0 != 0 }))
            }
            // Hidden entries, and with them "." and "..", are not part of the wall.
            guard let first = name.first, first != UInt8(ascii: ".") else { continue }
            children.append(Child(name: name, kind: kind(of: name, in: fd)))
        }
        children.sort { NaturalOrder.compare($0.name, $1.name) < 0 }
        return .success(children)
    }

    /// What `name` in the open folder `folder` is (or, with `AT_FDCWD`, what the path `name` is).
    static func kind(of name: [UInt8], in folder: Int32) -> Kind {
        var status = stat()
        let path = PhotoPath(bytes: name)
        if path.withCString({ fstatat(folder, $0, &status, AT_SYMLINK_NOFOLLOW) }) != 0 {
            return .skipped(String(cString: strerror(errno)))
        }
        if status.st_mode & S_IFMT == S_IFLNK {
            // Follow the link only to see what it points at; a loop or a missing target is skipped.
            if path.withCString({ fstatat(folder, $0, &status, 0) }) != 0 {
                let code = errno
                return .skipped(code == ENOENT ? "dangling symbolic link" : "symbolic link: \(String(cString: strerror(code)))")
            }
        }
        switch status.st_mode & S_IFMT {
        case S_IFDIR: return .folder(FileID(status))
        case S_IFREG: return .file(status)
        default: return .skipped("not a regular file (\(SafeFileError.kind(ofMode: status.st_mode)))")
        }
    }
}

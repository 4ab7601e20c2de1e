/// One place a folder watcher looks, made from the command-line arguments exactly as
/// `PhotoScanner` groups them, so the files it reports carry the relative path and group the
/// scan gave them.
public struct WatchedRoot: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        /// A folder followed as the scan walks it (its tree, or its own files); relative paths
        /// start below it.
        case folder(FolderDepth)
        /// Files named on the command line: their folder is watched, but only these names
        /// (the last path component of each) are reported; their relative path is the name.
        case files(Set<[UInt8]>)
    }

    /// Absolute, cleaned (`PhotoPath.absolute()`), as the scan names the files under it.
    public let folder: PhotoPath
    public let kind: Kind
    public let group: Int

    public init(folder: PhotoPath, kind: Kind, group: Int) {
        self.folder = folder
        self.kind = kind
        self.group = group
    }

    /// The roots for the arguments a scan was given, in the scan's order: folders as they
    /// come (to `depth`, as the scan's), and each run of files as one root per parent folder.
    /// Throws as the scan does when an argument is not there. Arguments that are neither files
    /// nor folders are left out. `away`: folders that cannot be reached now, taken as folders
    /// without a look (`PhotoScanner.scan`'s).
    public static func roots(for arguments: [PhotoPath], depth: FolderDepth = .tree,
                             away: Set<PhotoPath> = []) throws(ScanError) -> [WatchedRoot] {
        var roots: [WatchedRoot] = []
        for root in try PhotoScanner.resolve(arguments, away: away) {
            switch root.kind {
            case .folder, .away:
                roots.append(WatchedRoot(folder: root.path, kind: .folder(depth), group: root.group))
            case .file:
                let folder = root.path.parent
                let name = root.path.lastComponent.bytes
                // Files of one group in one folder share a root (and so one watch).
                if let index = roots.firstIndex(where: { $0.group == root.group && $0.folder == folder }),
                   case .files(var names) = roots[index].kind {
                    names.insert(name)
                    roots[index] = WatchedRoot(folder: folder, kind: .files(names), group: root.group)
                } else {
                    roots.append(WatchedRoot(folder: folder, kind: .files([name]), group: root.group))
                }
            case .other:
                continue
            }
        }
        return roots
    }
}

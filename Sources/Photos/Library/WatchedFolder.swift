/// A folder the watcher follows, with what it last saw in it. Lives on the watcher's thread
/// only.
final class WatchedFolder {
    /// As the walk reached it: through symbolic links, the way the scan names its files.
    let path: PhotoPath
    /// Below the root; nil for a root folder.
    let relative: PhotoPath?
    let group: Int
    let id: FileID
    /// For the folder of files named on the command line: the only names reported. Such a
    /// folder's sub-folders are not followed.
    let only: Set<[UInt8]>?
    /// False for the folder of files named, and for a root followed for its own files alone.
    let followsSubfolders: Bool
    weak var parent: WatchedFolder?
    /// The inotify watch; nil when the folder is polled instead.
    var watch: Int32?
    /// On a network file system (`MountKind`): polled at the network interval, never watched,
    /// since inotify does not see what the server's other clients change.
    var onNetwork = false
    var files: [FileName: FileSignature] = [:]
    var subfolders: [[UInt8]: WatchedFolder] = [:]

    init(path: PhotoPath, relative: PhotoPath?, group: Int, id: FileID, only: Set<[UInt8]>?, parent: WatchedFolder?,
         depth: FolderDepth = .tree) {
        self.path = path
        self.relative = relative
        self.group = group
        self.id = id
        self.only = only
        followsSubfolders = only == nil && depth == .tree
        self.parent = parent
    }

    var isRoot: Bool { parent == nil }

    func reports(_ name: [UInt8]) -> Bool { only?.contains(name) ?? true }

    func file(_ name: [UInt8]) -> WatchedFile {
        WatchedFile(path: path.appending(name), relative: childRelative(name), group: group)
    }

    func childRelative(_ name: [UInt8]) -> PhotoPath {
        relative?.appending(name) ?? PhotoPath(bytes: name)
    }

    /// The name this folder has in its parent.
    var name: [UInt8] { path.lastComponent.bytes }
}

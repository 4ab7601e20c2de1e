import Photos

/// A tile's identity across two versions of the wall: the same file can be on the wall twice,
/// in two groups (a folder and a file in it, both named on the command line), so the path alone
/// is not enough.
struct TileIdentity: Hashable {
    let path: PhotoPath
    let group: Int

    init(_ entry: PhotoEntry) {
        path = entry.path
        group = entry.group
    }

    init(_ file: WatchedFile) {
        path = file.path
        group = file.group
    }
}

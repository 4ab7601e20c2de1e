/// One file cascade moved to a trash: where it was, and the two names it has there.
public struct TrashedFile: Sendable, Hashable {
    /// The absolute path the file had, where `restore` puts it back.
    public let original: PhotoPath
    /// The file itself, in the trash's `files/` folder.
    public let trashed: PhotoPath
    /// Its `.trashinfo`, in the trash's `info/` folder.
    public let info: PhotoPath
    /// The file in `files/` as cascade left it there, and the path its `.trashinfo` records:
    /// once the trash is emptied another file may take the same names, and `restore` must not
    /// take that one for the photo.
    let kept: FileSnapshot?
    let recorded: [UInt8]
}

/// The files one command moved to the trash, which one undo puts back together.
public struct TrashBatch: Sendable, Hashable {
    public let files: [TrashedFile]

    public init(files: [TrashedFile]) { self.files = files }

    public var originals: [PhotoPath] { files.map(\.original) }
}

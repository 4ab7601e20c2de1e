#if canImport(Glibc)
import Glibc
#endif

/// A trash folder with its `files/` and `info/`, and the folder its `.trashinfo` paths are
/// relative to: none for the home trash (absolute paths), the mount's top directory otherwise.
struct TrashDirectory: Sendable, Hashable {
    let root: PhotoPath
    let topDirectory: PhotoPath?

    var files: PhotoPath { root.appending(Array("files".utf8)) }
    var info: PhotoPath { root.appending(Array("info".utf8)) }

    /// What `Path=` holds for `original` (an absolute path with its folders resolved).
    func recordedPath(_ original: PhotoPath) -> [UInt8] {
        guard let top = topDirectory else { return original.bytes }
        if top.bytes == [UInt8(ascii: "/")] { return Array(original.bytes.dropFirst()) }
        return Array(original.bytes.dropFirst(top.bytes.count + 1))
    }

    /// The trash for a file on device `device` whose folder (resolved) is `folder`, by the
    /// specification's order: the home trash on the home's filesystem; else `$topdir/.Trash/$uid`
    /// when `$topdir/.Trash` is a real folder with the sticky bit (an administrator made it
    /// shared); else `$topdir/.Trash-$uid`. Folders are made 0700 as needed. Throws when none
    /// can be used: cascade never copies a photo to another filesystem's trash.
    static func find(forFileOn device: dev_t, in folder: PhotoPath, file: PhotoPath,
                     homeTrash: PhotoPath, uid: uid_t) throws(TrashError) -> TrashDirectory {
        let home = TrashDirectory(root: homeTrash, topDirectory: nil)
        // Made before the device is compared, so the comparison is with the trash itself
        // wherever $XDG_DATA_HOME points.
        let homeReady = home.prepare(makingParents: true)
        if deviceOf(homeReady == nil ? homeTrash : nearestExisting(homeTrash)) == device {
            if let reason = homeReady { throw .infoNotWritten(file: file, trash: homeTrash, reason: reason) }
            return home
        }
        let top = topDirectory(of: folder, device: device)
        let shared = top.appending(Array(".Trash".utf8))
        var status = stat()
        if shared.withCString({ lstat($0, &status) }) == 0,
           status.st_mode & S_IFMT == S_IFDIR, status.st_mode & S_ISVTX != 0 {
            let own = TrashDirectory(root: shared.appending(Array(String(uid).utf8)), topDirectory: top)
            if own.prepare(makingParents: false, owner: uid) == nil { return own }
        }
        let own = TrashDirectory(root: top.appending(Array(".Trash-\(uid)".utf8)), topDirectory: top)
        if let reason = own.prepare(makingParents: false, owner: uid) {
            throw .noTrash(file: file, topDirectory: top, reason: reason)
        }
        return own
    }

    /// Makes the trash's folders (0700) where missing and checks each is a real folder (not a
    /// link) and, for a top-directory trash, the user's own. Nil when ready, else why not.
    func prepare(makingParents: Bool, owner: uid_t? = nil) -> String? {
        if makingParents, let reason = Self.makeParents(of: root) { return reason }
        for folder in [root, files, info] {
            if folder.withCString({ mkdir($0, 0o700) }) != 0, errno != EEXIST {
                return "\(folder): \(TrashError.reason(errno))"
            }
            var status = stat()
            guard folder.withCString({ lstat($0, &status) }) == 0 else { return "\(folder): \(TrashError.reason(errno))" }
            guard status.st_mode & S_IFMT == S_IFDIR else { return "\(folder) is not a folder" }
            if let owner, folder == root, status.st_uid != owner { return "\(folder) belongs to another user" }
        }
        return nil
    }

    /// The mount's top directory: the highest folder above `folder` still on `device`.
    static func topDirectory(of folder: PhotoPath, device: dev_t) -> PhotoPath {
        var current = folder
        while current.bytes != [UInt8(ascii: "/")] {
            let up = current.parent
            guard deviceOf(up) == device else { break }
            current = up
        }
        return current
    }

    static func deviceOf(_ path: PhotoPath) -> dev_t? {
        var status = stat()
        return path.withCString({ stat($0, &status) }) == 0 ? status.st_dev : nil
    }

    private static func nearestExisting(_ path: PhotoPath) -> PhotoPath {
        var current = path
        while deviceOf(current) == nil, current.bytes != [UInt8(ascii: "/")] { current = current.parent }
        return current
    }

    private static func makeParents(of path: PhotoPath) -> String? {
        var current: [UInt8] = []
        for part in path.parent.bytes.split(separator: UInt8(ascii: "/")) {
            current += [UInt8(ascii: "/")] + part
            let folder = PhotoPath(bytes: current)
            if folder.withCString({ mkdir($0, 0o700) }) != 0, errno != EEXIST {
                return "\(folder): \(TrashError.reason(errno))"
            }
        }
        return nil
    }
}

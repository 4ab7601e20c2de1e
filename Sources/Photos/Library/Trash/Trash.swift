#if canImport(Glibc)
import Glibc
#endif

/// Moves photos to the trash by the freedesktop.org Trash specification 1.0, where file managers,
/// `gio trash` and trash-cli find them and can put them back, and puts them back itself. A photo
/// is only ever renamed: never unlinked, never copied to another filesystem and deleted.
public struct Trash: Sendable {
    /// `$XDG_DATA_HOME/Trash`, for files on the home's filesystem.
    public let homeTrash: PhotoPath
    let uid: uid_t

    public init(homeTrash: PhotoPath, uid: uid_t = getuid()) {
        self.homeTrash = homeTrash.absolute()
        self.uid = uid
    }

    /// The user's trash: `$XDG_DATA_HOME/Trash`, `~/.local/share/Trash` when that is unset or
    /// not absolute (the XDG base directory rule).
    public static func forCurrentUser() -> Trash {
        if let data = getenv("XDG_DATA_HOME").map({ String(cString: $0) }), data.hasPrefix("/") {
            return Trash(homeTrash: PhotoPath(data).appending(Array("Trash".utf8)))
        }
        return Trash(homeTrash: homeFolder().appending(Array(".local/share/Trash".utf8)))
    }

    /// Moves each file to its trash, in order; the batch holds those that went.
    public func trash(_ paths: [PhotoPath], at seconds: time_t = time(nil)) -> (batch: TrashBatch, failures: [TrashError]) {
        var moved: [TrashedFile] = []
        var failures: [TrashError] = []
        for path in paths {
            do { moved.append(try trash(path, at: seconds)) } catch { failures.append(error) }
        }
        return (TrashBatch(files: moved), failures)
    }

    /// Moves one file to its trash. The `.trashinfo` is written first, created exclusively, so
    /// its name reserves the name in `files/` (`name`, `name.2`, …); then the file is renamed in.
    /// If the rename fails the `.trashinfo` is removed again and the error says why.
    public func trash(_ path: PhotoPath, at seconds: time_t = time(nil)) throws(TrashError) -> TrashedFile {
        let original = path.absolute()
        var status = stat()
        guard original.withCString({ lstat($0, &status) }) == 0 else { throw .notFound(original) }
        let name = original.lastComponent.bytes
        let folder = original.parent.resolved()
        let located = folder.appending(name)
        let directory = try TrashDirectory.find(forFileOn: status.st_dev, in: folder, file: original,
                                                homeTrash: homeTrash, uid: uid)
        let contents = TrashInfo.contents(path: directory.recordedPath(located), deletedAt: seconds)
        for attempt in 1...10_000 {
            let unique = attempt == 1 ? name : name + Array(".\(attempt)".utf8)
            let info = directory.info.appending(unique + Array(".trashinfo".utf8))
            let fd = info.withCString { open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600) }
            if fd < 0 {
                if errno == EEXIST { continue }
                throw .infoNotWritten(file: original, trash: directory.root, reason: TrashError.reason(errno))
            }
            let written = contents.withUnsafeBytes { DurableWrite.all($0, to: fd) }
            if close(fd) != 0 || written != 0 {
                let code = written != 0 ? written : errno
                _ = info.withCString { unlink($0) }
                throw .infoNotWritten(file: original, trash: directory.root, reason: TrashError.reason(code))
            }
            let trashed = directory.files.appending(unique)
            let moved = NoReplaceRename.move(original, to: trashed)
            if moved == 0 {
                return TrashedFile(original: original, trashed: trashed, info: info, kept: FileSnapshot.of(trashed),
                                   recorded: directory.recordedPath(located))
            }
            _ = info.withCString { unlink($0) }
            // A stray file in files/ without its .trashinfo holds this name: try the next.
            if moved == EEXIST { continue }
            let reason = moved == EXDEV
                ? "the trash \(directory.root) is on another filesystem, and cascade never copies a photo to delete it"
                : TrashError.reason(moved)
            throw .notMoved(file: original, reason: reason)
        }
        throw .infoNotWritten(file: original, trash: directory.root, reason: "every name is taken")
    }

    /// Puts the files of a batch back where they were and removes their `.trashinfo`; a file
    /// whose original path is taken now stays in the trash. Returns what could not go back.
    @discardableResult
    public func restore(_ batch: TrashBatch) -> [TrashError] {
        var failures: [TrashError] = []
        for file in batch.files.reversed() {
            do { try restore(file) } catch { failures.append(error) }
        }
        return failures
    }

    /// Refuses, leaving everything as it is, when the trash no longer holds the photo cascade
    /// put there: emptied, and another file trashed under the same name since.
    public func restore(_ file: TrashedFile) throws(TrashError) {
        try checkStillTrashed(file)
        let moved = NoReplaceRename.move(file.trashed, to: file.original)
        if moved == EEXIST { throw .originalTaken(file.original) }
        if moved != 0 { throw .notMoved(file: file.trashed, reason: TrashError.reason(moved)) }
        _ = file.info.withCString { unlink($0) }
    }

    private func checkStillTrashed(_ file: TrashedFile) throws(TrashError) {
        guard let now = FileSnapshot.of(file.trashed) else {
            throw .noLongerTrashed(file.original, why: "nothing is at \(file.trashed) now; the trash was emptied")
        }
        if let kept = file.kept, !kept.hasSameContents(as: now) {
            throw .noLongerTrashed(file.original, why: "\(file.trashed) is another file now")
        }
        guard let info = try? SafeFile.readAll(file.info, limit: 64 << 10), let recorded = TrashInfo.recordedPath(in: info) else {
            throw .noLongerTrashed(file.original, why: "its record \(file.info) is gone or unreadable")
        }
        guard recorded == file.recorded else {
            throw .noLongerTrashed(file.original, why: "its record \(file.info) names \(PhotoPath(bytes: recorded)) now")
        }
    }

    private static func homeFolder() -> PhotoPath {
        if let home = getenv("HOME").map({ String(cString: $0) }), home.hasPrefix("/") { return PhotoPath(home) }
        if let entry = getpwuid(getuid()), let dir = entry.pointee.pw_dir { return PhotoPath(cString: dir) }
        return PhotoPath("/")
    }
}

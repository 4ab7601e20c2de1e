#if canImport(Glibc)
import Glibc
#endif

/// Photos moved or copied into another folder. Nothing is ever overwritten: a name already taken
/// at the destination is an error for that file, and the others go on — a photo wall is no place
/// to guess which of two files called `IMG_0001.JPG` is worth keeping. A move within a filesystem
/// is one rename; across filesystems it is a copy, flushed to disk, and only then the original
/// unlinked — if it did not change meanwhile — so a full disk, a pulled card or a photo still
/// being written leaves the original where it was.
public enum FileTransfer {
    public enum Kind: String, Sendable { case move, copy }

    /// Moves or copies `file` into `folder` under its own name; the path it has there.
    public static func transfer(_ kind: Kind, _ file: PhotoPath, into folder: PhotoPath) throws(TransferError) -> PhotoPath {
        let source = file.absolute()
        let destination = folder.absolute().appending(source.lastComponent.bytes)
        try transfer(kind, source, to: destination)
        return destination
    }

    /// Moves or copies `source` to exactly `destination`, which must not exist.
    public static func transfer(_ kind: Kind, _ source: PhotoPath, to destination: PhotoPath) throws(TransferError) {
        try transfer(kind, source, to: destination, duringCopy: {})
    }

    /// `duringCopy` runs after each piece copied across filesystems: where a test writes to the
    /// source as a camera import still writing it would.
    static func transfer(_ kind: Kind, _ source: PhotoPath, to destination: PhotoPath,
                         duringCopy: () -> Void) throws(TransferError) {
        var status = stat()
        guard source.withCString({ lstat($0, &status) }) == 0 else { throw .notFound(source) }
        guard status.st_mode & S_IFMT == S_IFREG else { throw .notAFile(source) }
        var folder = stat()
        guard destination.parent.withCString({ stat($0, &folder) }) == 0, folder.st_mode & S_IFMT == S_IFDIR else {
            throw .noFolder(destination.parent)
        }
        if destination.fileType(followingLinks: false) != nil { throw .nameTaken(destination) }
        if kind == .move {
            let moved = NoReplaceRename.move(source, to: destination)
            if moved == 0 {
                DurableWrite.flushFolder(destination.parent)
                return DurableWrite.flushFolder(source.parent)
            }
            if moved == EEXIST { throw .nameTaken(destination) }
            guard moved == EXDEV else { throw .failed(source, destination, reason(moved)) }
        }
        try copy(source, to: destination, status: status, duringCopy: duringCopy)
        guard kind == .move else { return }
        // A photo still being written (a camera import, a sync) would be whole nowhere once the
        // original goes: the original is the truth, so it stays and the copy goes.
        guard let now = FileSnapshot.of(source), FileSnapshot(status).isUnchanged(now) else {
            _ = destination.withCString { unlink($0) }
            DurableWrite.flushFolder(destination.parent)
            throw .changedMeanwhile(source)
        }
        if source.withCString({ unlink($0) }) != 0 {
            // Two copies are better than none, but a move that leaves both is no move: the copy goes.
            let code = errno
            _ = destination.withCString { unlink($0) }
            throw .failed(source, destination, "cannot remove the original (\(reason(code))); it was left in place")
        }
        DurableWrite.flushFolder(source.parent)
    }

    /// A complete, flushed copy under a hidden temporary name, then renamed into place without
    /// replacing anything: nobody ever sees half a photo at `destination`.
    private static func copy(_ source: PhotoPath, to destination: PhotoPath, status: stat,
                             duringCopy: () -> Void) throws(TransferError) {
        let input = source.withCString { open($0, O_RDONLY | O_CLOEXEC | O_NOFOLLOW) }
        guard input >= 0 else { throw .failed(source, destination, "cannot read it (\(reason(errno)))") }
        defer { close(input) }
        let suffix = Array(".cascade-\(UInt32.random(in: 0...UInt32.max)).part".utf8)
        let temporary = destination.parent.appending([UInt8(ascii: ".")] + destination.lastComponent.bytes + suffix)
        let output = temporary.withCString { open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600) }
        guard output >= 0 else { throw .failed(source, destination, "cannot create a file there (\(reason(errno)))") }
        var placed = false
        defer { if !placed { _ = temporary.withCString { unlink($0) } } }
        do {
            defer { close(output) }
            if let code = pump(from: input, to: output, duringCopy: duringCopy) { throw TransferError.failed(source, destination, "cannot copy it (\(reason(code)))") }
            _ = fchmod(output, status.st_mode & 0o777)
            // The photo keeps its time: walls sorted by modification time keep their order.
            var times = [status.st_atim, status.st_mtim]
            _ = futimens(output, &times)
            guard fsync(output) == 0 else { throw .failed(source, destination, "cannot flush the copy (\(reason(errno)))") }
        }
        let renamed = NoReplaceRename.move(temporary, to: destination)
        if renamed == EEXIST { throw .nameTaken(destination) }
        guard renamed == 0 else { throw .failed(source, destination, reason(renamed)) }
        placed = true
        DurableWrite.flushFolder(destination.parent)
    }

    /// Nil when every byte went, else the errno.
    private static func pump(from input: Int32, to output: Int32, duringCopy: () -> Void) -> Int32? {
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if count < 0 { if errno == EINTR { continue }; return errno }
            if count == 0 { return nil }
            let code = buffer.withUnsafeBytes { DurableWrite.all(UnsafeRawBufferPointer(rebasing: $0[..<count]), to: output) }
            if code != 0 { return code }
            duringCopy()
        }
    }

    static func reason(_ code: Int32) -> String { String(cString: strerror(code)) }
}

/// Why one photo was not moved or copied; the description is the whole sentence a log line or a
/// control reply shows. The original is always left where it was.
public enum TransferError: Error, Sendable, Hashable, CustomStringConvertible {
    case notFound(PhotoPath)
    case notAFile(PhotoPath)
    case noFolder(PhotoPath)
    /// Something already has the photo's name at the destination: it is never overwritten.
    case nameTaken(PhotoPath)
    case failed(PhotoPath, PhotoPath, String)
    /// The photo changed while it was being copied across filesystems (a camera import or a sync
    /// still writing it): it stays where it was, and the copy is removed.
    case changedMeanwhile(PhotoPath)

    public var description: String {
        switch self {
        case .notFound(let file): "\(file): no such file"
        case .notAFile(let file): "\(file) is not a regular file"
        case .noFolder(let folder): "\(folder) is not a folder"
        case .nameTaken(let path): "\(path) already exists; it was not overwritten and the photo stays where it was"
        case .failed(let from, let to, let why): "\(from) → \(to): \(why); the original stays where it was"
        case .changedMeanwhile(let file):
            "\(file) changed while it was being copied (is something still writing it?); it stays where it was and the copy was removed"
        }
    }
}

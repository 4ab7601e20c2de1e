#if canImport(Glibc)
import Glibc
#endif

/// Replaces a file's bytes the way an editor that cares does: a new file beside it (O_EXCL, so
/// nothing already there is reused), the old one's permissions, owner and extended attributes
/// (tags, comments, ACL), fsync, then a rename
/// over the old name, so a crash, a full disk or a read-only folder leaves the photo as it was
/// and never half written.
enum FileReplacement {
    /// What the file was when it was read, to see that nobody changed it meanwhile.
    struct Original {
        let status: stat

        func isSame(as now: stat) -> Bool { FileSnapshot(status).isUnchanged(FileSnapshot(now)) }
    }

    static func replace(_ path: PhotoPath, with bytes: [UInt8], original: Original) throws(RotationError) {
        let suffix = Array(".cascade-\(UInt32.random(in: 0...UInt32.max)).tmp".utf8)
        let temporary = path.parent.appending([UInt8(ascii: ".")] + path.lastComponent.bytes + suffix)
        let fd = temporary.withCString { open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600) }
        guard fd >= 0 else { throw .cannotWrite(path, "cannot create a file in its folder: \(errorText())") }
        var done = false
        defer {
            if !done { _ = temporary.withCString { unlink($0) } }
        }
        do {
            defer { close(fd) }
            try write(bytes, to: fd, path: path)
            var mine = stat()
            if fstat(fd, &mine) == 0, mine.st_uid != original.status.st_uid || mine.st_gid != original.status.st_gid,
               fchown(fd, original.status.st_uid, original.status.st_gid) != 0 {
                throw .cannotWrite(path, "cannot keep its owner: \(errorText())")
            }
            // Before chmod: an ACL set here sets the group bits, which chmod then puts back.
            ExtendedAttributes.copy(from: path, to: fd)
            // After chown, which clears set-id bits.
            guard fchmod(fd, original.status.st_mode & 0o7777) == 0 else {
                throw .cannotWrite(path, "cannot keep its permissions: \(errorText())")
            }
            guard fsync(fd) == 0 else { throw .cannotWrite(path, "cannot flush it to disk: \(errorText())") }
        }
        var now = stat()
        guard path.withCString({ stat($0, &now) }) == 0, original.isSame(as: now) else {
            throw .changedMeanwhile(path)
        }
        guard temporary.withCString({ from in path.withCString { rename(from, $0) } }) == 0 else {
            throw .cannotWrite(path, "cannot replace it: \(errorText())")
        }
        done = true
        DurableWrite.flushFolder(path.parent)
    }

    private static func write(_ bytes: [UInt8], to fd: Int32, path: PhotoPath) throws(RotationError) {
        let code = bytes.withUnsafeBytes { DurableWrite.all($0, to: fd) }
        guard code == 0 else { throw .cannotWrite(path, "cannot write the rotated photo: \(String(cString: strerror(code)))") }
    }

    private static func errorText() -> String { String(cString: strerror(errno)) }
}

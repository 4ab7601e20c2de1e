import Foundation
import Photos
#if canImport(Glibc)
import Glibc
#endif
@testable import TestSupport

/// A fresh folder under the system temp folder, removed with everything in it at deinit.
final class TempFolder {
    private let folder = TemporaryFolder()
    let path: PhotoPath

    init() {
        path = PhotoPath(folder.path).absolute()
    }

    /// The path of `name` (bytes, may be any file name) inside this folder.
    func path(_ name: [UInt8]) -> PhotoPath { path.appending(name) }
    func path(_ name: String) -> PhotoPath { path.appending(Array(name.utf8)) }

    @discardableResult
    func write(_ name: String, _ bytes: [UInt8]) -> PhotoPath { write(Array(name.utf8), bytes) }

    /// Writes through open(2) on the byte path, so names that are not UTF-8 work too.
    @discardableResult
    func write(_ name: [UInt8], _ bytes: [UInt8]) -> PhotoPath {
        let target = path(name)
        makeParents(of: name)
        let fd = target.withCString { open($0, O_WRONLY | O_CREAT | O_TRUNC, 0o644) }
        precondition(fd >= 0, "cannot create \(target)")
        bytes.withUnsafeBytes { raw in
            var done = 0
            while done < raw.count {
                let written = Glibc.write(fd, raw.baseAddress! + done, raw.count - done)
                precondition(written > 0 || errno == EINTR, "cannot write \(target)")
                done += max(written, 0)
            }
        }
        close(fd)
        return target
    }

    /// The bytes of `name`, as a test reads back what a tool wrote.
    func read(_ name: String) throws -> [UInt8] { try SafeFile.readAll(path(name)) }

    func mkdir(_ name: String) {
        makeParents(of: Array(name.utf8) + [UInt8(ascii: "/"), UInt8(ascii: "x")])
    }

    func symlink(_ name: String, to target: String) {
        makeParents(of: Array(name.utf8))
        let made = path(name).withCString { link in Glibc.symlink(target, link) }
        precondition(made == 0)
    }

    func mkfifo(_ name: String) {
        let made = path(name).withCString { Glibc.mkfifo($0, 0o644) }
        precondition(made == 0)
    }

    /// Sets the modification time of `name` to `seconds` since the epoch.
    func setModified(_ name: String, seconds: Int, nanoseconds: Int = 0) {
        var times = [timespec(tv_sec: seconds, tv_nsec: nanoseconds), timespec(tv_sec: seconds, tv_nsec: nanoseconds)]
        let done = path(name).withCString { utimensat(AT_FDCWD, $0, &times, 0) }
        precondition(done == 0)
    }

    /// Swaps the names of `a` and `b` with three renames, as `mv a t; mv b a; mv t b` does: each
    /// file keeps its inode, size and modification time under the other's name.
    func swapNames(_ a: String, _ b: String) {
        let between = a + ".swapping"
        for (from, to) in [(a, between), (b, a), (between, b)] {
            let moved = path(from).withCString { old in path(to).withCString { Glibc.rename(old, $0) } }
            precondition(moved == 0)
        }
    }

    private func makeParents(of name: [UInt8]) {
        var current = path
        let parts = name.split(separator: UInt8(ascii: "/"))
        for part in parts.dropLast() {
            current = current.appending(Array(part))
            _ = current.withCString { Glibc.mkdir($0, 0o755) }
        }
    }
}

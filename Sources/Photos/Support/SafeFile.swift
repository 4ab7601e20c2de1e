#if canImport(Glibc)
import Glibc
#endif

/// A regular file opened for reading, and nothing else. Photo folders hold whatever users and
/// other programs put there: a FIFO would block `open` forever, `/dev/zero` would never end, and
/// a file can be swapped for one of those between a check and the open. So the path is checked
/// with stat, opened non-blocking, and checked again on the descriptor; every read is capped.
///
/// Not `Sendable` on purpose: one owner reads it and its deinit closes the descriptor.
public final class SafeFile {
    /// The cap `readAll` uses unless told otherwise: far above any real photo, far below memory.
    public static let defaultLimit = 256 << 20

    /// Size, modification and status-change times as seen by fstat on the open descriptor.
    public let size: Int
    public let modified: FileTime
    /// ctime: set by the kernel on any change to the file — its bytes, its times, a rename —
    /// and never by a program, so unlike `modified` it cannot be put back.
    public let changed: FileTime
    private let descriptor: Int32

    public convenience init(opening path: PhotoPath) throws(SafeFileError) {
        var status = stat()
        // stat follows symbolic links: a link to a photo is a photo, a link to a FIFO is a FIFO.
        if path.withCString({ stat($0, &status) }) != 0 { throw SafeFileError.fromErrno(errno) }
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw .notRegularFile(kind: SafeFileError.kind(ofMode: status.st_mode))
        }
        let fd = path.withCString { open($0, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY) }
        if fd < 0 { throw SafeFileError.fromErrno(errno) }
        // The path may have been replaced between stat and open; the descriptor is what we read,
        // checked again as any adopted descriptor is.
        try self.init(adopting: fd)
    }

    /// Takes over a descriptor opened elsewhere (a decode worker receives the parent's open
    /// file over its socket), with the same regular-file check; closed on failure too.
    init(adopting fd: Int32) throws(SafeFileError) {
        var status = stat()
        if fstat(fd, &status) != 0 {
            let code = errno
            close(fd)
            throw SafeFileError.fromErrno(code)
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            close(fd)
            throw .notRegularFile(kind: SafeFileError.kind(ofMode: status.st_mode))
        }
        descriptor = fd
        size = Int(status.st_size)
        modified = FileTime(status.st_mtim)
        changed = FileTime(status.st_ctim)
    }

    deinit { close(descriptor) }

    /// The open descriptor, to hand to a decode worker; still owned (and closed) by this file.
    var fileDescriptor: Int32 { descriptor }

    /// Up to `count` bytes from `offset`; fewer only where the file ends.
    public func read(at offset: Int, count: Int) throws(SafeFileError) -> [UInt8] {
        guard offset >= 0, count > 0 else { return [] }
        var result: [UInt8] = []
        // Grow in steps instead of trusting `count`: a caller asking for a lot from a short file
        // must not allocate it all.
        let step = 1 << 20
        while result.count < count {
            let want = min(step, count - result.count)
            let got = try readChunk(at: offset + result.count, count: want, into: &result)
            if got < want { break }
        }
        return result
    }

    /// The whole file, or `.tooLarge` if it holds more than `limit` bytes — also when it grows
    /// past the limit while being read.
    public func readAll(limit: Int = SafeFile.defaultLimit) throws(SafeFileError) -> [UInt8] {
        if size > limit { throw .tooLarge(size: size, limit: limit) }
        var result: [UInt8] = []
        result.reserveCapacity(size)
        // Read past the size seen at open: a file still being written can have grown since.
        while true {
            let want = result.count < size ? size - result.count : 1 << 16
            let capped = min(want, limit + 1 - result.count)
            let got = try readChunk(at: result.count, count: capped, into: &result)
            if result.count > limit { throw .tooLarge(size: result.count, limit: limit) }
            if got == 0 { return result }
        }
    }

    /// Appends at most `count` bytes read at `offset`; returns how many arrived (0 at the end).
    private func readChunk(at offset: Int, count: Int, into result: inout [UInt8]) throws(SafeFileError) -> Int {
        guard count > 0 else { return 0 }
        var failure: Int32 = 0
        let chunk = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            while initialized < count {
                let n = pread(descriptor, buffer.baseAddress! + initialized, count - initialized, off_t(offset + initialized))
                if n > 0 { initialized += n; continue }
                if n == 0 { break }
                if errno == EINTR { continue }
                failure = errno
                break
            }
        }
        if failure != 0 { throw SafeFileError.fromErrno(failure) }
        if result.isEmpty { result = chunk } else { result += chunk }
        return chunk.count
    }
}

extension SafeFile {
    /// The whole file at `path`, refusing anything but a regular file of at most `limit` bytes.
    public static func readAll(_ path: PhotoPath, limit: Int = SafeFile.defaultLimit) throws(SafeFileError) -> [UInt8] {
        try SafeFile(opening: path).readAll(limit: limit)
    }

    /// The first `count` bytes at `path` (fewer if the file is shorter), for sniffing and probing.
    public static func readPrefix(_ path: PhotoPath, count: Int) throws(SafeFileError) -> [UInt8] {
        try SafeFile(opening: path).read(at: 0, count: count)
    }
}

#if canImport(Glibc)
import Glibc
#endif
import CacheHome
import Foundation
import Locking
import Logging
import Waterfall

/// Screen-sized copies of the photos a frame showed from a network folder, on local disk, so a
/// frame whose NAS sleeps, or that starts without network, still shows them: the photo view and
/// the slideshow fall back to a copy when the photo itself cannot be read.
///
/// - One copy per photo, named `<md5 of the photo's URI>-<mtime>-<size>-<W>x<H>.jpg` in the
///   folder: the stamp says which version of the photo it shows (a newer version replaces it),
///   the pixel size lets a copy be decoded without reading its header first.
/// - Bounded: past `capacity` bytes the copies used longest ago go first. A copy's mtime is its
///   last use (kept or shown), so the order survives a restart.
/// - Written whole or not at all: to a hidden temporary name, flushed, then renamed, so a kill at
///   any moment leaves no half-written copy under a copy's name; temporary files left by a kill
///   are deleted when the folder is first read.
///
/// Nothing here throws: a full or unwritable disk costs the copy, logged once.
public final class OfflineCopies: Sendable {
    public let folder: PhotoPath
    public let capacity: Int
    private let logger: Logger
    /// A pthread mutex (`Locked`), not the standard library's `Mutex`: the decode threads keep
    /// and read copies at once, and ThreadSanitizer sees through only the former.
    private let state = Locked(State())

    struct Copy: Equatable {
        var name: String
        var bytes: Int
        var lastUse: Int64
    }

    private struct State {
        /// By the MD5 of the photo's URI; nil until the folder has been read.
        var copies: [String: Copy]?
        var total = 0
        var reportedFailure = false
        /// Writes begun, which name their temporary files: two threads keeping the same photo
        /// at once write under two names, never into one file.
        var writes = 0
    }

    public init(folder: PhotoPath, capacity: Int, logger: Logger = Logger(label: "cascade.offline")) {
        self.folder = folder
        self.capacity = max(0, capacity)
        self.logger = logger
    }

    /// `$XDG_CACHE_HOME/cascade/offline` (else `~/.cache/cascade/offline`), or nil without a
    /// home or with no room asked for.
    public static func standard(capacity: Int, environment: [String: String] = ProcessInfo.processInfo.environment,
                                logger: Logger = Logger(label: "cascade.offline")) -> OfflineCopies? {
        guard capacity > 0, let cache = CacheHome.folder(environment: environment) else { return nil }
        return OfflineCopies(folder: PhotoPath(cache + "/cascade/offline"), capacity: capacity, logger: logger)
    }

    /// Keeps `image` as the copy of `path` as `stamp` describes it; a copy of that version
    /// already there is only marked used.
    public func keep(_ image: DecodedImage, for path: PhotoPath, stamp: FileStamp) {
        let key = Self.key(for: path)
        let name = "\(key)-\(stamp.mtime)-\(stamp.size)-\(image.width)x\(image.height).jpg"
        if let existing = state.withLock({ state in loaded(&state)[key] }), existing.name == name {
            touch(existing.name, key: key)
            return
        }
        guard let jpeg = JPEGEncoder.encode(image, quality: 88), jpeg.count <= capacity, write(jpeg, as: name) else { return }
        let now = Int64(Date().timeIntervalSince1970)
        let stale: [String] = state.withLock { state in
            var copies = loaded(&state)
            var gone: [String] = []
            if let old = copies[key] { gone.append(old.name); state.total -= old.bytes }
            copies[key] = Copy(name: name, bytes: jpeg.count, lastUse: now)
            state.total += jpeg.count
            gone += Self.evictions(&copies, total: &state.total, capacity: capacity, keeping: key)
            state.copies = copies
            return gone
        }
        for old in stale where old != name { unlink(folder.appending(Array(old.utf8))) }
    }

    /// The copy of `path` to decode instead of the photo, with its pixel size, marked used; nil
    /// when there is none. Any version will do: it is what the frame showed last.
    public func copy(for path: PhotoPath) -> (path: PhotoPath, size: PixelSize)? {
        let key = Self.key(for: path)
        guard let copy = state.withLock({ state in loaded(&state)[key] }), let size = Self.pixelSize(of: copy.name) else { return nil }
        touch(copy.name, key: key)
        return (folder.appending(Array(copy.name.utf8)), size)
    }

    /// The bytes the copies take on disk, and how many there are.
    public var usage: (bytes: Int, count: Int) {
        state.withLock { state in (state.total, loaded(&state).count) }
    }

    /// Reads the folder again at the next use (tests that change the files' times).
    func forgetLoaded() { state.withLock { $0.copies = nil } }

    /// Removes the copies used longest ago until `total` fits `capacity`, never the one just
    /// kept; returns their names.
    static func evictions(_ copies: inout [String: Copy], total: inout Int, capacity: Int, keeping: String) -> [String] {
        guard total > capacity else { return [] }
        var gone: [String] = []
        for (key, copy) in copies.sorted(by: { ($0.value.lastUse, $0.key) < ($1.value.lastUse, $1.key) }) where key != keeping {
            guard total > capacity else { break }
            copies[key] = nil
            total -= copy.bytes
            gone.append(copy.name)
        }
        return gone
    }

    static func key(for path: PhotoPath) -> String {
        String(ThumbnailCache.fileName(forURI: ThumbnailCache.uri(for: path)).dropLast(4))
    }

    /// `W`x`H` from a copy's name.
    static func pixelSize(of name: String) -> PixelSize? {
        guard name.hasSuffix(".jpg"), let dims = name.dropLast(4).split(separator: "-").last else { return nil }
        let parts = dims.split(separator: "x")
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]), width > 0, height > 0 else { return nil }
        return PixelSize(width: width, height: height)
    }

    // MARK: The folder

    /// The copies, read from the folder on first use (temporary files of a killed write deleted).
    private func loaded(_ state: inout State) -> [String: Copy] {
        if let copies = state.copies { return copies }
        var copies: [String: Copy] = [:]
        if let names = try? FileManager.default.contentsOfDirectory(atPath: folder.string) {
            for name in names {
                let file = folder.appending(Array(name.utf8))
                if name.hasPrefix(".partial-") { unlink(file); continue }
                guard name.hasSuffix(".jpg"), Self.pixelSize(of: name) != nil, let key = name.split(separator: "-").first else { continue }
                var status = stat()
                guard file.withCString({ stat($0, &status) }) == 0 else { continue }
                let copy = Copy(name: name, bytes: Int(status.st_size), lastUse: Int64(status.st_mtim.tv_sec))
                if let other = copies[String(key)] {
                    // Two versions of one photo (a kill between the rename and the unlink): keep the newer.
                    let (kept, dropped) = other.lastUse >= copy.lastUse ? (other, copy) : (copy, other)
                    copies[String(key)] = kept
                    unlink(folder.appending(Array(dropped.name.utf8)))
                } else {
                    copies[String(key)] = copy
                }
            }
        }
        state.copies = copies
        state.total = copies.values.reduce(0) { $0 + $1.bytes }
        return copies
    }

    private func write(_ jpeg: [UInt8], as name: String) -> Bool {
        mkdirAll(folder.string)
        let write = state.withLock { state in
            state.writes += 1
            return state.writes
        }
        let temporary = folder.appending(Array(".partial-\(getpid())-\(write)-\(name)".utf8))
        let fd = temporary.withCString { open($0, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644) }
        guard fd >= 0 else { return failed("cannot write in \(folder.string): \(String(cString: strerror(errno)))") }
        let error = jpeg.withUnsafeBytes { DurableWrite.all($0, to: fd) }
        let synced = error == 0 && fsync(fd) == 0
        close(fd)
        guard synced else {
            unlink(temporary)
            return failed("cannot write in \(folder.string): \(String(cString: strerror(error == 0 ? errno : error)))")
        }
        guard rename(temporary, folder.appending(Array(name.utf8))) else {
            unlink(temporary)
            return failed("cannot write in \(folder.string): \(String(cString: strerror(errno)))")
        }
        DurableWrite.flushFolder(folder)
        return true
    }

    /// Sets the copy's mtime to now: its last use, which eviction orders by.
    private func touch(_ name: String, key: String) {
        let now = Int64(Date().timeIntervalSince1970)
        _ = folder.appending(Array(name.utf8)).withCString { utimensat(AT_FDCWD, $0, nil, 0) }
        state.withLock { state in
            if var copy = state.copies?[key], copy.name == name { copy.lastUse = now; state.copies?[key] = copy }
        }
    }

    private func failed(_ message: String) -> Bool {
        let first = state.withLock { state in
            defer { state.reportedFailure = true }
            return !state.reportedFailure
        }
        if first { logger.warning("offline copies: \(message); photos are shown, but not kept for when their folder is away") }
        return false
    }

    private func mkdirAll(_ path: String) {
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    private func unlink(_ path: PhotoPath) { _ = path.withCString { Glibc.unlink($0) } }

    private func rename(_ from: PhotoPath, _ to: PhotoPath) -> Bool {
        from.withCString { source in to.withCString { Glibc.rename(source, $0) == 0 } }
    }
}

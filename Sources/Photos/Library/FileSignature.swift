#if canImport(Glibc)
import Glibc
#endif

/// What a watcher remembers of a file to tell, when it looks again without an event (a
/// rescan after the event queue overflowed, or polling), whether the file changed: its time,
/// size and identity, folded into 8 bytes instead of 40 — one is kept per watched photo, and
/// the watcher only ever asks "same or not?". A change that keeps the digest is a 2⁻⁶⁴ chance.
struct FileSignature: Sendable, Hashable {
    private let digest: Int

    init(_ status: stat) {
        // Hasher's seed differs between runs; signatures are only compared within one.
        var hasher = Hasher()
        hasher.combine(FileTime(status.st_mtim))
        hasher.combine(Int(status.st_size))
        hasher.combine(FileID(status))
        digest = hasher.finalize()
    }
}

import Synchronization

/// Thumbnails held back from the disk until `flush`, up to a bound in bytes. `cascade render`
/// decodes on every core and then encodes the wall's PNG on one: its last thumbnails are
/// encoded and written on the other core during that encode, instead of taking turns with the
/// decodes. Past the bound a thumbnail is written at once, so a large folder holds no more.
public final class DeferredThumbnailWrites: Sendable {
    public let maximumBytes: Int
    private let held = Mutex<(writes: [@Sendable () -> Void], bytes: Int)>(([], 0))

    public init(maximumBytes: Int) {
        self.maximumBytes = maximumBytes
    }

    /// Keeps `write` for `flush` when `bytes` more still fit; false when the caller must write now.
    func hold(bytes: Int, _ write: @escaping @Sendable () -> Void) -> Bool {
        held.withLock { held in
            guard held.bytes + bytes <= maximumBytes else { return false }
            held.writes.append(write)
            held.bytes += bytes
            return true
        }
    }

    /// Writes every thumbnail held so far, on the calling thread.
    public func flush() {
        let writes = held.withLock { held in
            defer { held = ([], 0) }
            return held.writes
        }
        for write in writes { write() }
    }
}

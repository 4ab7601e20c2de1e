// Making room in a bounded cache: only photos that have been on the screen give way, the one
// shown longest ago first, and only for one not yet shown. A photo never shown is never evicted to
// fetch another, so a full cache does not churn through downloads nobody sees.

public enum ImmichEviction {
    /// The most bytes one more photo may take: the room left plus what the shown photos hold.
    public static func room(in manifest: ImmichManifest, limit: Int64) -> Int64 {
        limit - manifest.totalBytes + manifest.files.values.reduce(0) { $0 + ($1.shown == nil ? 0 : $1.bytes) }
    }

    /// The files to delete so that `incoming` more bytes fit under `limit`; nil when even
    /// deleting every shown photo would not make room (the download is then skipped).
    public static func victims(for incoming: Int64, in manifest: ImmichManifest, limit: Int64) -> [String]? {
        var total = manifest.totalBytes
        if total + incoming <= limit { return [] }
        let shown = manifest.files.compactMap { name, entry in entry.shown.map { (name, $0, entry.bytes) } }
            .sorted { ($0.1, $0.0) < ($1.1, $1.0) }
        var victims: [String] = []
        for (name, _, bytes) in shown {
            victims.append(name)
            total -= bytes
            if total + incoming <= limit { return victims }
        }
        return nil
    }
}

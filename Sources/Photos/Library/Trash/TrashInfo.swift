#if canImport(Glibc)
import Glibc
#endif

/// The contents of a `.trashinfo` file (freedesktop.org Trash specification 1.0): the original
/// path, percent-encoded, and the local time of deletion without a time zone.
enum TrashInfo {
    /// Kept as they are: RFC 2396's unreserved characters and `/`. Everything else, including
    /// `%`, a newline and every byte ≥ 0x80, becomes %XX — the set GLib (`g_uri_escape_string`
    /// with "/" allowed) and trash-cli (`quote(path, '/')`) both use, so either reads it back.
    private static let encoding = PercentEncoding(keeping: "-_.~/")

    static func escape(_ path: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        encoding.encode(path, into: &out)
        return out
    }

    /// The path a `.trashinfo`'s `Path=` holds, its %XX decoded; nil when it has none.
    static func recordedPath(in contents: [UInt8]) -> [UInt8]? {
        let key = Array("Path=".utf8)
        guard let line = contents.split(separator: UInt8(ascii: "\n")).first(where: { $0.starts(with: key) }) else { return nil }
        let value = Array(line.dropFirst(key.count))
        var out: [UInt8] = []
        var i = 0
        while i < value.count {
            if value[i] == UInt8(ascii: "%"), i + 2 < value.count,
               let byte = UInt8(String(decoding: value[(i + 1)...(i + 2)], as: UTF8.self), radix: 16) {
                out.append(byte)
                i += 3
            } else {
                out.append(value[i])
                i += 1
            }
        }
        return out
    }

    /// `YYYY-MM-DDThh:mm:ss` in the local time zone, as the specification asks.
    static func deletionDate(_ seconds: time_t) -> String {
        var when = seconds
        var local = tm()
        guard localtime_r(&when, &local) != nil else { return "1970-01-01T00:00:00" }
        var buffer = [CChar](repeating: 0, count: 32)
        let count = strftime(&buffer, buffer.count, "%Y-%m-%dT%H:%M:%S", &local)
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The file's bytes; `path` is absolute for the home trash, relative to the top directory
    /// for a top-directory trash.
    static func contents(path: [UInt8], deletedAt seconds: time_t) -> [UInt8] {
        Array("[Trash Info]\nPath=".utf8) + escape(path) + Array("\nDeletionDate=\(deletionDate(seconds))\n".utf8)
    }
}

// A file path as the bytes the kernel stores. Linux file names are bytes, not text: a
// name that is not valid UTF-8 must still open, decode and round-trip through the URI,
// so the path is never forced through String except for display.
public struct PhotoPath: Hashable, Sendable, Comparable, CustomStringConvertible {
    public let bytes: [UInt8]

    public init(bytes: [UInt8]) { self.bytes = bytes }
    public init(_ string: String) { bytes = Array(string.utf8) }

    /// For captions, logs and JSON: invalid UTF-8 sequences become U+FFFD. Use `uri` where the
    /// exact name matters.
    public var string: String { String(decoding: bytes, as: UTF8.self) }
    public var description: String { string }

    /// `file://` URI per RFC 8089, escaped exactly as GLib's g_filename_to_uri does, because the
    /// freedesktop thumbnail name is the MD5 of this string: any other escaping would miss the
    /// thumbnails other programs made.
    public var uri: String { FileURI.make(absolutePath: bytes) }

    public var lastComponent: PhotoPath {
        guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return self }
        return PhotoPath(bytes: Array(bytes[(slash + 1)...]))
    }

    /// The folder holding this absolute path ("/" for a name directly under it).
    public var parent: PhotoPath {
        guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")), slash > 0 else { return PhotoPath("/") }
        return PhotoPath(bytes: Array(bytes[..<slash]))
    }

    /// Whether this path lies below `folder` (not the folder itself).
    public func isInside(_ folder: PhotoPath) -> Bool {
        let prefix = folder.bytes.last == UInt8(ascii: "/") ? folder.bytes : folder.bytes + [UInt8(ascii: "/")]
        return bytes.count > prefix.count && bytes.starts(with: prefix)
    }

    public func appending(_ component: [UInt8]) -> PhotoPath {
        // Built at its exact size: a library keeps two of these per photo, and `+` leaves
        // growth room (120 bytes held for a 45-byte path, 20 MB at 100,000 photos).
        let slash = bytes.last != UInt8(ascii: "/")
        var joined: [UInt8] = []
        joined.reserveCapacity(bytes.count + (slash ? 1 : 0) + component.count)
        joined += bytes
        if slash { joined.append(UInt8(ascii: "/")) }
        joined += component
        return PhotoPath(bytes: joined)
    }

    /// Calls `body` with a NUL-terminated copy, for open(2), stat(2) and friends.
    public func withCString<R>(_ body: (UnsafePointer<CChar>) throws -> R) rethrows -> R {
        try (bytes + [0]).withUnsafeBufferPointer { buffer in
            try buffer.withMemoryRebound(to: CChar.self) { try body($0.baseAddress!) }
        }
    }

    public static func < (a: PhotoPath, b: PhotoPath) -> Bool { a.bytes.lexicographicallyPrecedes(b.bytes) }
}

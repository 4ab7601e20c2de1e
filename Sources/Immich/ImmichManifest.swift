// `.manifest.json` in the cache folder: which file holds which asset, when it was taken, when it
// was last on the screen and whether it came from the random draw. Replaced whole by rename, so a
// kill leaves the old one or the new one.

import Foundation
import Glibc

public struct ImmichManifest: Codable, Sendable, Equatable {
    public static let fileName = ".manifest.json"

    public struct Entry: Codable, Sendable, Equatable {
        public var id: String
        /// Seconds since 1970.
        public var taken: Double?
        /// Seconds since 1970; nil: never shown.
        public var shown: Double?
        /// From the random draw, which a listing does not renew.
        public var random: Bool?
        public var bytes: Int64

        public init(id: String, taken: Double? = nil, shown: Double? = nil, random: Bool? = nil, bytes: Int64) {
            self.id = id
            self.taken = taken
            self.shown = shown
            self.random = random
            self.bytes = bytes
        }
    }

    /// By file name.
    public var files: [String: Entry] = [:]

    public init(files: [String: Entry] = [:]) { self.files = files }

    public var totalBytes: Int64 { files.values.reduce(0) { $0 + $1.bytes } }

    public func name(ofAsset id: String) -> String? { files.first { $0.value.id == id }?.key }

    /// The manifest in `folder`; an empty one when there is none or it cannot be read (the
    /// files it would have named are then strangers the next listing replaces).
    public static func load(folder: String) -> ImmichManifest {
        guard let data = FileManager.default.contents(atPath: folder + "/" + fileName),
              let manifest = try? JSONDecoder().decode(ImmichManifest.self, from: data) else { return ImmichManifest() }
        return manifest
    }

    public func save(folder: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        try ImmichFiles.writeAtomically(try encoder.encode(self), to: folder + "/" + Self.fileName)
    }
}

/// Files replaced whole: written to a hidden name beside, flushed, renamed over.
enum ImmichFiles {
    static func writeAtomically(_ data: Data, to path: String) throws {
        let slash = path.lastIndex(of: "/")!
        let temporary = String(path[..<slash]) + "/.tmp-" + String(path[path.index(after: slash)...])
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw ImmichError("cannot write \(temporary): \(String(cString: strerror(errno)))") }
        var ok = data.withUnsafeBytes { buffer in writeAll(fd, buffer) }
        ok = ok && fsync(fd) == 0
        close(fd)
        guard ok, rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw ImmichError("cannot write \(path): \(reason)")
        }
    }

    static func writeAll(_ fd: Int32, _ buffer: UnsafeRawBufferPointer) -> Bool {
        var offset = 0
        while offset < buffer.count {
            let n = write(fd, buffer.baseAddress! + offset, buffer.count - offset)
            if n < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += n
        }
        return true
    }
}

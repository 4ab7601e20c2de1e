// The originals the photo view shows of Immich's photos. The slideshow and the wall show the
// screen-sized previews; a photo opened to be looked at closely is worth its original, which is
// fetched then, off the frame loop, and kept in a hidden folder beside the previews (the scan and
// the watcher pass hidden names by). Written under a temporary name and renamed; past a bound,
// the originals opened longest ago go first (by their mtimes, which an open renews, so a restart
// agrees).

import Foundation
import Glibc

final class ImmichOriginals: Sendable {
    static let folderName = ".originals"
    /// Enough for the originals of a few dozen photos opened, not a second library.
    static let capacity: Int64 = 1 << 30

    let folder: String
    private let client: ImmichClient
    private let capacity: Int64

    init(cache: String, client: ImmichClient, capacity: Int64 = ImmichOriginals.capacity) {
        folder = cache + "/" + Self.folderName
        self.client = client
        self.capacity = capacity
    }

    /// The original of asset `id` as a local file: the one kept, or fetched now.
    func original(of id: String) async throws(ImmichFailure) -> String {
        guard ImmichAsset.isValidID(id) else { throw .unexpected("no such asset: \(String(reflecting: String(id.prefix(64))))") }
        if let kept = kept(id) {
            _ = utimes(kept, nil)  // opened now: the last to go
            return kept
        }
        mkdir(folder, 0o755)
        let partial = try ImmichPartialFile(for: id, in: folder)
        let body = try await client.picture(id, .original)
        if let expected = body.expected { makeRoom(for: expected) }
        guard let download = try await client.write(body, to: partial.fd, room: capacity) else {
            throw .unexpected("the original of \(id) is larger than the \(capacity >> 20) MiB kept for originals")
        }
        if body.expected == nil { makeRoom(for: download.bytes) }
        let path = folder + "/" + id + "." + ImmichFileName.fileExtension(download.contentType)
        try partial.place(at: path)
        return path
    }

    /// The kept original of `id`, whatever its type.
    private func kept(_ id: String) -> String? {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.first { $0.hasPrefix(id + ".") }.map { folder + "/" + $0 }
    }

    /// Lets the originals opened longest ago go until `incoming` bytes fit.
    private func makeRoom(for incoming: Int64) { Self.makeRoom(in: folder, for: incoming, capacity: capacity) }

    static func makeRoom(in folder: String, for incoming: Int64, capacity: Int64, now: Int = time(nil)) {
        var files: [(path: String, bytes: Int64, opened: Int)] = []
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] {
            var status = stat()
            let path = folder + "/" + name
            guard stat(path, &status) == 0 else { continue }
            // Downloads on their way are not counted; one a kill left behind an hour ago goes.
            if name.hasPrefix(ImmichFileName.partialPrefix) {
                if status.st_mtim.tv_sec < now - 3600 { unlink(path) }
                continue
            }
            files.append((path, Int64(status.st_size), status.st_mtim.tv_sec))
        }
        var total = files.reduce(0) { $0 + $1.bytes }
        for file in files.sorted(by: { $0.opened < $1.opened }) where total + incoming > capacity {
            unlink(file.path)
            total -= file.bytes
        }
    }
}

// Where the walls were left, on disk: `$XDG_STATE_HOME/cascade/places.json` (the XDG base
// directory for state that should outlive a restart but is no one's document). Read once at the
// start and updated when a folder is left — at a clean exit or when another folder is shown —
// never per frame. Several windows share it: an update reads the file again and changes only the
// folders this window left, under an exclusive lock (flock(2) on `places.json.lock`, since the
// file itself is replaced), so two windows closing at once both keep their places. Written to a
// temporary file and renamed over the old one, so a crash or a full disk leaves the old file or
// the new one, never half of either. Losing it costs only the places: a file too large or
// unreadable is said in one line and replaced at the next write.

import Foundation
import Logging
import Waterfall
#if canImport(Glibc)
import Glibc
#endif

struct PlacesFile {
    /// Far above what 200 folders take (some tens of kB): anything larger is not ours.
    static let sizeCap = 1 << 20
    let path: String

    /// `$XDG_STATE_HOME/cascade/places.json`, `~/.local/state/cascade/places.json` by default;
    /// nil without a home. A relative XDG_STATE_HOME is ignored, as the specification says.
    static func standardPath(environment: [String: String]) -> String? {
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") { return state + "/cascade/places.json" }
        guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
        return home + "/.local/state/cascade/places.json"
    }

    /// The remembered walls; none when there is no file, and none, said once, when it is too
    /// large or not ours.
    func read(log: Logger) -> RememberedWalls {
        var status = stat()
        guard stat(path, &status) == 0 else { return RememberedWalls() }
        guard Int(status.st_size) <= Self.sizeCap else {
            log.warning("\(path) is larger than \(Self.sizeCap >> 10) KiB: the places in it are ignored, and it is written anew")
            return RememberedWalls()
        }
        do {
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            return try JSONDecoder().decode(RememberedWalls.self, from: data).tidied()
        } catch {
            log.warning("\(path) cannot be read (\(Self.reason(error))): the places in it are ignored, and it is written anew")
            return RememberedWalls()
        }
    }

    /// The file as it is now with `change` made to it, read and written under the lock, so no
    /// other window's update falls between; nil, said once, when it cannot be written.
    @discardableResult
    func update(log: Logger, _ change: (inout RememberedWalls) -> Void) -> RememberedWalls? {
        let folder = (path as NSString).deletingLastPathComponent
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        // Without a lock file (a read-only folder) the write below fails and says why.
        let lock = open(path + ".lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        defer { if lock >= 0 { close(lock) } }
        if lock >= 0 {
            while flock(lock, LOCK_EX) != 0, errno == EINTR {}
        }
        // Quietly: what is wrong with the file was said when it was read at the start, and this
        // write replaces it.
        var walls = read(log: Logger(label: "cascade.places", factory: { _ in SwiftLogNoOpLogHandler() }))
        change(&walls)
        return write(walls, log: log) ? walls : nil
    }

    /// Writes `walls` whole; false, said once, when it cannot (a read-only or full disk).
    @discardableResult
    func write(_ walls: RememberedWalls, log: Logger) -> Bool {
        var walls = walls
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            var data = try encoder.encode(walls)
            // Only very long paths get here: the oldest folders go until it fits under the cap.
            while data.count > Self.sizeCap, !walls.folders.isEmpty {
                walls.folders.removeLast(max(1, walls.folders.count / 4))
                data = try encoder.encode(walls)
            }
            let folder = (path as NSString).deletingLastPathComponent
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            // A temporary file renamed over the old one, as RecentDestinations writes its list.
            try data.write(to: URL(fileURLWithPath: path), options: .atomic)
            return true
        } catch {
            log.warning("the places of the walls are not saved to \(path): \(Self.reason(error))")
            return false
        }
    }

    private static func reason(_ error: any Error) -> String {
        if let error = error as? DecodingError {
            switch error {
            case .dataCorrupted(let context), .keyNotFound(_, let context), .typeMismatch(_, let context), .valueNotFound(_, let context):
                return (context.underlyingError as? NSError)?.localizedDescription ?? context.debugDescription
            @unknown default: return "\(error)"
            }
        }
        return (error as NSError).localizedDescription
    }
}

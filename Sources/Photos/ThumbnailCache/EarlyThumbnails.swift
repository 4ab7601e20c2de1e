import Foundation
import Waterfall

/// Thumbnails read before the wall asks for them. On a warm start the photo index gives the
/// wall within milliseconds, but the tiles are only laid out, and their decodes queued, once
/// SDL has opened the window — most of the start. The thumbnails the first screen will look
/// up are read and inflated meanwhile, on one thread (the window's own start has the other
/// core), and `ThumbnailCache.lookup` takes them from here instead of the disk; each is still
/// checked against its photo's stamp there, exactly as one read from the disk.
/// A file is read once: a lookup waits for the one being read, and claims one not yet begun.
/// Whatever the wall never asked for is dropped after its first screen.
/// @unchecked Sendable: `files` is only touched with `condition` locked.
public final class EarlyThumbnails: @unchecked Sendable {
    /// A tile of the expected first screen: the photo, and the pixels its tile will have.
    public struct Tile: Sendable {
        public let entry: PhotoEntry
        public let box: PixelSize

        public init(entry: PhotoEntry, box: PixelSize) {
            self.entry = entry
            self.box = box
        }
    }

    private enum File {
        case waiting, reading, read(StoredThumbnail), claimed
    }

    private let condition = NSCondition()
    private var files: [PhotoPath: File] = [:]
    private var dropped = false

    public init() {}

    /// Reads, on a thread of its own, the thumbnail each tile's lookup will try first.
    public func read(_ tiles: [Tile], from cache: ThumbnailCache) {
        guard cache.isEnabled, !tiles.isEmpty else { return }
        let thread = Thread { [self] in
            let wanted = tiles.compactMap { tile -> PhotoPath? in
                guard let info = tile.entry.info,
                      let size = TileImageLoader.thumbnailSize(for: info.storedSize, orientation: info.orientation, tile: tile.box)
                else { return nil }
                return cache.file(for: tile.entry.path, size: size)
            }
            locked {
                for file in wanted where files[file] == nil { files[file] = .waiting }
            }
            for file in wanted {
                let begun = locked { () -> Bool in
                    guard !dropped, case .waiting = files[file] else { return false }
                    files[file] = .reading
                    return true
                }
                guard begun else { continue }
                let decoded = cache.read(file)
                locked {
                    // Read after a drop, it is not kept.
                    files[file] = decoded.flatMap { dropped ? nil : .read($0) } ?? .claimed
                    condition.broadcast()
                }
            }
        }
        thread.name = "cascade-early"
        thread.start()
    }

    /// The thumbnail read early from `file`, once; nil when it is not one of ours (the caller
    /// reads the disk). One being read is waited for; one not yet begun is left to the caller.
    func take(_ file: PhotoPath) -> StoredThumbnail? {
        locked {
            while true {
                switch files[file] {
                case .read(let decoded):
                    files[file] = .claimed
                    return decoded
                case .reading:
                    condition.wait()
                case .waiting:
                    files[file] = .claimed
                    return nil
                case .claimed, nil:
                    return nil
                }
            }
        }
    }

    /// Frees what the wall did not ask for, and stops the reading.
    public func drop() {
        locked {
            dropped = true
            for (file, state) in files {
                if case .reading = state { continue }
                files[file] = .claimed
            }
        }
    }

    /// How many were read and not yet taken (for tests).
    var unclaimed: Int {
        locked { files.values.filter { if case .read = $0 { true } else { false } }.count }
    }

    private func locked<T>(_ body: () -> T) -> T {
        condition.lock()
        defer { condition.unlock() }
        return body()
    }
}

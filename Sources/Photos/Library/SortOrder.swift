import Foundation
import Waterfall   // SeededGenerator

/// How the photos of one group are ordered on the wall. Every order is total and deterministic:
/// ties in time or size fall back to the name order, and `random` depends only on its seed and
/// the set of files, not on the order the folder listed them in.
public enum SortOrder: Sendable, Hashable {
    /// Natural order of the relative path (`NaturalOrder`).
    case name
    /// Oldest modification time first.
    case mtime
    /// Oldest first by when the photo was taken (`PhotoEntry.taken`): its EXIF date, else its
    /// file's time.
    case date
    /// Smallest file first.
    case size
    /// A shuffle fixed by the seed: the same folder and seed give the same wall. Each photo's
    /// place comes from a seeded hash of its relative path alone, so a photo that arrives or
    /// leaves does not move the others (a live wall would jump otherwise).
    case random(seed: UInt64)

    /// Sorts `entries` in place: by `group` first (the command line's order), then in this
    /// order within each group, or its exact reverse. In place, because a scan of 100,000
    /// photos sorts them while the wall it replaces is still alive: every copy made here would
    /// be one more library in memory at the peak.
    /// `localZone` places EXIF dates written without a UTC offset (`CaptureDate.instant(localZone:)`).
    public func sort(_ entries: inout [PhotoEntry], reversed: Bool = false, localZone: TimeZone = .current) {
        func within(_ less: @escaping (PhotoEntry, PhotoEntry) -> Bool) -> (PhotoEntry, PhotoEntry) -> Bool {
            { a, b in a.group != b.group ? a.group < b.group : reversed ? less(b, a) : less(a, b) }
        }
        switch self {
        case .name:
            entries.sort(by: within(Self.byName))
        case .mtime:
            entries.sort(by: within { $0.mtime != $1.mtime ? $0.mtime < $1.mtime : Self.byName($0, $1) })
        case .size:
            entries.sort(by: within { $0.fileSize != $1.fileSize ? $0.fileSize < $1.fileSize : Self.byName($0, $1) })
        case .date:
            // A zone lookup per photo, not per comparison.
            Self.sort(&entries, reversed: reversed, keys: entries.map { $0.taken.instant(localZone: localZone) })
        case .random(let seed):
            Self.sort(&entries, reversed: reversed,
                      keys: entries.map { entry in entry.withRelativeBytes { Self.shuffleKey($0, seed: seed) } })
        }
    }

    /// Sorts by keys worked out once, not at every comparison: the places are sorted, then the
    /// entries are put in them in one pass. Ties fall back to the name order.
    private static func sort<Key: Comparable>(_ entries: inout [PhotoEntry], reversed: Bool, keys: [Key]) {
        let places = entries.indices.sorted { i, j in
            if entries[i].group != entries[j].group { return entries[i].group < entries[j].group }
            let (x, y) = reversed ? (j, i) : (i, j)
            return keys[x] != keys[y] ? keys[x] < keys[y] : byName(entries[x], entries[y])
        }
        entries = places.map { entries[$0] }
    }

    /// The place of a photo in `.random`: FNV-1a over the relative path, started from the
    /// seed, then SplitMix64's mixing so that similar names land far apart.
    static func shuffleKey(_ relative: UnsafeBufferPointer<UInt8>, seed: UInt64) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325 ^ seed
        for byte in relative { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        var generator = SeededGenerator(seed: hash)
        return generator.next()
    }

    /// Natural order of the relative path, then of the absolute path: two files with the same
    /// name from different folders given on the command line still have a fixed order.
    static func byName(_ a: PhotoEntry, _ b: PhotoEntry) -> Bool {
        let relative = a.withRelativeBytes { ra in b.withRelativeBytes { rb in NaturalOrder.compare(ra, rb) } }
        if relative != 0 { return relative < 0 }
        return NaturalOrder.compare(a.path, b.path) < 0
    }
}

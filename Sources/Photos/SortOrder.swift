import Waterfall   // SeededGenerator

/// How the photos of one group are ordered on the wall. Every order is total and deterministic:
/// ties in time or size fall back to the name order, and `random` depends only on its seed and
/// the set of files, not on the order the folder listed them in.
public enum SortOrder: Sendable, Hashable {
    /// Natural order of the relative path (`NaturalOrder`).
    case name
    /// Oldest modification time first.
    case mtime
    /// Smallest file first.
    case size
    /// A shuffle fixed by the seed: the same folder and seed give the same wall. Each photo's
    /// place comes from a seeded hash of its relative path alone, so a photo that arrives or
    /// leaves does not move the others (a live wall would jump otherwise).
    case random(seed: UInt64)

    /// `entries` in this order, or the exact reverse of it.
    public func sorted(_ entries: [PhotoEntry], reversed: Bool = false) -> [PhotoEntry] {
        var result: [PhotoEntry]
        switch self {
        case .name:
            result = entries.sorted(by: Self.byName)
        case .mtime:
            result = entries.sorted { $0.mtime != $1.mtime ? $0.mtime < $1.mtime : Self.byName($0, $1) }
        case .size:
            result = entries.sorted { $0.fileSize != $1.fileSize ? $0.fileSize < $1.fileSize : Self.byName($0, $1) }
        case .random(let seed):
            result = entries.map { (key: Self.shuffleKey($0.relative, seed: seed), entry: $0) }
                .sorted { $0.key != $1.key ? $0.key < $1.key : Self.byName($0.entry, $1.entry) }
                .map(\.entry)
        }
        if reversed { result.reverse() }
        return result
    }

    /// The place of a photo in `.random`: FNV-1a over the relative path, started from the
    /// seed, then SplitMix64's mixing so that similar names land far apart.
    static func shuffleKey(_ relative: PhotoPath, seed: UInt64) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325 ^ seed
        for byte in relative.bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        var generator = SeededGenerator(seed: hash)
        return generator.next()
    }

    /// Natural order of the relative path, then of the absolute path: two files with the same
    /// name from different folders given on the command line still have a fixed order.
    static func byName(_ a: PhotoEntry, _ b: PhotoEntry) -> Bool {
        let relative = NaturalOrder.compare(a.relative, b.relative)
        if relative != 0 { return relative < 0 }
        return NaturalOrder.compare(a.path, b.path) < 0
    }
}

// The folders whose walls are remembered, most recently left first, and the last one browsed.
// Bounded, so a file that lives for years stays small: the least recently used go first.

import InputLimits

public struct RememberedWalls: Codable, Hashable, Sendable {
    public struct Folder: Codable, Hashable, Sendable {
        /// The folder's absolute path, cleaned of `.`, `..` and doubled slashes.
        public var folder: String
        public var place: WallPlace

        public init(folder: String, place: WallPlace) { self.folder = folder; self.place = place }
    }

    /// Enough for every folder a person browses in a long while; the file stays some tens of kB.
    public static let standardLimit = 200

    /// The folder browsed last, which `cascade` with no folder named opens again.
    public var lastFolder: String?
    public var folders: [Folder] = []

    public init() {}

    public func place(of folder: String) -> WallPlace? {
        folders.first { $0.folder == folder }?.place
    }

    /// `folder` was left at `place` just now: it goes first, and becomes the last folder.
    public mutating func remember(_ place: WallPlace, of folder: String, limit: Int = standardLimit) {
        folders.removeAll { $0.folder == folder }
        folders.insert(Folder(folder: folder, place: place), at: 0)
        if folders.count > limit { folders.removeLast(folders.count - max(0, limit)) }
        lastFolder = folder
    }

    /// As read from a file someone may have edited: each folder once (its first, most recent
    /// entry), absolute paths only, numbers a layout can use, at most `limit` folders.
    public func tidied(limit: Int = standardLimit) -> RememberedWalls {
        var tidy = RememberedWalls()
        tidy.lastFolder = lastFolder.flatMap { $0.hasPrefix("/") ? $0 : nil }
        var seen = Set<String>()
        for var entry in folders where entry.folder.hasPrefix("/") && seen.insert(entry.folder).inserted {
            if !entry.place.topScreenY.isFinite { entry.place.topScreenY = 0 }
            if !entry.place.topFraction.isFinite { entry.place.topFraction = 0 }
            if let n = entry.place.columns, !Limits.columns.contains(n) { entry.place.columns = nil }
            tidy.folders.append(entry)
            if tidy.folders.count == limit { break }
        }
        return tidy
    }
}

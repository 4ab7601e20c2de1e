// What the wall shows when the user names nothing: their Pictures folder when it holds
// photos (as every desktop viewer opens), else the sample photos shipped with cascade, so
// the first run is never an empty black window.

import Foundation
import Photos
import Screen

public enum PhotoSources {
    public enum Choice: Equatable, Sendable {
        /// `away`: those named that cannot be reached now (`ReachProbe`): never looked at here,
        /// where a mount that hangs would hold the start.
        case named([PhotoPath], away: Set<PhotoPath> = [])
        case pictures(PhotoPath)
        case samples(PhotoPath)
        /// One file named alone (`cascade photo.jpg`, a file manager's "Open with"): it opens
        /// among the photos of its own folder, not the folders below it, whose wall is what is
        /// scanned — as nsxiv, imv, Eye of GNOME and Loupe open one photo.
        case photo(PhotoPath, folder: PhotoPath)

        /// The files named, when every one named is a regular file (or a link to one): photos to
        /// open, rather than folders to walk. nil otherwise.
        public var namedFiles: [PhotoPath]? {
            switch self {
            case .photo(let photo, _): [photo]
            case .named(let named, let away) where away.isEmpty && named.allSatisfy({ $0.fileType(followingLinks: true) == S_IFREG }): named
            default: nil
            }
        }

        /// How much of `paths` is the wall: a photo's own folder, else every folder's tree.
        public var depth: FolderDepth {
            if case .photo = self { .ownFiles } else { .tree }
        }

        public var paths: [PhotoPath] {
            switch self {
            case .named(let p, _): p
            case .pictures(let p), .samples(let p), .photo(_, folder: let p): [p]
            }
        }
    }

    public struct NoPhotosError: Error, CustomStringConvertible {
        public let looked: [String]
        public var description: String {
            "no photos named, none in the Pictures folder, and no sample photos found (looked in \(looked.joined(separator: ", "))); name a folder: cascade ~/Photos"
        }
    }

    /// `arguments` as given, or the default source.
    /// `away`: named paths that cannot be reached now (`ReachProbe`), taken as folders unlooked at.
    public static func choose(arguments: [String], environment: [String: String] = ProcessInfo.processInfo.environment,
                              away: Set<PhotoPath> = [], hasPhotos: (PhotoPath) -> Bool = walkFindsPhotos) throws -> Choice {
        let named = arguments.map { PhotoPath(argument: $0) }
        // A regular file, or a link to one (a folder, a FIFO or a missing path is not).
        if named.count == 1, !away.contains(named[0]), named[0].fileType(followingLinks: true) == S_IFREG {
            let photo = named[0].absolute()
            return .photo(photo, folder: photo.parent)
        }
        if !named.isEmpty { return .named(named, away: away) }
        if let pictures = picturesFolder(environment: environment), hasPhotos(pictures) { return .pictures(pictures) }
        if let assets = AssetLocator.locate(environment: environment) {
            return .samples(PhotoPath(assets).appending(Array("samples".utf8)))
        }
        throw NoPhotosError(looked: [picturesFolder(environment: environment)?.string ?? "~/Pictures"]
                            + AssetLocator.candidates(environment: environment))
    }

    /// Whether a folder holds photos needs only a walk of its names, not every header.
    public static func walkFindsPhotos(_ folder: PhotoPath) -> Bool {
        (try? PhotoScanner(probeHeaders: false).scan([folder]))?.entries.isEmpty == false
    }

    /// XDG_PICTURES_DIR from the environment or `$XDG_CONFIG_HOME/user-dirs.dirs` (the file
    /// xdg-user-dirs writes, where the folder may be localised: "Bilder", "Images"…), else
    /// `~/Pictures`.
    public static func picturesFolder(environment env: [String: String]) -> PhotoPath? {
        guard let home = env["HOME"], !home.isEmpty else { return nil }
        if let fromEnv = env["XDG_PICTURES_DIR"], !fromEnv.isEmpty { return PhotoPath(expand(fromEnv, home: home)) }
        let config = env["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? home + "/.config"
        if let text = try? String(contentsOfFile: config + "/user-dirs.dirs", encoding: .utf8),
           let value = userDirsValue(text, key: "XDG_PICTURES_DIR") {
            return PhotoPath(expand(value, home: home))
        }
        return PhotoPath(home + "/Pictures")
    }

    /// The value of `KEY="…"` in a user-dirs.dirs file (shell syntax, `$HOME` allowed).
    static func userDirsValue(_ text: String, key: String) -> String? {
        for line in text.split(separator: "\n") {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix(key + "=") else { continue }
            var value = String(trimmed.dropFirst(key.count + 1))
            if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 { value = String(value.dropFirst().dropLast()) }
            return value
        }
        return nil
    }

    private static func expand(_ value: String, home: String) -> String {
        if value.hasPrefix("$HOME") { return home + value.dropFirst(5) }
        if value.hasPrefix("~/") { return home + value.dropFirst(1) }
        return value
    }
}

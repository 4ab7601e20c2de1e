// The desktop viewer's memory of where each folder's wall was left (`remember`, docs/desktop.md):
// which folder is shown, the place remembered for it until it is put back, and the file. Only a
// wall of one folder is remembered; a kiosk, a photo frame or a systemd service has none.

import Foundation
import Logging
import Photos
import Waterfall

@MainActor
final class WallPlaces {
    let file: PlacesFile
    private(set) var walls: RememberedWalls
    /// The folder whose wall is shown, when it is one folder.
    private(set) var folder: String?
    /// Where that folder was left, until it is put back on the wall (or given up).
    var pending: WallPlace?
    /// The folders left since the last save, oldest first: what this window changes in the
    /// file, which other windows may have changed meanwhile.
    private var left: [String] = []
    private let log: Logger

    init(file: PlacesFile, log: Logger) {
        self.file = file
        self.log = log
        walls = file.read(log: log)
    }

    /// The folder `cascade` with nothing named opens again: the last browsed, if still a folder.
    var lastFolder: PhotoPath? {
        guard let last = walls.lastFolder else { return nil }
        let path = PhotoPath(last)
        return path.fileType(followingLinks: true) == S_IFDIR ? path : nil
    }

    /// The key of a wall of `paths`: its folder's absolute, cleaned path, when it is one folder
    /// (and its name is UTF-8, which the JSON file holds).
    static func key(_ paths: [PhotoPath]) -> String? {
        guard paths.count == 1, paths[0].fileType(followingLinks: true) == S_IFDIR else { return nil }
        return folderKey(paths[0])
    }

    private static func folderKey(_ folder: PhotoPath) -> String? { String(validating: folder.absolute().bytes, as: UTF8.self) }

    /// The key of the wall `choice` shows; none for the sample photos, which are no one's folder.
    static func key(_ choice: PhotoSources.Choice) -> String? {
        switch choice {
        case .samples: return nil
        // A share that does not answer is taken for the folder it was, not looked at: a mount
        // that hangs would hold the start.
        case .named(let paths, let away) where paths.count == 1 && away.contains(paths[0]): return folderKey(paths[0])
        default: return key(choice.paths)
        }
    }

    /// The wall shows `folder` from now on; its remembered place waits to be put back unless
    /// `restoring` is false (a photo named alone: that photo is what was asked for).
    func shows(_ folder: String?, restoring: Bool) {
        self.folder = folder
        pending = restoring ? folder.flatMap { walls.place(of: $0) } : nil
    }

    /// The folder shown is left at `place`. A place never put back (left before its photos
    /// came) is kept as it was: the folder was not browsed.
    func leave(at place: WallPlace) {
        guard let folder else { return }
        walls.remember(pending ?? place, of: folder)
        left.removeAll { $0 == folder }
        left.append(folder)
    }

    /// The folders this window left, put into the file as it is now: another window's places,
    /// saved since this one read it, stay.
    func save() {
        let mine = left.compactMap { folder in walls.place(of: folder).map { (folder, $0) } }
        guard let saved = file.update(log: log, { walls in
            for (folder, place) in mine { walls.remember(place, of: folder) }
        }) else { return }
        walls = saved
        left = []
    }
}

// The folders photos were last moved or copied to, newest first, remembered across runs beside
// the photo index (`$XDG_CACHE_HOME/cascade/destinations`): the chooser offers them after the
// configured ones. The file holds the paths NUL-separated (a folder's name may hold a newline)
// and is replaced whole by rename, so a crash leaves the old list or the new one. Losing it
// costs only the list: a file that cannot be read or written is logged and forgotten.

import Foundation
import Logging
import Photos

struct RecentDestinations {
    /// Enough for the chooser's nine keys.
    static let kept = 9
    let file: PhotoPath?
    private(set) var folders: [PhotoPath]
    private let log: Logger

    init(file: PhotoPath?, log: Logger) {
        self.file = file
        self.log = log
        folders = []
        guard let file, let data = FileManager.default.contents(atPath: file.string) else { return }
        folders = data.split(separator: 0).map { PhotoPath(bytes: Array($0)) }.filter { $0.bytes.first == UInt8(ascii: "/") }
        folders = Array(folders.prefix(Self.kept))
    }

    /// The standard file, beside the photo index; nil when there is no cache folder.
    static func standardFile(environment: [String: String]) -> PhotoPath? {
        PhotoIndex.standardFile(environment: environment)?.parent.appending(Array("destinations".utf8))
    }

    /// `folder` was used just now: it goes first, and the list is saved.
    mutating func note(_ folder: PhotoPath) {
        folders.removeAll { $0 == folder }
        folders.insert(folder, at: 0)
        folders = Array(folders.prefix(Self.kept))
        save()
    }

    /// What the chooser lists: the configured folders in their order, then the recent ones not
    /// among them, nine at most (one per digit key).
    func choices(configured: [PhotoPath]) -> [PhotoPath] {
        var list: [PhotoPath] = []
        for folder in configured + folders where !list.contains(folder) { list.append(folder) }
        return Array(list.prefix(Self.kept))
    }

    private func save() {
        guard let file else { return }
        let bytes: [UInt8] = folders.flatMap { $0.bytes + [0] }
        do {
            try FileManager.default.createDirectory(atPath: file.parent.string, withIntermediateDirectories: true)
            try Data(bytes).write(to: URL(fileURLWithPath: file.string), options: .atomic)
        } catch {
            log.warning("the recent destinations are not saved: \(error.localizedDescription)")
        }
    }
}

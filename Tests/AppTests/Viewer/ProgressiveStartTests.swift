import Foundation
import Logging
import Testing
@testable import App
import Photos
import Screen
import Waterfall
@testable import TestSupport

/// A start with the photo index: the last wall on screen at once, then the walk's differences
/// as one edit that leaves the tile the user looks at where it is.
@Suite("progressive start from the photo index", .serialized)
@MainActor
struct ProgressiveStartTests {
    init() { setenv("SDL_VIDEODRIVER", "dummy", 1) }

    private func outcomes(of scan: LibraryScan) throws -> [LibraryScan.Outcome] {
        var taken: [LibraryScan.Outcome] = []
        try waitUntil("the scan to finish", every: .milliseconds(10)) {
            while let outcome = scan.take() { taken.append(outcome) }
            return scan.isFinished && !taken.isEmpty
        }
        while let outcome = scan.take() { taken.append(outcome) }
        return taken
    }

    @Test("the second start shows the indexed wall first, then only the differences")
    func indexedWallThenEdit() throws {
        let library = try ColourLibrary(count: 12)
        let cache = try PhotoFolder()
        let index = PhotoPath(cache.path).appending(Array("cascade/library.sqlite3".utf8))
        let paths = [PhotoPath(library.folder.path)]
        let log = Logger(label: "cascade.tests")

        let first = try outcomes(of: LibraryScan(paths: paths, order: .name, reversed: false, index: index, log: log) {})
        try #require(first.count == 1)
        guard case let .scanned(scanned, _, _, edit) = first[0] else { Issue.record("no scan: \(first)"); return }
        #expect(edit == nil, "no index yet, so nothing was shown to edit")
        #expect(scanned == library.entries)

        // Between the starts: one photo goes, one arrives.
        try FileManager.default.removeItem(atPath: library.folder.path + "/p03.png")
        try FileManager.default.copyItem(atPath: library.folder.path + "/p05.png", toPath: library.folder.path + "/p05b.png")
        let fresh = try PhotoScanner().scan(paths).entries

        let second = try outcomes(of: LibraryScan(paths: paths, order: .name, reversed: false, index: index, log: log) {})
        try #require(second.count == 2)
        guard case .indexed(let shown) = second[0], case let .scanned(entries, _, _, change?) = second[1] else {
            Issue.record("not indexed, then scanned with an edit: \(second)"); return
        }
        #expect(shown == library.entries, "the first frame shows the wall as the last scan left it")
        #expect(entries == fresh)
        #expect(change.removed == [3])
        #expect(change.inserted == [fresh.firstIndex { $0.relative.string == "p05b.png" }!])
        #expect(change.changed.isEmpty)
        #expect(change.applied(to: shown) == fresh)
    }

    @Test("the walk's differences leave the tile at the top of the screen where it is")
    func editKeepsTheViewportAnchored() throws {
        let library = try ColourLibrary(count: 40)
        let window = try Window(title: "cascade test", placement: .windowed(width: 400, height: 300))
        var options = ViewerOptions()
        options.style = WallStyle(columns: .fixed(3), margins: Margins(all: 8), captions: false)
        options.thumbnailCache = false
        options.photoIndex = false
        let session = ViewerSession(window: window, options: options, title: "cascade test", log: Logger(label: "cascade.tests"))
        session.finishScan(.indexed(library.entries))
        #expect(session.wall.entries == library.entries)
        let view = session.wall.view
        session.frame(at: 1000)
        view.scrollTo(offset: view.layout.frame(at: 24).minY - 20)
        session.frame(at: 1001)
        let anchor = library.entries[24].path
        let before = view.layout.frame(at: 24).minY - view.contentOffset

        // The walk found two photos gone near the top of the wall.
        var found = library.entries
        found.remove(at: 2)
        found.remove(at: 0)
        session.finishScan(.scanned(found, issues: [], live: nil, edit: LibraryEdit.between(library.entries, found)))
        session.frame(at: 1002)
        #expect(session.wall.entries == found)
        let index = try #require(found.firstIndex { $0.path == anchor })
        let after = view.layout.frame(at: index).minY - view.contentOffset
        #expect(abs(after - before) < 0.5, "the tile at the top moved from \(before) to \(after)")
    }

    @Test func editBetweenWallsRebuildsTheNewWall() {
        func entry(_ name: String, size: Int = 10) -> PhotoEntry {
            PhotoEntry(path: PhotoPath("/p/" + name), relative: PhotoPath(name), group: 0,
                       mtime: FileTime(seconds: 1, nanoseconds: 0), fileSize: size, fileID: FileID(device: 1, inode: 1))
        }
        let old = ["a", "b", "c", "d", "e"].map { entry($0) }
        let new = [entry("a"), entry("c", size: 11), entry("d"), entry("f"), entry("e")]
        let edit = LibraryEdit.between(old, new)
        #expect(edit.removed == [1])
        #expect(edit.inserted == [3])
        #expect(edit.changed == [1])
        #expect(edit.applied(to: old) == new)
        #expect(LibraryEdit.between(new, new).isEmpty)
    }
}

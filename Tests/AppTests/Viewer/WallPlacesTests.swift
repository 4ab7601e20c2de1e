// The file the walls' places live in and who keeps one: a desktop window, never a kiosk, a
// photo frame or a systemd service.

import Foundation
import Photos
import Testing
import Waterfall
@testable import App
@testable import TestSupport

@Suite("the walls' places on disk")
struct WallPlacesTests {
    @Test("only a desktop window remembers: not with --no-remember, a kiosk, a photo frame or under systemd")
    func whoRemembers() {
        var options = ViewerOptions(paths: [])
        #expect(options.remembersPlaces(underSystemd: false))
        #expect(!options.remembersPlaces(underSystemd: true))
        options.kiosk = true
        #expect(!options.remembersPlaces(underSystemd: false))
        options.kiosk = false
        options.slideshow.atStart = true
        #expect(!options.remembersPlaces(underSystemd: false))
        options.slideshow.atStart = false
        options.remember = false
        #expect(!options.remembersPlaces(underSystemd: false))
    }

    @Test("the file is $XDG_STATE_HOME/cascade/places.json, else under ~/.local/state; a relative XDG_STATE_HOME is ignored")
    func standardPath() {
        #expect(PlacesFile.standardPath(environment: ["XDG_STATE_HOME": "/s", "HOME": "/h"]) == "/s/cascade/places.json")
        #expect(PlacesFile.standardPath(environment: ["XDG_STATE_HOME": "rel", "HOME": "/h"]) == "/h/.local/state/cascade/places.json")
        #expect(PlacesFile.standardPath(environment: [:]) == nil)
    }

    @Test("written and read back; no file is no places and no warning")
    func roundTrip() throws {
        let folder = TemporaryFolder("cascade-places")
        let log = LogRecorder()
        let file = PlacesFile(path: folder.path + "/state/cascade/places.json")
        #expect(file.read(log: log.logger) == RememberedWalls())
        var walls = RememberedWalls()
        walls.remember(WallPlace(cursor: "/p/a.jpg", top: "/p/b.jpg", topScreenY: 12.5, topFraction: 0, columns: 4), of: "/p")
        #expect(file.write(walls, log: log.logger))
        #expect(file.read(log: log.logger) == walls)
        #expect(log.messages(at: .warning).isEmpty)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path + "/state/cascade")
        #expect(leftovers == ["places.json"], "no temporary file is left: \(leftovers)")
    }

    @Test("a corrupt file or one over the size cap is one warning and no places")
    func corruptOrTooLarge() throws {
        let folder = TemporaryFolder("cascade-places")
        let log = LogRecorder()
        let file = PlacesFile(path: try folder.file("places.json", "{\"folders\": 3"))
        #expect(file.read(log: log.logger) == RememberedWalls())
        #expect(log.messages(at: .warning).count == 1)
        let big = PlacesFile(path: try folder.file("big.json", String(repeating: " ", count: PlacesFile.sizeCap + 1)))
        #expect(big.read(log: log.logger) == RememberedWalls())
        #expect(log.messages(at: .warning).count == 2 && log.messages(at: .warning)[1].contains("larger than"))
    }

    @Test("a write that cannot be done is one warning, not a throw")
    func unwritable() throws {
        let folder = TemporaryFolder("cascade-places")
        let log = LogRecorder()
        try folder.file("state", "a file where the folder should be")
        let file = PlacesFile(path: folder.path + "/state/cascade/places.json")
        #expect(!file.write(RememberedWalls(), log: log.logger))
        #expect(log.messages(at: .warning).count == 1)
    }

    @Test("a wall is remembered by its one folder's absolute, cleaned path; not files, several folders or the samples")
    @MainActor
    func keys() throws {
        let folder = TemporaryFolder("cascade-places")
        try folder.file("sub/a.jpg", "x")
        #expect(WallPlaces.key([PhotoPath(folder.path + "/sub/../sub/")]) == folder.path + "/sub")
        #expect(WallPlaces.key([PhotoPath(folder.path + "/sub/a.jpg")]) == nil)
        #expect(WallPlaces.key([PhotoPath(folder.path), PhotoPath(folder.path + "/sub")]) == nil)
        #expect(WallPlaces.key(.samples(PhotoPath(folder.path))) == nil)
        #expect(WallPlaces.key(.photo(PhotoPath(folder.path + "/sub/a.jpg"), folder: PhotoPath(folder.path + "/sub"))) == folder.path + "/sub")
    }

    @Test("a place not yet put back is kept when the folder is left: it was not browsed")
    @MainActor
    func pendingKept() throws {
        let folder = TemporaryFolder("cascade-places")
        let log = LogRecorder()
        let file = PlacesFile(path: folder.path + "/places.json")
        var walls = RememberedWalls()
        walls.remember(WallPlace(cursor: "/p/z.jpg"), of: "/p")
        file.write(walls, log: log.logger)
        let places = WallPlaces(file: file, log: log.logger)
        places.shows("/p", restoring: true)
        #expect(places.pending?.cursor == "/p/z.jpg")
        places.leave(at: WallPlace())
        #expect(places.walls.place(of: "/p")?.cursor == "/p/z.jpg")
        places.pending = nil
        places.leave(at: WallPlace(cursor: "/p/a.jpg"))
        #expect(places.walls.place(of: "/p")?.cursor == "/p/a.jpg")
    }
}

@Suite("two windows saving their places at once")
struct SharedPlacesTests {
    private func place(_ name: String) -> WallPlace {
        WallPlace(cursor: "/\(name)/a.jpg", top: "/\(name)/b.jpg", topScreenY: 4, topFraction: 0, columns: 3)
    }

    @Test("two windows that read the file before either saved both keep their folder's place")
    @MainActor
    func twoWindows() throws {
        let folder = TemporaryFolder("cascade-places")
        let log = LogRecorder()
        let file = PlacesFile(path: folder.path + "/places.json")
        var earlier = RememberedWalls()
        earlier.remember(place("old"), of: "/old")
        #expect(file.write(earlier, log: log.logger))
        // Both open before either closes: each read the file with /old alone.
        let first = WallPlaces(file: file, log: log.logger), second = WallPlaces(file: file, log: log.logger)
        first.shows("/first", restoring: true)
        second.shows("/second", restoring: true)
        first.leave(at: place("first"))
        second.leave(at: place("second"))
        first.save()
        second.save()
        let saved = file.read(log: log.logger)
        #expect(saved.place(of: "/first") == place("first"), "the first window's place survived the second's save")
        #expect(saved.place(of: "/second") == place("second"))
        #expect(saved.place(of: "/old") == place("old"))
        #expect(saved.lastFolder == "/second", "the window closed last is the one opened next")
        #expect(log.messages(at: .warning).isEmpty)
    }

    @Test("eight writers at once, each under the lock: every folder's place is in the file")
    func concurrentWriters() throws {
        let folder = TemporaryFolder("cascade-places")
        let path = folder.path + "/places.json"
        let place = place("w")
        // Threads of their own: each blocks on the lock while another holds it.
        DispatchQueue.concurrentPerform(iterations: 8) { writer in
            let file = PlacesFile(path: path)
            for round in 0..<5 {
                file.update(log: LogRecorder().logger) { $0.remember(place, of: "/w\(writer)-\(round)") }
            }
        }
        let saved = PlacesFile(path: path).read(log: LogRecorder().logger)
        let names = Set(saved.folders.map(\.folder))
        #expect(names == Set((0..<8).flatMap { writer in (0..<5).map { "/w\(writer)-\($0)" } }), "lost: \(40 - names.count)")
    }
}

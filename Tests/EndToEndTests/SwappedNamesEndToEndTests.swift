// Two photos of the same byte size and the same modification time (an importer that sets the
// capture second) swap names with three renames. Every cache cascade keeps — the photo index's
// headers, the shared thumbnail cache — still names each file's picture by the other's name,
// with a matching time and size; the wall must show each file's own picture and shape anyway:
// in a render, after a new start, and after a reload of a running viewer.

import Foundation
import Testing
@testable import App
#if canImport(Glibc)
import Glibc
#endif
@testable import TestSupport

@Suite("Photos that swap names, end to end", .serialized)
struct SwappedNamesEndToEndTests {
    /// a.bmp is red and wide, b.bmp blue and tall; the same number of bytes, the same second.
    final class Library {
        let folder: PhotoFolder
        let cacheHome = NSTemporaryDirectory() + "cascade-swap-cache-" + UUID().uuidString
        var a: String { folder.path + "/a.bmp" }
        var b: String { folder.path + "/b.bmp" }
        static let red = (r: 255, g: 0, b: 0), blue = (r: 0, g: 0, b: 255)

        init() throws {
            folder = try PhotoFolder()
            try magick(["-size", "320x240", "xc:red", "BMP3:" + a])
            try magick(["-size", "240x320", "xc:blue", "BMP3:" + b])
            var times = [timespec(tv_sec: 1_600_000_000, tv_nsec: 0), timespec(tv_sec: 1_600_000_000, tv_nsec: 0)]
            for file in [a, b] { try #require(utimensat(AT_FDCWD, file, &times, 0) == 0) }
            let sizes = try [a, b].map { try FileManager.default.attributesOfItem(atPath: $0)[.size] as? Int }
            try #require(sizes[0] == sizes[1], "the two photos must be the same size: \(sizes)")
        }

        deinit { try? FileManager.default.removeItem(atPath: cacheHome) }

        /// `mv a t; mv b a; mv t b`: each file keeps its inode, size and time under the other's name.
        func swap() throws {
            let between = folder.path + "/t.tmp"
            for (from, to) in [(a, between), (b, a), (between, b)] { try #require(rename(from, to) == 0) }
        }

        /// Headers saved in the photo index (a viewer saves it just after its scan).
        func indexedRows() -> Int {
            let count = Process()
            count.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            count.arguments = ["python3", "-c", "import sqlite3,sys\ntry: print(sqlite3.connect(sys.argv[1]).execute("
                               + "'SELECT count(*) FROM entry WHERE width IS NOT NULL').fetchone()[0])\nexcept Exception: print(0)",
                               cacheHome + "/cascade/library.sqlite3"]
            let out = Pipe()
            count.standardOutput = out
            guard (try? count.run()) != nil else { return 0 }
            count.waitUntilExit()
            return Int(String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                .trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
        }
    }

    /// A viewer on the library's folder, with a control socket and its events on stdout.
    final class Viewer {
        let server: XServer
        let child: ChildProcess
        let control: ControlConnection
        let window: String
        let socket = NSTemporaryDirectory() + "cascade-swap-" + UUID().uuidString.prefix(8) + ".sock"

        init(_ library: Library) async throws {
            server = try await XServer()
            let child = try ChildProcess(cascadeBinary, [
                library.folder.path, "--geometry", "800x600", "--columns", "2", "--margin", "10", "--no-captions",
                "--control", socket, "--events", "stdout",
            ], environment: ["DISPLAY": server.display.name, "SDL_VIDEODRIVER": "x11", "XDG_CACHE_HOME": library.cacheHome])
            self.child = child
            do {
                try await Self.scanned(child)
                control = try await ControlConnection(socket)
                window = try await server.display.waitForWindow(class: "cascade")
            } catch {
                throw HarnessError("\(error)\ncascade's stderr:\n\(child.errorOutput)")
            }
        }

        deinit {
            child.stop()
            server.stop()
            unlink(socket)
        }

        /// Waits for the next `scanned` event: the walk has checked the wall.
        func scanned() async throws { try await Self.scanned(child) }

        private static func scanned(_ child: ChildProcess) async throws {
            while true {
                guard let line = try await child.lines.nextLine(within: longestWait, waitingFor: "a \"scanned\" event") else {
                    throw HarnessError("cascade's stdout ended before a \"scanned\" event; stderr:\n\(child.errorOutput)")
                }
                if line.contains("\"event\":\"scanned\"") || line.contains("\"event\": \"scanned\"") { return }
            }
        }

        /// Each visible photo's rect on screen, by path.
        func tiles() async throws -> [String: (x: Double, y: Double, w: Double, h: Double)] {
            guard let state = try await control.data(["get-state"]) as? [String: Any],
                  let visible = state["visible"] as? [[String: Any]] else { throw HarnessError("get-state has no tiles") }
            var tiles: [String: (x: Double, y: Double, w: Double, h: Double)] = [:]
            for tile in visible {
                guard let path = tile["path"] as? String, let screen = tile["screen"] as? [String: Any],
                      let x = (screen["x"] as? NSNumber)?.doubleValue, let y = (screen["y"] as? NSNumber)?.doubleValue,
                      let w = (screen["w"] as? NSNumber)?.doubleValue, let h = (screen["h"] as? NSNumber)?.doubleValue
                else { continue }
                tiles[path] = (x, y, w, h)
            }
            return tiles
        }

        /// Whether `path`'s tile is as tall as wide `ratio` (height over width) says, and shows `colour` at its centre.
        func shows(_ path: String, ratio: Double, colour: (r: Int, g: Int, b: Int)) async throws -> String? {
            let frame = try await server.display.waitUntilStill(window)
            guard let tile = try await tiles()[path] else { return "\(path) is not on screen" }
            let centre = frame.pixel(Int(tile.x + tile.w / 2), Int(tile.y + tile.h / 2))
            guard abs(tile.h / tile.w - ratio) < 0.02, close(centre, colour, tolerance: 40) else {
                return "\(path): \(tile.w)×\(tile.h) showing \(centre), not ratio \(ratio) in \(colour)"
            }
            return nil
        }
    }

    @Test("after a swap, a render and a new start show each file's own picture, not its old name's")
    func newStart() async throws {
        let library = try Library()
        do {
            let viewer = try await Viewer(library)
            // The first start leaves both caches filled: the index's headers and the tiles' thumbnails.
            #expect(try await viewer.shows(library.a, ratio: 0.75, colour: Library.red) == nil)
            #expect(try await viewer.shows(library.b, ratio: 4.0 / 3, colour: Library.blue) == nil)
            #expect(try await eventually(within: .seconds(30)) { library.indexedRows() == 2 }, "the viewer saved no photo index")
        }
        try library.swap()

        let manifestFile = NSTemporaryDirectory() + "cascade-swap-manifest-" + UUID().uuidString + ".json"
        let pictureFile = NSTemporaryDirectory() + "cascade-swap-wall-" + UUID().uuidString + ".png"
        defer {
            unlink(manifestFile)
            unlink(pictureFile)
        }
        let render = try await runTool(cascadeBinary, [
            "render", library.folder.path, "--width", "600", "--columns", "2", "--margin", "10", "--no-captions",
            "--out", pictureFile, "--manifest", manifestFile,
        ], environment: ["XDG_CACHE_HOME": library.cacheHome])
        try #require(render.status == .exited(0))
        let manifest = try JSONDecoder().decode(WallManifest.self, from: Data(contentsOf: URL(fileURLWithPath: manifestFile)))
        let picture = try loadPNG(pictureFile)
        for (path, size, colour) in [(library.a, [240, 320], Library.blue), (library.b, [320, 240], Library.red)] {
            let tile = try #require(manifest.tiles.first { $0.path == path })
            #expect(tile.size.map { [$0.w, $0.h] } == size, "\(path) in the render")
            let centre = picture.rgb(Int(tile.rect.x + tile.rect.w / 2), Int(tile.rect.y + tile.rect.h / 2))
            #expect(close(centre, colour, tolerance: 40), "\(path) renders as \(centre), not \(colour)")
        }

        let viewer = try await Viewer(library)
        #expect(try await viewer.shows(library.a, ratio: 4.0 / 3, colour: Library.blue) == nil)
        #expect(try await viewer.shows(library.b, ratio: 0.75, colour: Library.red) == nil)
    }

    @Test("a swap while the viewer runs is still right after reload, whatever the index saved before it")
    func reload() async throws {
        let library = try Library()
        let viewer = try await Viewer(library)
        #expect(try await viewer.shows(library.a, ratio: 0.75, colour: Library.red) == nil)
        #expect(try await eventually(within: .seconds(30)) { library.indexedRows() == 2 }, "the viewer saved no photo index")

        try library.swap()
        // The folder watcher sees the renames; the wall follows them.
        try await waitUntil("the wall to follow the swap; stderr:\n\(viewer.child.errorOutput)", every: .milliseconds(50)) {
            try await viewer.tiles()[library.a].map({ $0.h > $0.w }) == true
        }

        _ = try await viewer.control.data(["reload"])
        try await viewer.scanned()
        #expect(try await viewer.shows(library.a, ratio: 4.0 / 3, colour: Library.blue) == nil)
        #expect(try await viewer.shows(library.b, ratio: 0.75, colour: Library.red) == nil)
    }
}

// A desktop window remembers where each folder's wall was left, through the real binary: the
// cursor's photo and the scroll come back at the next start (by photo, not index: a photo added
// meanwhile, a window of another size), `cascade` with no folder opens the last one, and a
// corrupt or unwritable state file costs a warning, never the viewer.

import Foundation
import Testing
@testable import App
#if canImport(Glibc)
import Glibc
#endif
@testable import TestSupport

/// A folder of 40 photos of two shapes, named photo-01.jpg… in wall order, and the homes cascade
/// keeps its cache and its state in.
private final class RememberStage {
    let folder: PhotoFolder
    let home: TemporaryFolder
    var state: String { home.path + "/state" }
    var placesFile: String { state + "/cascade/places.json" }

    init(count: Int = 40) throws {
        folder = try PhotoFolder()
        home = TemporaryFolder("cascade-remember")
        let colours = PhotoColour.palette(count)
        for (i, colour) in colours.enumerated() {
            try folder.photo(String(format: "photo-%02d.jpg", i + 1), width: i % 3 == 0 ? 300 : 400, height: 300, colour: colour.hex)
        }
    }

    var environment: [String: String] {
        ["XDG_CACHE_HOME": home.path + "/cache", "XDG_STATE_HOME": state, "HOME": home.path,
         "XDG_PICTURES_DIR": home.path + "/no-pictures", "XDG_RUNTIME_DIR": home.path, "XDG_CONFIG_HOME": home.path + "/config"]
    }
}

/// One cascade window; its state asked on its socket.
private final class RememberingViewer {
    let child: ChildProcess
    let display: XDisplay
    let socket: String
    let window: String

    init(_ arguments: [String], stage: RememberStage, display: XDisplay, size: String = "800x600") async throws {
        self.display = display
        socket = NSTemporaryDirectory() + "cascade-remember-" + UUID().uuidString + ".sock"
        child = try ChildProcess(cascadeBinary, arguments + ["--geometry", size, "--events", "stdout", "--control", socket, "--no-captions"],
                                 environment: stage.environment.merging(["DISPLAY": display.name, "SDL_VIDEODRIVER": "x11"]) { $1 })
        window = try await display.focusedWindow(of: child)
    }

    deinit {
        child.stop()
        try? FileManager.default.removeItem(atPath: socket)
    }

    struct State: Decodable {
        let count: Int
        let mode: String
        let columns: Int
        let offset: Double
        let cursor: Int?
        let moving: Bool
        let visible: [Visible]
        struct Visible: Decodable {
            let index: Int
            let path: String
            let screen: Rect
        }
        struct Rect: Decodable { let x, y, w, h: Double }

        /// The photo a reader's eye is on: the lowest-index tile whose top is on screen.
        var anchor: Visible? { visible.filter { $0.screen.y >= 0 }.min { $0.index < $1.index } }
    }

    func state() async throws -> State {
        try await controlState(socket, as: State.self, stderr: child.errorOutput)
    }

    /// Polls get-state until `condition` holds; the last state when it never does.
    @discardableResult
    func waitForState(_ condition: (State) -> Bool) async throws -> State {
        try await waitForControlState(socket, as: State.self, stderr: child.errorOutput, until: condition)
    }

    /// Waits for the scan's end (the `scanned` event) and for the wall to stand still.
    func scannedAndStill() async throws -> State {
        let deadline = Deadline(longestWait)
        while true {
            guard let line = try await child.lines.nextLine(within: max(deadline.end - .now, .zero), waitingFor: "the scanned event") else {
                throw HarnessError("cascade's stdout ended before the scan did; stderr:\n\(child.errorOutput)")
            }
            if line.contains("\"scanned\"") { break }
        }
        return try await waitForState { !$0.moving }
    }

    func key(_ name: String) async throws {
        try await display.xdotool(["key", "--clearmodifiers", name])
    }

    func quit() async throws -> Termination {
        try await key("q")
        return try await child.waitForExit(within: longestWait)
    }
}

@Suite("a desktop window remembers where each folder's wall was left", .serialized)
struct RememberEndToEndTests {
    @Test("the cursor's photo and the scroll come back at the next start, by photo: one added before them, another window size")
    func reopensWhereLeft() async throws {
        let server = try await XServer()
        defer { server.stop() }
        let stage = try RememberStage()
        let first = try await RememberingViewer([stage.folder.path], stage: stage, display: server.display)
        _ = try await first.scannedAndStill()
        // The cursor some rows down (the wall glides after it), then the wheel a little further;
        // short of the wall's end, where a taller or wider window could not scroll as far.
        for _ in 0..<4 { try await first.key("Down") }
        try await first.key("Right")
        let moved = try await first.waitForState { $0.cursor != nil && !$0.moving }
        try await server.display.xdotool(["mousemove", "--window", first.window, "400", "300", "click", "5"])
        let left = try await first.waitForState { !$0.moving && $0.offset != moved.offset }
        let cursor = try #require(left.cursor)
        #expect(left.offset > 200, "the wall was scrolled: \(left.offset)")
        let anchor = try #require(left.anchor)
        let cursorPath = stage.folder.path + String(format: "/photo-%02d.jpg", cursor + 1)
        #expect(try await first.quit() == .exited(0), "stderr: \(first.child.errorOutput)")
        #expect(FileManager.default.fileExists(atPath: stage.placesFile), "stderr: \(first.child.errorOutput)")

        // A photo sorted first arrives while cascade is closed: every index moves on by one.
        try stage.folder.photo("photo-00.jpg", width: 400, height: 300, colour: "#808080")
        let second = try await RememberingViewer([stage.folder.path], stage: stage, display: server.display, size: "1100x700")
        _ = try await second.scannedAndStill()
        let back = try await second.waitForState { $0.cursor != nil && !$0.moving }
        #expect(back.count == 41)
        #expect(back.cursor == cursor + 1, "the cursor is on the same photo, \(cursorPath): \(String(describing: back.cursor)); stderr: \(second.child.errorOutput)")
        let again = back.visible.first { $0.path == anchor.path }
        #expect(again != nil, "the photo at the top, \(anchor.path), is in view: \(back.visible.map(\.path))")
        if let again {
            let remembered = (try? String(contentsOfFile: stage.placesFile, encoding: .utf8)) ?? ""
            #expect(abs(again.screen.y - anchor.screen.y) < 1,
                    "\(anchor.path) where it was on screen: \(again.screen.y), was \(anchor.screen.y); remembered: \(remembered); offset \(back.offset); stderr: \(second.child.errorOutput)")
        }
        #expect(back.columns == 4 && back.offset > 200, "the wider window lays out its own columns, scrolled: \(back.columns), \(back.offset)")
        #expect(try await second.quit() == .exited(0))
    }

    @Test("+/- columns are remembered for the folder")
    func columnsRemembered() async throws {
        let server = try await XServer()
        defer { server.stop() }
        let stage = try RememberStage(count: 12)
        let first = try await RememberingViewer([stage.folder.path], stage: stage, display: server.display)
        let shown = try await first.scannedAndStill()
        try await first.key("minus")
        _ = try await first.waitForState { $0.columns == shown.columns + 1 }
        #expect(try await first.quit() == .exited(0))
        let second = try await RememberingViewer([stage.folder.path], stage: stage, display: server.display)
        _ = try await second.scannedAndStill()
        #expect(try await second.waitForState { $0.columns == shown.columns + 1 }.columns == shown.columns + 1)
        #expect(try await second.quit() == .exited(0))
    }

    @Test("cascade with no folder named opens the last one browsed; a folder named wins")
    func noArgumentOpensTheLastFolder() async throws {
        let server = try await XServer()
        defer { server.stop() }
        let stage = try RememberStage(count: 6)
        let first = try await RememberingViewer([stage.folder.path], stage: stage, display: server.display)
        _ = try await first.scannedAndStill()
        #expect(try await first.quit() == .exited(0))

        let again = try await RememberingViewer([], stage: stage, display: server.display)
        let wall = try await again.scannedAndStill()
        #expect(wall.count == 6 && wall.visible.allSatisfy { $0.path.hasPrefix(stage.folder.path + "/") },
                "the last folder's wall: \(wall.visible.map(\.path)); stderr: \(again.child.errorOutput)")
        #expect(try await again.quit() == .exited(0))

        let other = try PhotoFolder()
        try other.photo("other.jpg", width: 300, height: 300, colour: "#123456")
        let named = try await RememberingViewer([other.path], stage: stage, display: server.display)
        let otherWall = try await named.scannedAndStill()
        #expect(otherWall.count == 1 && otherWall.visible.first?.path == other.path + "/other.jpg")
        #expect(try await named.quit() == .exited(0))
    }

    @Test("a corrupt state file is one warning and is written anew; an unwritable one is one warning and a normal exit")
    func corruptAndUnwritable() async throws {
        let server = try await XServer()
        defer { server.stop() }
        let stage = try RememberStage(count: 6)
        try FileManager.default.createDirectory(atPath: stage.state + "/cascade", withIntermediateDirectories: true)
        try Data("{\"folders\": [oops".utf8).write(to: URL(fileURLWithPath: stage.placesFile))
        let viewer = try await RememberingViewer([stage.folder.path], stage: stage, display: server.display)
        _ = try await viewer.scannedAndStill()
        try await viewer.key("Right")
        _ = try await viewer.waitForState { $0.cursor == 0 }
        #expect(try await viewer.quit() == .exited(0))
        let warnings = viewer.child.errorOutput.components(separatedBy: "\n").filter { $0.contains("places.json") }
        #expect(warnings.count == 1 && warnings[0].contains("cannot be read"), "\(viewer.child.errorOutput)")
        let written = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: stage.placesFile))) as? [String: Any]
        #expect((written?["lastFolder"] as? String) == stage.folder.path, "\(String(describing: written))")

        // The state folder is a file: nothing can be written there.
        try FileManager.default.removeItem(atPath: stage.state)
        try Data("in the way".utf8).write(to: URL(fileURLWithPath: stage.state))
        let blocked = try await RememberingViewer([stage.folder.path], stage: stage, display: server.display)
        _ = try await blocked.scannedAndStill()
        #expect(try await blocked.quit() == .exited(0), "stderr: \(blocked.child.errorOutput)")
        let unsaved = blocked.child.errorOutput.components(separatedBy: "\n").filter { $0.contains("not saved") }
        #expect(unsaved.count == 1, "\(blocked.child.errorOutput)")
    }

    @Test("a photo named alone opens over its folder's wall without the folder's place put back over it")
    func namedPhotoWins() async throws {
        let server = try await XServer()
        defer { server.stop() }
        let stage = try RememberStage()
        let first = try await RememberingViewer([stage.folder.path], stage: stage, display: server.display)
        _ = try await first.scannedAndStill()
        try await first.key("Right")
        _ = try await first.waitForState { $0.cursor == 0 }
        #expect(try await first.quit() == .exited(0))

        let photo = try await RememberingViewer([stage.folder.path + "/photo-30.jpg"], stage: stage, display: server.display)
        // With a photo open the wall is not drawn, so no `scanned` event: the folder's 40 photos are the scan's end.
        let open = try await photo.waitForState { $0.count == 40 && $0.mode == "detail" && $0.cursor == 29 }
        #expect(open.mode == "detail" && open.cursor == 29, "the photo named is open: \(open.mode), \(String(describing: open.cursor))")
        try await photo.key("Escape")
        let wall = try await photo.waitForState { $0.mode == "wall" && !$0.moving }
        #expect(wall.cursor == 29 && wall.visible.contains { $0.index == 29 }, "the wall shows the photo named, not the place remembered: \(String(describing: wall.cursor))")
        #expect(try await photo.quit() == .exited(0))
    }

    @Test("a reload that shows another folder remembers the one left, and puts it back when it is shown again")
    func reloadToAnotherFolder() async throws {
        let server = try await XServer()
        defer { server.stop() }
        let stage = try RememberStage(count: 12)
        let other = try PhotoFolder()
        try other.photo("other.jpg", width: 300, height: 300, colour: "#123456")
        let config = stage.home.path + "/config/cascade/config.toml"
        try FileManager.default.createDirectory(atPath: stage.home.path + "/config/cascade", withIntermediateDirectories: true)
        func show(_ folder: String) throws { try Data("paths = [\"\(folder)\"]\n".utf8).write(to: URL(fileURLWithPath: config)) }
        try show(stage.folder.path)
        let viewer = try await RememberingViewer([], stage: stage, display: server.display)
        _ = try await viewer.scannedAndStill()
        for _ in 0..<3 { try await viewer.key("Right") }
        _ = try await viewer.waitForState { $0.cursor == 2 }

        try show(other.path)
        kill(viewer.child.pid, SIGHUP)
        let elsewhere = try await viewer.waitForState { $0.count == 1 }
        #expect(elsewhere.count == 1, "the other folder is shown: \(elsewhere.count); stderr: \(viewer.child.errorOutput)")
        let written = try String(contentsOfFile: stage.placesFile, encoding: .utf8)
        #expect(written.contains("photo-03.jpg"), "the folder left is written at once: \(written)")

        try show(stage.folder.path)
        kill(viewer.child.pid, SIGHUP)
        let back = try await viewer.waitForState { $0.count == 12 && $0.cursor == 2 }
        #expect(back.count == 12 && back.cursor == 2, "the cursor is back on photo-03: \(String(describing: back.cursor)); stderr: \(viewer.child.errorOutput)")
        #expect(try await viewer.quit() == .exited(0))
    }

    @Test("a kiosk and a photo frame neither read nor write the places")
    func kioskAndFrameForget() async throws {
        let server = try await XServer()
        defer { server.stop() }
        let stage = try RememberStage(count: 6)
        for mode in [["--kiosk"], ["--slideshow"]] {
            let viewer = try await RememberingViewer([stage.folder.path] + mode, stage: stage, display: server.display)
            _ = try await viewer.waitForState { $0.count == 6 }
            kill(viewer.child.pid, SIGTERM)
            #expect(try await viewer.child.waitForExit(within: longestWait) == .exited(0))
            #expect(!FileManager.default.fileExists(atPath: stage.placesFile), "\(mode) wrote \(stage.placesFile)")
        }
        // A last folder remembered by a desktop window is not what a kiosk with no folder shows.
        let desktop = try await RememberingViewer([stage.folder.path], stage: stage, display: server.display)
        _ = try await desktop.scannedAndStill()
        #expect(try await desktop.quit() == .exited(0))
        let kiosk = try await RememberingViewer(["--kiosk"], stage: stage, display: server.display)
        let shown = try await kiosk.waitForState { $0.count > 0 }
        #expect(shown.count != 6 && !shown.visible.contains { $0.path.hasPrefix(stage.folder.path + "/") },
                "the kiosk shows the samples, not the desktop's last folder: \(shown.visible.map(\.path))")
        kill(kiosk.child.pid, SIGTERM)
        #expect(try await kiosk.child.waitForExit(within: longestWait) == .exited(0))
    }

    @Test("--no-remember neither reads nor writes the places")
    func noRemember() async throws {
        let server = try await XServer()
        defer { server.stop() }
        let stage = try RememberStage(count: 6)
        let viewer = try await RememberingViewer([stage.folder.path, "--no-remember"], stage: stage, display: server.display)
        _ = try await viewer.scannedAndStill()
        try await viewer.key("Right")
        _ = try await viewer.waitForState { $0.cursor == 0 }
        #expect(try await viewer.quit() == .exited(0))
        #expect(!FileManager.default.fileExists(atPath: stage.placesFile))
    }
}

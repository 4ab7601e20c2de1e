// cascade as the desktop's image viewer, through the real binary: a file manager's "Open with"
// (`cascade photo.jpg`: the photo among its folder's), several files, the window title as a
// window manager reads it (xprop, under openbox), full screen without a window manager,
// `--version`, and `script/install` into a prefix.

import Foundation
import Testing
@testable import App
import Photos
#if canImport(Glibc)
import Glibc
#endif
@testable import TestSupport

/// A folder of photos of distinct colours, named photo-01.jpg… in wall order.
private struct ColouredFolder {
    let folder: PhotoFolder
    let colours: [PhotoColour]
    var path: String { folder.path }

    /// `landscape`: every photo wider than tall; else landscapes and squares by turns.
    init(count: Int, landscape: Bool = false) throws {
        folder = try PhotoFolder()
        colours = PhotoColour.palette(count)
        for (i, colour) in colours.enumerated() {
            try folder.photo(name(i), width: i % 2 == 0 || landscape ? 400 : 300, height: 300, colour: colour.hex)
        }
    }

    func name(_ i: Int) -> String { String(format: "photo-%02d.jpg", i + 1) }
    func file(_ i: Int) -> String { path + "/" + name(i) }
}

/// One cascade window on a display, its events read from stdout, its state asked on its socket.
private final class DesktopViewer {
    let child: ChildProcess
    let display: XDisplay
    let socket: String
    let window: String
    private(set) var events: [EventLine] = []

    /// `launcher`: a command that runs cascade, its arguments following (`ByteName.launcher`).
    init(_ arguments: [String], display: XDisplay, cacheHome: String, launcher: [String] = []) async throws {
        self.display = display
        socket = NSTemporaryDirectory() + "cascade-desktop-" + UUID().uuidString + ".sock"
        let command = launcher + [cascadeBinary] + arguments + ["--events", "stdout", "--control", socket, "--no-captions"]
        child = try ChildProcess(command[0], Array(command.dropFirst()),
                                 environment: ["DISPLAY": display.name, "SDL_VIDEODRIVER": "x11", "XDG_CACHE_HOME": cacheHome])
        window = try await display.focusedWindow(of: child)
    }

    deinit {
        child.stop()
        try? FileManager.default.removeItem(atPath: socket)
    }

    func next(_ kind: String) async throws -> EventLine {
        try await readEvent(kind, from: child, into: &events)
    }

    func key(_ name: String) async throws {
        try await display.xdotool(["key", "--clearmodifiers", name])
    }

    struct State: Decodable {
        let count: Int
        let width: Double
        let height: Double
        let mode: String
        let selected: Int?
        let cursor: Int?
        let visible: [Visible]
        let slideshow: Slideshow?
        struct Visible: Decodable { let index: Int }
        struct Slideshow: Decodable {
            let shown: [Shown]
            struct Shown: Decodable { let index: Int? }
        }
        /// The wall's indices of the photos the slideshow shows; nil outside it.
        var slides: [Int?]? { slideshow?.shown.map(\.index) }
    }

    func state() async throws -> State {
        try await controlState(socket, as: State.self, stderr: child.errorOutput)
    }

    /// Polls get-state until `condition` holds; the last state when it never does.
    @discardableResult
    func waitForState(_ condition: (State) -> Bool) async throws -> State {
        try await waitForControlState(socket, as: State.self, stderr: child.errorOutput, until: condition)
    }

    /// The window's title property as `xprop` prints it, e.g. `_NET_WM_NAME(UTF8_STRING) = "…"`.
    func property(_ name: String) async throws -> String {
        let r = try await runTool("/usr/bin/xprop", ["-id", window, name], environment: display.environment.merging(["LC_ALL": "C.UTF-8"]) { $1 })
        return String(decoding: r.output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func waitForTitle(_ title: String) async throws -> String {
        var shown = ""
        _ = try await eventually(every: .milliseconds(100)) {
            shown = try await property("_NET_WM_NAME")
            return shown == "_NET_WM_NAME(UTF8_STRING) = \"\(title)\""
        }
        return shown
    }

    /// The colour in the middle of the window once it stopped changing.
    func centreColour() async throws -> (r: Int, g: Int, b: Int) {
        let frame = try await display.waitUntilStill(window, atLeast: .milliseconds(300))
        return frame.pixel(frame.width / 2, frame.height / 2)
    }
}

@Suite("cascade as the desktop's image viewer", .serialized)
struct DesktopViewerEndToEndTests {
    @Test("one file opens in the detail view among its folder's photos: next walks the folder, Esc shows its wall with the photo under the cursor")
    func oneFileOpensAmongItsFolder() async throws {
        let server = try await XServer()
        defer { server.stop() }
        // Far enough down its folder that the wall must scroll to show it.
        let photos = try ColouredFolder(count: 40)
        let cache = NSTemporaryDirectory() + "cascade-desktop-cache-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: cache) }
        let viewer = try await DesktopViewer([photos.file(29), "--geometry", "800x600"], display: server.display, cacheHome: cache)

        let opened = try await viewer.next("opened")
        #expect(opened.index == 29 && opened.path == photos.file(29), "the photo's place in its folder's wall: \(opened)")
        let open = try await viewer.state()
        #expect(open.mode == "detail" && open.count == 40 && open.selected == 29, "\(open)")
        #expect(try await viewer.waitForTitle("cascade — photo-30.jpg") == "_NET_WM_NAME(UTF8_STRING) = \"cascade — photo-30.jpg\"")
        #expect(close(try await viewer.centreColour(), photos.colours[29].rgb), "the detail view shows the photo named")

        try await viewer.key("Right")
        #expect(try await viewer.waitForTitle("cascade — photo-31.jpg") == "_NET_WM_NAME(UTF8_STRING) = \"cascade — photo-31.jpg\"")
        #expect(close(try await viewer.centreColour(), photos.colours[30].rgb), "next is the folder's next photo")
        #expect(try await viewer.state().selected == 30)

        try await viewer.key("Escape")
        let closed = try await viewer.next("closed")
        #expect(closed.index == 30, "\(closed)")
        let scanned = try await viewer.next("scanned")
        #expect(scanned.count == 40, "the folder's wall is on screen: \(scanned)")
        let wall = try await viewer.state()
        #expect(wall.mode == "wall" && wall.count == 40 && wall.selected == 30, "the cursor is on the photo last shown: \(wall)")
        #expect(wall.visible.contains { $0.index == 30 }, "the photo last shown is in view: \(wall.visible.map(\.index))")
        let folderName = URL(fileURLWithPath: photos.path).lastPathComponent
        #expect(try await viewer.waitForTitle("cascade — " + folderName) == "_NET_WM_NAME(UTF8_STRING) = \"cascade — \(folderName)\"")
    }

    @Test("one file opens among its own folder's photos, not its folder's tree: stepping and Esc's wall stay in that folder")
    func oneFileOpensAmongItsOwnFolderOnly() async throws {
        let server = try await XServer()
        defer { server.stop() }
        // lib/2019/{a,b}.jpg and a month below it, lib/2019/07/{c,d}.jpg.
        let library = try PhotoFolder()
        let year = library.path + "/2019", month = library.path + "/2019/07"
        try FileManager.default.createDirectory(atPath: month, withIntermediateDirectories: true)
        for (file, colour) in [(year + "/a.jpg", "#c03030"), (year + "/b.jpg", "#30c030"),
                               (month + "/c.jpg", "#3030c0"), (month + "/d.jpg", "#c0c030")] {
            try magick(["-size", "300x200", "xc:" + colour, file])
        }
        let cache = NSTemporaryDirectory() + "cascade-desktop-cache-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: cache) }
        let viewer = try await DesktopViewer([year + "/a.jpg", "--geometry", "800x600"], display: server.display, cacheHome: cache)

        let opened = try await viewer.next("opened")
        #expect(opened.path == year + "/a.jpg", "the photo named opens: \(opened)")
        // The photo opens alone; its folder's photos join it once read (`scanned` waits for the wall).
        let open = try await viewer.waitForState { $0.count > 1 }
        #expect(open.mode == "detail" && open.count == 2 && open.selected == 0, "the folder's own photos, not the month below it: \(open)")

        // Right, Right, Right: b, then the end of the folder — never c or d.
        for _ in 0..<3 {
            try await viewer.key("Right")
            let state = try await viewer.waitForState { $0.selected == 1 }
            #expect(state.count == 2 && state.selected == 1, "\(state)")
            #expect(try await viewer.waitForTitle("cascade — b.jpg") == "_NET_WM_NAME(UTF8_STRING) = \"cascade — b.jpg\"")
        }

        try await viewer.key("Escape")
        _ = try await viewer.next("closed")
        let scanned = try await viewer.next("scanned")
        #expect(scanned.count == 2, "\(scanned)")
        let wall = try await viewer.waitForState { $0.mode == "wall" }
        #expect(wall.count == 2 && wall.selected == 1, "the folder's wall, the cursor on the photo last shown: \(wall)")
        #expect(try await viewer.waitForTitle("cascade — 2019") == "_NET_WM_NAME(UTF8_STRING) = \"cascade — 2019\"")
    }

    @Test("S starts the slideshow on the cursor's photo, or the photo open, and goes on in the wall's order")
    func slideshowStartsOnThePhotoYouAreOn() async throws {
        let server = try await XServer()
        defer { server.stop() }
        // Landscapes all, so no portrait pulls a partner forward; three columns, one row of three.
        let photos = try ColouredFolder(count: 8, landscape: true)
        let cache = NSTemporaryDirectory() + "cascade-desktop-cache-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: cache) }
        let viewer = try await DesktopViewer([photos.path, "--geometry", "900x600", "--columns", "3",
                                              "--interval", "600", "--transition-ms", "0"],
                                             display: server.display, cacheHome: cache)
        _ = try await viewer.next("scanned")

        // The cursor to the third tile: the first arrow puts it on the first, two more go right.
        for _ in 0..<3 { try await viewer.key("Right") }
        let onThird = try await viewer.waitForState { $0.cursor == 2 }
        #expect(onThird.cursor == 2, "\(onThird)")
        try await viewer.key("S")
        let started = try await viewer.waitForState { $0.slides?.isEmpty == false }
        #expect(started.mode == "slideshow" && started.slides == [2], "the slideshow begins on the cursor's photo: \(started)")
        try await viewer.key("Right")
        let advanced = try await viewer.waitForState { $0.slides != [2] }
        #expect(advanced.slides == [3], "then the wall's next photo: \(advanced)")

        // From the photo open: Esc back to the wall (the cursor on the photo shown), Return opens
        // it, Right steps to the next, S goes on from there.
        try await viewer.key("Escape")
        #expect(try await viewer.waitForState { $0.mode == "wall" }.cursor == 3)
        try await viewer.key("Return")
        _ = try await viewer.next("opened")
        try await viewer.key("Right")
        #expect(try await viewer.waitForState { $0.selected == 4 }.mode == "detail")
        try await viewer.key("S")
        let fromPhoto = try await viewer.waitForState { $0.slides?.isEmpty == false }
        #expect(fromPhoto.slides == [4], "the slideshow begins on the photo open: \(fromPhoto)")
        try await viewer.key("Right")
        #expect(try await viewer.waitForState { $0.slides != [4] }.slides == [5])
    }

    @Test("a file whose name is not UTF-8 opens, as a file manager's Open with passes it")
    func fileNamedInBytesOpens() async throws {
        let server = try await XServer()
        defer { server.stop() }
        let photos = try ColouredFolder(count: 3)
        let name = try ByteName(renaming: photos.name(1), to: "photo-02~.jpg", in: photos.path)
        let cache = NSTemporaryDirectory() + "cascade-desktop-cache-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: cache) }
        let viewer = try await DesktopViewer(["@@", "--geometry", "800x600"], display: server.display, cacheHome: cache, launcher: name.launcher)
        let opened = try await viewer.next("opened")
        #expect(opened.index == 1 && opened.uri?.hasSuffix("/photo-02%FE.jpg") == true, "\(opened)")
        let state = try await viewer.state()
        #expect(state.mode == "detail" && state.count == 3, "\(state)")
        #expect(close(try await viewer.centreColour(), photos.colours[1].rgb), "the detail view shows the photo named")
    }

    @Test("several files: the first opens, next steps through just those files, Esc shows their wall")
    func severalFilesOpenTheFirst() async throws {
        let server = try await XServer()
        defer { server.stop() }
        let photos = try ColouredFolder(count: 6)
        let cache = NSTemporaryDirectory() + "cascade-desktop-cache-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: cache) }
        let viewer = try await DesktopViewer([photos.file(1), photos.file(3), photos.file(4), "--geometry", "800x600"],
                                             display: server.display, cacheHome: cache)
        let opened = try await viewer.next("opened")
        #expect(opened.path == photos.file(1), "the first file named opens: \(opened)")
        #expect(close(try await viewer.centreColour(), photos.colours[1].rgb), "the detail view shows the first file")
        let open = try await viewer.waitForState { $0.count == 3 }
        #expect(open.mode == "detail" && open.count == 3, "the list is the files named: \(open)")

        try await viewer.key("Right")
        #expect(try await viewer.waitForTitle("cascade — " + photos.name(3)) == "_NET_WM_NAME(UTF8_STRING) = \"cascade — \(photos.name(3))\"")
        #expect(close(try await viewer.centreColour(), photos.colours[3].rgb), "next is the next file named, not the folder's next photo")

        try await viewer.key("Escape")
        _ = try await viewer.next("closed")
        let wall = try await viewer.waitForState { $0.mode == "wall" }
        #expect(wall.mode == "wall" && wall.count == 3 && wall.selected == 1, "the wall of the files, the cursor on the one last shown: \(wall)")
    }

    @Test("without --control a desktop cascade listens in the session's runtime folder, where cascade ctl finds it; a second one goes without")
    func sessionControlSocket() async throws {
        let server = try await XServer()
        defer { server.stop() }
        let photos = try ColouredFolder(count: 3)
        let runtime = makeTemporaryFolder("cascade-runtime", short: true)
        defer { removeFolder(runtime) }
        chmod(runtime, 0o700)
        let cache = NSTemporaryDirectory() + "cascade-desktop-cache-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: cache) }
        let environment = ["DISPLAY": server.display.name, "SDL_VIDEODRIVER": "x11", "XDG_CACHE_HOME": cache, "XDG_RUNTIME_DIR": runtime]
        let first = try ChildProcess(cascadeBinary, [photos.path, "--geometry", "400x300"], environment: environment)
        defer { first.stop() }
        let socket = runtime + "/cascade/control.sock"
        try waitUntil("the session's control socket at \(socket); stderr:\n\(first.errorOutput)") {
            FileManager.default.fileExists(atPath: socket)
        }
        // cascade ctl with no --socket, in the same session.
        let asked = try await runTool(cascadeBinary, ["ctl", "get-state"], environment: ["XDG_RUNTIME_DIR": runtime])
        #expect(asked.status == .exited(0), "\(String(decoding: asked.output, as: UTF8.self))")
        #expect((try JSONSerialization.jsonObject(with: asked.output) as? [String: Any])?["mode"] as? String == "wall")

        // A second window of the same session opens, without a socket, and says so once.
        let second = try ChildProcess(cascadeBinary, [photos.path, "--geometry", "400x300"], environment: environment)
        defer { second.stop() }
        try waitUntil("the second cascade to say it has no socket; stderr:\n\(second.errorOutput)") {
            second.errorOutput.contains("no control socket for this window")
        }
        #expect(second.isRunning)
        #expect(try await runTool(cascadeBinary, ["ctl", "get-state"], environment: ["XDG_RUNTIME_DIR": runtime]).status == .exited(0),
                "the first still answers")
        kill(first.pid, SIGTERM)
        #expect(try await first.waitForExit(within: longestWait) == .exited(0))
        #expect(!FileManager.default.fileExists(atPath: socket), "the socket goes with the cascade that made it")
    }

    @Test("Open Folder…: --choose-folder asks in zenity's dialog and shows the folder chosen; a cancel opens nothing; without a dialog program, one line")
    func chooseFolder() async throws {
        let server = try await XServer()
        defer { server.stop() }
        let photos = try ColouredFolder(count: 3)
        let cache = NSTemporaryDirectory() + "cascade-desktop-cache-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: cache) }
        let socket = NSTemporaryDirectory() + "cascade-choose-" + UUID().uuidString + ".sock"
        defer { try? FileManager.default.removeItem(atPath: socket) }
        // The dialog opens in the Pictures folder; Return there chooses it, as a person would.
        let environment = ["DISPLAY": server.display.name, "SDL_VIDEODRIVER": "x11", "XDG_CACHE_HOME": cache,
                           "XDG_PICTURES_DIR": photos.path, "PATH": "/usr/bin:/bin"]
        let chosen = try ChildProcess(cascadeBinary, ["--choose-folder", "--control", socket, "--geometry", "400x300"],
                                      environment: environment)
        defer { chosen.stop() }
        let dialog = try await server.display.waitForWindow(class: "zenity")
        #expect(try await server.display.windows(class: "cascade").isEmpty, "the wall opened before a folder was chosen")
        try await server.display.xdotool(["windowfocus", dialog], allowFailure: true)
        try await server.display.xdotool(["key", "--window", dialog, "Return"])
        _ = try await server.display.waitForWindow(class: "cascade")
        let asked = try await runTool(cascadeBinary, ["ctl", "--socket", socket, "get-state"])
        let state = try JSONSerialization.jsonObject(with: asked.output) as? [String: Any]
        #expect(state?["count"] as? Int == 3, "the wall of the folder chosen: \(String(decoding: asked.output, as: UTF8.self))")
        #expect(((state?["visible"] as? [[String: Any]])?.first?["path"] as? String)?.hasPrefix(photos.path) == true)
        chosen.stop()

        // Esc in the dialog: no window, and a clean exit.
        let cancelled = try ChildProcess(cascadeBinary, ["--choose-folder", "--geometry", "400x300"], environment: environment)
        defer { cancelled.stop() }
        let second = try await server.display.waitForWindow(class: "zenity")
        try await server.display.xdotool(["windowfocus", second], allowFailure: true)
        try await server.display.xdotool(["key", "--window", second, "Escape"])
        #expect(try await cancelled.waitForExit(within: longestWait) == .exited(0), "stderr:\n\(cancelled.errorOutput)")
        #expect(try await server.display.windows(class: "cascade").isEmpty)

        // No zenity nor kdialog on PATH: said in one line, status 1.
        let none = try ChildProcess(cascadeBinary, ["--choose-folder"],
                                    environment: environment.merging(["PATH": "/nonexistent"]) { $1 })
        defer { none.stop() }
        #expect(try await none.waitForExit(within: longestWait) == .exited(1))
        #expect(none.errorOutput.contains("no folder dialog to ask with: install zenity"), "stderr:\n\(none.errorOutput)")
    }

    @Test("the window carries cascade's icon for task bars and window switchers")
    func windowIcon() async throws {
        let server = try await XServer()
        defer { server.stop() }
        let photos = try ColouredFolder(count: 2)
        let cache = NSTemporaryDirectory() + "cascade-desktop-cache-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: cache) }
        let viewer = try await DesktopViewer([photos.path, "--geometry", "400x300"], display: server.display, cacheHome: cache)
        _ = try await viewer.next("scanned")
        let icon = try await viewer.property("_NET_WM_ICON")
        #expect(icon.contains("Icon (64 x 64)"), "\(icon.prefix(200))")
    }

    @Test("under a window manager (openbox) the title is correct UTF-8 in both X properties, and f goes full screen through it")
    func titleUnderAWindowManager() async throws {
        let server = try await XServer()
        defer { server.stop() }
        let windowManager = try ChildProcess("/usr/bin/openbox", [], environment: server.display.environment)
        defer { windowManager.stop() }
        // Managed from the moment openbox announces itself on the root window.
        try await waitUntil("openbox to start: \(windowManager.errorOutput)", every: .milliseconds(100)) {
            let root = try await runTool("/usr/bin/xprop", ["-root", "_NET_SUPPORTING_WM_CHECK"], environment: server.display.environment)
            return String(decoding: root.output, as: UTF8.self).contains("window id")
        }
        let base = try PhotoFolder()
        let folder = base.path + "/Été — ✓ 写真"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try magick(["-size", "300x200", "xc:#3080c0", folder + "/a.jpg"])
        let cache = NSTemporaryDirectory() + "cascade-desktop-cache-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: cache) }
        let viewer = try await DesktopViewer([folder], display: server.display, cacheHome: cache)
        _ = try await viewer.next("scanned")

        let title = "cascade — Été — ✓ 写真"
        #expect(try await viewer.waitForTitle(title) == "_NET_WM_NAME(UTF8_STRING) = \"\(title)\"")
        // WM_NAME typed as what it holds (not raw UTF-8 called STRING, which is Latin-1).
        #expect(try await viewer.property("WM_NAME") == "WM_NAME(UTF8_STRING) = \"\(title)\"")
        // What openbox shows in the title bar.
        #expect(try await viewer.property("_NET_WM_VISIBLE_NAME") == "_NET_WM_VISIBLE_NAME(UTF8_STRING) = \"\(title)\"")

        // With a window manager, full screen is its to grant: the wall follows what it did.
        try await viewer.key("f")
        let state = try await viewer.waitForState { Int($0.width) == 1280 && Int($0.height) == 1024 }
        let real = try await server.display.size(of: viewer.window)
        #expect(Int(state.width) == real.width && Int(state.height) == real.height && real.width == 1280,
                "full screen under openbox: the wall is \(state.width)×\(state.height), the window \(real.width)×\(real.height)")
    }

    @Test("f without a window manager: the wall is laid out at the window's real size, in and out of full screen")
    func fullScreenWithoutAWindowManager() async throws {
        let server = try await XServer(width: 1280, height: 1024)
        defer { server.stop() }
        let photos = try ColouredFolder(count: 12)
        let cache = NSTemporaryDirectory() + "cascade-desktop-cache-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: cache) }
        let viewer = try await DesktopViewer([photos.path, "--geometry", "800x600"], display: server.display, cacheHome: cache)
        _ = try await viewer.next("scanned")

        for (press, expected) in [(1, (1280, 1024)), (2, (800, 600))] {
            try await viewer.key("f")
            let state = try await viewer.waitForState { Int($0.width) == expected.0 && Int($0.height) == expected.1 }
            let real = try await server.display.size(of: viewer.window)
            #expect(real.width == expected.0 && real.height == expected.1, "press \(press) of f: the window is \(real.width)×\(real.height)")
            #expect(Int(state.width) == real.width && Int(state.height) == real.height,
                    "press \(press) of f: the wall is laid out at \(state.width)×\(state.height) in a \(real.width)×\(real.height) window")
        }
    }

    @Test("cascade --version prints the one version string")
    func version() async throws {
        let r = try await runTool(cascadeBinary, ["--version"])
        #expect(r.status == .exited(0))
        #expect(String(decoding: r.output, as: UTF8.self) == "cascade \(CascadeVersion.string)\n")
    }

    @Test("script/install puts a working cascade, its samples and gazetteer, a valid desktop entry and icons under a prefix; --uninstall takes them away")
    func installIntoAPrefix() async throws {
        let prefix = NSTemporaryDirectory() + "cascade-prefix-" + UUID().uuidString + "/with space"
        defer { try? FileManager.default.removeItem(atPath: URL(fileURLWithPath: prefix).deletingLastPathComponent().path) }
        let install = try await runTool(packageRoot + "/script/install", ["--prefix", prefix, "--binary", cascadeBinary],
                                        timeout: .seconds(60))
        #expect(install.status == .exited(0), "script/install: \(install.status)")

        // The installed binary, with no assets in reach but its prefix's, renders the samples.
        let home = prefix + "/home"
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        let manifestFile = prefix + "/wall.json"
        let render = try await runTool(prefix + "/bin/cascade", ["render", "--width", "600", "--out", prefix + "/wall.png", "--manifest", manifestFile],
                                       environment: ["HOME": home, "XDG_CACHE_HOME": home + "/.cache", "CASCADE_ASSETS": "", "XDG_PICTURES_DIR": ""],
                                       timeout: .seconds(60))
        #expect(render.status == .exited(0))
        let manifest = try JSONDecoder().decode(WallManifest.self, from: Data(contentsOf: URL(fileURLWithPath: manifestFile)))
        #expect(manifest.tiles.count == 30)
        #expect(manifest.tiles.allSatisfy { $0.path.hasPrefix(prefix + "/share/cascade/samples/") && $0.status == "ok" })
        // The gazetteer beside the samples, where the installed binary's assets are found, with its licence.
        for file in ["places.tsv", "README.md"] {
            let installed = prefix + "/share/cascade/gazetteer/" + file
            #expect(FileManager.default.contentsEqual(atPath: installed, andPath: packageRoot + "/assets/gazetteer/" + file),
                    "\(installed) is the repository's")
        }

        let entry = prefix + "/share/applications/cascade.desktop"
        let validate = try await runTool("/usr/bin/desktop-file-validate", [entry])
        #expect(validate.status == .exited(0), "\(String(decoding: validate.output, as: UTF8.self))")
        let text = try String(contentsOfFile: entry, encoding: .utf8)
        #expect(text.contains("\nExec=\"\(prefix)/bin/cascade\" %F\n"), "the entry runs the installed binary: \(text)")
        for type in ["image/jpeg", "image/png", "image/webp", "image/gif", "image/bmp", "image/tiff"] {
            #expect(text.contains(type + ";"), "MimeType lists \(type)")
        }
        for icon in ["scalable/apps/cascade.svg", "48x48/apps/cascade.png", "256x256/apps/cascade.png"] {
            #expect(FileManager.default.fileExists(atPath: prefix + "/share/icons/hicolor/" + icon), "\(icon) is installed")
        }

        let uninstall = try await runTool(packageRoot + "/script/install", ["--prefix", prefix, "--uninstall"])
        #expect(uninstall.status == .exited(0))
        for gone in ["/bin/cascade", "/share/cascade", "/share/applications/cascade.desktop", "/share/icons/hicolor/scalable/apps/cascade.svg"] {
            #expect(!FileManager.default.fileExists(atPath: prefix + gone), "\(gone) is removed")
        }
    }
}

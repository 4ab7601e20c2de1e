// The help and info panels as a user meets them: the real binary in a real X server, keys
// pressed with xdotool, and each panel read twice — its text from `get-state` (what it says)
// and its opaque band from a screenshot (that it is drawn, where the state says). A
// truncated JPEG is followed from the decoder to the event, the info panel and the render
// manifest, whose pixels are compared with the whole photo's.

import Foundation
import Testing
@testable import App
import Photos
#if canImport(Glibc)
import Glibc
#endif
@testable import TestSupport

@Suite("help and info overlays in a real X server", .serialized)
struct OverlayEndToEndTests {
    /// cascade on a folder in its own X server, with events on stdout and a control socket.
    final class Viewer {
        let server: XServer
        /// Kept for the viewer's life: the folder is removed when its owner goes.
        let folder: PhotoFolder
        let cacheHome = NSTemporaryDirectory() + "cascade-overlay-cache-" + UUID().uuidString
        let socket = NSTemporaryDirectory() + "cascade-overlay-" + UUID().uuidString.prefix(8) + ".sock"
        let child: ChildProcess
        let window: String
        let control: ControlConnection
        /// Events read from stdout so far.
        private(set) var events: [[String: Any]] = []

        init(_ folder: PhotoFolder) async throws {
            self.folder = folder
            server = try await XServer()
            child = try ChildProcess(cascadeBinary, [
                folder.path, "--geometry", "800x600", "--events", "stdout", "--columns", "3", "--margin", "10",
                "--no-captions", "--control", socket,
            ], environment: ["DISPLAY": server.display.name, "SDL_VIDEODRIVER": "x11", "XDG_CACHE_HOME": cacheHome])
            window = try await server.display.waitForWindow(class: "cascade")
            control = try await ControlConnection(socket)
            try await server.display.xdotool(["windowfocus", window], allowFailure: true)
        }

        deinit {
            child.stop()
            server.stop()
            try? FileManager.default.removeItem(atPath: cacheHome)
            unlink(socket)
        }

        /// The next stdout event of this kind; others are kept in `events`.
        func event(_ kind: String) async throws -> [String: Any] {
            if let seen = events.first(where: { $0["event"] as? String == kind }) { return seen }
            while true {
                guard let line = try await child.lines.nextLine(within: longestWait, waitingFor: "a \(kind) event") else {
                    throw HarnessError("stdout ended before a \(kind) event; stderr:\n\(child.errorOutput)")
                }
                let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] ?? [:]
                events.append(object)
                if object["event"] as? String == kind { return object }
            }
        }

        func state() async throws -> [String: Any] {
            try await control.data(["get-state"]) as? [String: Any] ?? [:]
        }

        /// get-state's overlay once `ready` holds for it (polled: keys and reads take a moment).
        func overlay(_ what: String, _ ready: ([String: Any]?) -> Bool) async throws -> [String: Any]? {
            var overlay: [String: Any]?
            let shown: [String: Any]?? = try await waitFor("\(what): overlay is \(overlay.map { "\($0)" } ?? "null")\nstderr:\n\(child.errorOutput)",
                                                            every: .milliseconds(100)) {
                overlay = try await state()["overlay"] as? [String: Any]
                return ready(overlay) ? .some(overlay) : nil
            }
            return shown ?? nil
        }

        func key(_ name: String) async throws {
            try await server.display.xdotool(["key", "--clearmodifiers", "--window", window, name])
        }

        /// Where tile `index` is drawn in the window (get-state's `screen`, its edges snapped to
        /// pixels as the drawing does), while it is in view.
        func screenRect(of index: Int) async throws -> (x: Int, y: Int, w: Int, h: Int)? {
            let visible = try await state()["visible"] as? [[String: Any]] ?? []
            guard let screen = visible.first(where: { $0["index"] as? Int == index })?["screen"] as? [String: Any] else { return nil }
            func value(_ key: String) -> Double { (screen[key] as? NSNumber)?.doubleValue ?? 0 }
            func snap(_ v: Double) -> Int { Int((v + 0.5).rounded(.down)) }
            let x = snap(value("x")), y = snap(value("y"))
            return (x, y, snap(value("x") + value("w")) - x, snap(value("y") + value("h")) - y)
        }

        func still() async throws -> Frame {
            try await server.display.waitUntilStill(window)
        }
    }

    /// A folder whose first photo carries a camera's EXIF block, then plain colour photos.
    static func folder() throws -> PhotoFolder {
        let folder = try PhotoFolder()
        let plain = try folder.photo("plain.jpg", width: 640, height: 480, colour: "#3c8dbc")
        _ = try folder.write("a-camera.jpg", ExifFixture().inserted(into: Array(try Data(contentsOf: URL(fileURLWithPath: plain)))))
        try FileManager.default.removeItem(atPath: plain)
        let colours = ["#d9534f", "#5cb85c", "#f0ad4e", "#9b59b6", "#1abc9c", "#e67e22"]
        for (i, colour) in colours.enumerated() {
            try folder.photo("b-\(i).png", width: i % 2 == 0 ? 400 : 300, height: i % 2 == 0 ? 300 : 450, colour: colour)
        }
        return folder
    }

    static func rect(_ overlay: [String: Any]?) -> (x: Int, y: Int, w: Int, h: Int)? {
        guard let r = overlay?["rect"] as? [String: Any], let x = r["x"] as? Double, let y = r["y"] as? Double,
              let w = r["w"] as? Double, let h = r["h"] as? Double else { return nil }
        return (Int(x), Int(y), Int(w), Int(h))
    }

    /// The panel's band is drawn at `rect`: its edges (padding, no text) are black whatever the
    /// picture beneath (the panels are opaque, so nothing shows through their text), just outside
    /// them the picture is untouched, and inside some pixel is light — the text.
    static func expectBand(_ rect: (x: Int, y: Int, w: Int, h: Int), over before: Frame, in after: Frame, alpha: Int = 255,
                           sourceLocation: SourceLocation = #_sourceLocation) {
        let inside = [(rect.x + 3, rect.y + 3), (rect.x + rect.w - 4, rect.y + 3), (rect.x + 3, rect.y + rect.h - 4),
                      (rect.x + rect.w - 4, rect.y + rect.h - 4), (rect.x + rect.w / 2, rect.y + 2)]
        for (x, y) in inside {
            let under = before.pixel(x, y), shown = after.pixel(x, y)
            let kept = 255 - alpha
            let expected = (r: under.r * kept / 255, g: under.g * kept / 255, b: under.b * kept / 255)
            #expect(close(shown, expected, tolerance: 6), "band pixel \(x),\(y): \(shown), beneath \(under)",
                    sourceLocation: sourceLocation)
        }
        let outside = [(rect.x - 3, rect.y + rect.h / 2), (rect.x + rect.w + 2, rect.y + rect.h / 2),
                       (rect.x + rect.w / 2, rect.y + rect.h + 2)].filter { $0.0 >= 0 && $0.0 < after.width && $0.1 < after.height }
        for (x, y) in outside {
            #expect(close(after.pixel(x, y), before.pixel(x, y), tolerance: 3), "pixel \(x),\(y) beside the band changed",
                    sourceLocation: sourceLocation)
        }
        var lightest = 0
        for y in Swift.stride(from: rect.y, to: rect.y + rect.h, by: 1) {
            for x in Swift.stride(from: rect.x, to: rect.x + rect.w, by: 2) {
                let p = after.pixel(x, y)
                lightest = max(lightest, min(p.r, p.g, p.b))
            }
        }
        #expect(lightest > 150, "the band shows light text", sourceLocation: sourceLocation)
    }

    @Test("? and F1 show the keys of the wall and of the photo, from the key table; ? again and Esc close them")
    func help() async throws {
        let viewer = try await Viewer(try Self.folder())
        _ = try await viewer.event("scanned")
        let before = try await viewer.still()

        try await viewer.key("question")
        let help = try await viewer.overlay("help after ?") { $0?["kind"] as? String == "help" && $0?["rect"] != nil }
        #expect(help?["mode"] as? String == "wall")
        #expect(help?["lines"] as? [String] == KeyBindings(immich: false).help(for: .wall) + [""] + PointerHelp.lines(for: .wall))
        let shown = try await viewer.still()
        let rect = try #require(Self.rect(help))
        #expect(abs(rect.x + rect.w / 2 - 400) <= 1 && abs(rect.y + rect.h / 2 - 300) <= 1, "centred: \(rect)")
        Self.expectBand(rect, over: before, in: shown)

        try await viewer.key("question")
        _ = try await viewer.overlay("closed by ? again") { $0 == nil }
        let closed = try await viewer.still()
        #expect(close(closed.pixel(rect.x + 3, rect.y + 3), before.pixel(rect.x + 3, rect.y + 3), tolerance: 3), "the band is gone")

        try await viewer.key("F1")
        _ = try await viewer.overlay("help after F1") { $0?["kind"] as? String == "help" }
        try await viewer.key("Escape")
        _ = try await viewer.overlay("closed by Esc") { $0 == nil }
        #expect(try await viewer.state()["mode"] as? String == "wall")

        // On a photo, the photo's keys.
        _ = try await viewer.control.data(["open", 1])
        _ = try await viewer.event("opened")
        let photo = try await viewer.still()
        try await viewer.key("F1")
        let detailHelp = try await viewer.overlay("help on a photo") { $0?["kind"] as? String == "help" && $0?["rect"] != nil }
        #expect(detailHelp?["mode"] as? String == "detail")
        #expect(detailHelp?["lines"] as? [String] == KeyBindings(immich: false).help(for: .detail) + [""] + PointerHelp.lines(for: .detail))
        Self.expectBand(try #require(Self.rect(detailHelp)), over: photo, in: try await viewer.still())
        try await viewer.key("Escape")
        _ = try await viewer.overlay("closed by Esc on a photo") { $0 == nil }
        #expect(try await viewer.state()["mode"] as? String == "detail", "Esc closed the help, not the photo")
    }

    @Test("i shows the cursor's photo — file, pixels, format, date, camera, lens, exposure, place, GPS — follows the cursor and the photos stepped through, and i hides it")
    func info() async throws {
        let folder = try Self.folder()
        let viewer = try await Viewer(folder)
        _ = try await viewer.event("scanned")
        let camera = folder.path + "/a-camera.jpg"
        // The cursor first (on the first tile), so the picture beneath the band is the same.
        try await viewer.key("l")
        let before = try await viewer.still()

        try await viewer.key("i")
        let info = try await viewer.overlay("info after i") {
            $0?["kind"] as? String == "info" && $0?["complete"] as? Bool == true && $0?["rect"] != nil
        }
        #expect(info?["path"] as? String == camera)
        #expect(try await viewer.state()["selected"] as? Int == 0, "the cursor's tile is the one described")
        let lines = info?["lines"] as? [String] ?? []
        for expected in ["File\t" + camera, "Pixels\t640 × 480", "Format\tJPEG", "Taken\t2024-05-01 12:34:56",
                         "Camera\tCanon EOS R5", "Lens\tRF24-70mm F2.8 L IS USM", "Exposure\t1/250 s  f/2.8  ISO 200  35 mm",
                         "Place\tParis, France", "GPS\t48.85830° N, 2.29450° E"] {
            #expect(lines.contains(expected), "\(expected) in \(lines)")
        }
        let size = try #require(FileManager.default.attributesOfItem(atPath: camera)[.size] as? Int)
        #expect(lines.contains("Size\t" + PhotoDetails.readableSize(Int64(size))))
        let rect = try #require(Self.rect(info))
        let tile = try #require(try await viewer.screenRect(of: 0))
        #expect(rect.x == tile.x + tile.w + 8 && rect.y == tile.y, "beside the cursor's tile \(tile): \(rect)")
        Self.expectBand(rect, over: before, in: try await viewer.still())

        // The cursor moves on: the panel follows.
        try await viewer.key("Right")
        let next = try await viewer.overlay("info after l") {
            ($0?["path"] as? String)?.hasSuffix("/b-0.png") == true && $0?["complete"] as? Bool == true
        }
        #expect((next?["lines"] as? [String])?.contains("EXIF\tnone") == true)

        // Opened, and stepped through: the panel stays and follows the photo.
        try await viewer.key("Return")
        let opened = try await viewer.event("opened")
        #expect((opened["path"] as? String)?.hasSuffix("/b-0.png") == true)
        let onPhoto = try await viewer.overlay("info on the photo") { $0?["mode"] as? String == "detail" }
        #expect((onPhoto?["path"] as? String)?.hasSuffix("/b-0.png") == true)
        try await viewer.key("n")
        _ = try await viewer.overlay("info after n") { ($0?["path"] as? String)?.hasSuffix("/b-1.png") == true }
        try await viewer.key("i")
        _ = try await viewer.overlay("hidden by i") { $0 == nil }
    }

    @Test("the wall's info panel sits beside the tile it describes — right of it, left where the right has no room — and follows the cursor")
    func infoBesideItsTile() async throws {
        let folder = try Self.folder()
        let viewer = try await Viewer(folder)
        _ = try await viewer.event("scanned")
        try await viewer.key("l")
        let gap = 8
        // Three columns: the first tile has room on its right, the third (the last column) only on its left.
        for (index, side) in [(0, "right"), (1, "right"), (2, "left")] {
            if index > 0 {
                try await viewer.key("i")
                _ = try await viewer.overlay("hidden before moving to tile \(index)") { $0 == nil }
                try await viewer.key("Right")
                _ = try await waitFor("the cursor on tile \(index)", every: .milliseconds(100)) {
                    try await viewer.state()["cursor"] as? Int == index ? true : nil
                }
            }
            let before = try await viewer.still()
            try await viewer.key("i")
            let path = try #require(try await viewer.state()["visible"] as? [[String: Any]]).first { $0["index"] as? Int == index }?["path"] as? String
            let info = try await viewer.overlay("info on tile \(index)") {
                $0?["path"] as? String == path && $0?["complete"] as? Bool == true && $0?["rect"] != nil
            }
            let rect = try #require(Self.rect(info)), tile = try #require(try await viewer.screenRect(of: index))
            if side == "right" {
                #expect(rect.x == tile.x + tile.w + gap, "tile \(index) \(tile): the panel starts \(gap) px right of it: \(rect)")
            } else {
                #expect(rect.x + rect.w == tile.x - gap, "tile \(index) \(tile): the panel ends \(gap) px left of it: \(rect)")
            }
            #expect(rect.y == tile.y && rect.x >= 0 && rect.x + rect.w <= 800 && rect.y + rect.h <= 600, "level with the tile, in the window: \(rect)")
            // The screenshot: the band where the state says, right up to the tile's side, and
            // the tile's own middle untouched.
            let after = try await viewer.still()
            Self.expectBand(rect, over: before, in: after)
            let edgeX = side == "right" ? rect.x : rect.x + rect.w - 1
            #expect(close(after.pixel(edgeX, rect.y + 3), darkened(before.pixel(edgeX, rect.y + 3)), tolerance: 6),
                    "tile \(index): the band's edge next to the tile")
            #expect(close(after.pixel(tile.x + tile.w / 2, tile.y + tile.h / 2), before.pixel(tile.x + tile.w / 2, tile.y + tile.h / 2), tolerance: 3),
                    "tile \(index): the tile described is not covered")
        }
    }

    /// A pixel under the info panel's band: black, the band being opaque.
    private func darkened(_ p: (r: Int, g: Int, b: Int)) -> (r: Int, g: Int, b: Int) { (0, 0, 0) }

    @Test("a right-click shows the info of the tile clicked and a second one hides it; the mouse's back button closes an open photo")
    func mouseButtons() async throws {
        let folder = try Self.folder()
        let viewer = try await Viewer(folder)
        _ = try await viewer.event("scanned")
        let state = try await viewer.state()
        let tile = try #require((state["visible"] as? [[String: Any]])?.first { $0["index"] as? Int == 2 })
        let screen = try #require(tile["screen"] as? [String: Any])
        let x = Int(((screen["x"] as? NSNumber)?.doubleValue ?? 0) + ((screen["w"] as? NSNumber)?.doubleValue ?? 0) / 2)
        let y = Int(((screen["y"] as? NSNumber)?.doubleValue ?? 0) + ((screen["h"] as? NSNumber)?.doubleValue ?? 0) / 2)
        let display = viewer.server.display
        try await display.xdotool(["mousemove", "--window", viewer.window, "\(x)", "\(y)"])
        try await display.xdotool(["click", "--window", viewer.window, "3"])
        let info = try await viewer.overlay("info after a right-click") { $0?["kind"] as? String == "info" }
        #expect(info?["path"] as? String == tile["path"] as? String, "the panel is about the tile clicked: \(info ?? [:])")
        #expect(try await viewer.state()["selected"] as? Int == 2, "the cursor went to the tile clicked")
        #expect(!viewer.events.contains { $0["event"] as? String == "selected" }, "a right-click selects nothing")
        try await display.xdotool(["click", "--window", viewer.window, "3"])
        _ = try await viewer.overlay("hidden by a second right-click") { $0 == nil }

        _ = try await viewer.control.data(["open", 0])
        _ = try await viewer.event("opened")
        // X11 numbers the back button (SDL's X1) 8.
        try await display.xdotool(["click", "--window", viewer.window, "8"])
        _ = try await viewer.event("closed")
        #expect(try await viewer.state()["mode"] as? String == "wall")
    }

    @Test("a JPEG cut at 60 % shows its top part: a load-error event with partial, the info panel says so, render's manifest and pixels agree")
    func truncatedJPEG() async throws {
        let folder = try PhotoFolder()
        let whole = folder.path + "/whole.jpg"
        try magick(["-seed", "7", "-size", "600x400", "plasma:fractal", "-interlace", "none", "-quality", "90", whole])
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: whole)))
        try FileManager.default.removeItem(atPath: whole)
        let cut = try folder.write("cut.jpg", Array(bytes.prefix(bytes.count * 6 / 10)))
        try folder.photo("other.png", width: 400, height: 300, colour: "#5cb85c")

        // In the viewer: one event, the tile still shown, the info panel saying partial.
        let viewer = try await Viewer(folder)
        let event = try await viewer.event("load-error")
        #expect(event["path"] as? String == cut && event["partial"] as? Bool == true && event["error"] as? String == "truncated file",
                "\(event)")
        #expect(event["index"] as? Int == 0)
        try await viewer.key("i")
        let info = try await viewer.overlay("info of the cut photo") { $0?["path"] as? String == cut }
        #expect((info?["lines"] as? [String])?.contains("Shown\tpartial: truncated file") == true, "\(info ?? [:])")
        _ = try await viewer.control.data(["open", 0])
        let onPhoto = try await viewer.overlay("info of the open cut photo") {
            ($0?["lines"] as? [String])?.contains("Shown\tpartial: truncated file") == true && $0?["mode"] as? String == "detail"
        }
        #expect(onPhoto?["path"] as? String == cut)
        let warnings = viewer.child.errorOutput.components(separatedBy: "\n").filter { $0.contains("showing part of \(cut)") }
        #expect(warnings.count == 1, "one log line:\n\(viewer.child.errorOutput)")

        // cascade render: the cut photo and, in a folder of its own under the same name, the whole one.
        let wholeFolder = try PhotoFolder()
        _ = try wholeFolder.write("cut.jpg", bytes)
        try magick(["-size", "400x300", "xc:#5cb85c", wholeFolder.path + "/other.png"])
        var renders: [(manifest: WallManifest, picture: DecodedImage)] = []
        for source in [folder.path, wholeFolder.path] {
            let out = NSTemporaryDirectory() + "cascade-partial-" + UUID().uuidString
            defer { for ext in [".png", ".json"] { try? FileManager.default.removeItem(atPath: out + ext) } }
            let run = try await runTool(cascadeBinary, ["render", source, "--width", "640", "--columns", "2", "--no-captions",
                                                        "--out", out + ".png", "--manifest", out + ".json"],
                                        environment: ["XDG_CACHE_HOME": viewer.cacheHome + "-render"])
            #expect(run.status == .exited(0))
            renders.append((try JSONDecoder().decode(WallManifest.self, from: Data(contentsOf: URL(fileURLWithPath: out + ".json"))),
                            try loadPNG(out + ".png")))
        }
        try? FileManager.default.removeItem(atPath: viewer.cacheHome + "-render")
        let partTile = try #require(renders[0].manifest.tiles.first { $0.path == cut })
        #expect(partTile.status == "partial" && partTile.error == "truncated file")
        #expect(renders[1].manifest.tiles.first { $0.path.hasSuffix("/cut.jpg") }?.status == "ok")
        // The top third of the tile is the photo's own pixels; the bottom is libjpeg's grey.
        let r = partTile.rect
        var compared = 0
        for y in Swift.stride(from: Int(r.y) + 2, to: Int(r.y + r.h / 3), by: 5) {
            for x in Swift.stride(from: Int(r.x) + 2, to: Int(r.x + r.w) - 2, by: 11) {
                let part = renders[0].picture.rgb(x, y), full = renders[1].picture.rgb(x, y)
                #expect(close(part, full, tolerance: 2), "pixel \(x),\(y): \(part) where the whole photo has \(full)")
                compared += 1
            }
        }
        #expect(compared > 100)
        let bottom = renders[0].picture.rgb(Int(r.x + r.w / 2), Int(r.y + r.h) - 3)
        #expect(close(bottom, (128, 128, 128), tolerance: 2), "the missing part is grey: \(bottom)")
    }
}

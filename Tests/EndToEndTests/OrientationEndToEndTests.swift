// A camera held on its side stores its pixels sideways and says so in the EXIF orientation tag;
// every screen must show the photo upright. The eight photos here store one picture eight ways —
// each the upright picture undone by its tag's turn or mirror — so that, shown right, all eight
// look the same: four coloured quarters, clockwise from the top left, in a 3:2 landscape. The
// wall's tiles, the open photo and the slideshow are each read back from the screen of the real
// binary in Xvfb. A screen that dropped the tag, or applied its inverse, shows the quarters
// elsewhere (or the photo as a portrait).

import Foundation
import Testing
@testable import TestSupport

@Suite("EXIF orientation on every screen, in a real X server", .serialized)
struct OrientationEndToEndTests {
    /// The upright picture's quarters, clockwise from the top left.
    static let quarters: [(hex: String, rgb: (r: Int, g: Int, b: Int))] = [
        ("#d03030", (0xD0, 0x30, 0x30)), ("#3050d0", (0x30, 0x50, 0xD0)),
        ("#e0c020", (0xE0, 0xC0, 0x20)), ("#30a040", (0x30, 0xA0, 0x40)),
    ]
    static let upright = (width: 480, height: 320)

    /// What ImageMagick does to the upright picture to get the pixels a camera stores with each
    /// tag: the inverse of the tag's display transform (EXIF 2.32, Orientation). Transpose and
    /// transverse are their own inverses; 6 is shown turned 90° clockwise, so it is stored turned
    /// 90° anticlockwise, and 8 the other way.
    static let stored: [Int: [String]] = [
        1: [], 2: ["-flop"], 3: ["-rotate", "180"], 4: ["-flip"],
        5: ["-transpose"], 6: ["-rotate", "270"], 7: ["-transverse"], 8: ["-rotate", "90"],
    ]

    /// The folder: o1.jpg … o8.jpg, each the upright picture stored under its tag.
    static func photos() throws -> PhotoFolder {
        let folder = try PhotoFolder()
        let q = quarters, (w, h) = (upright.width, upright.height), (hw, hh) = (w / 2, h / 2)
        let reference = folder.path + "/.upright.png"
        try magick(["-size", "\(w)x\(h)", "xc:\(q[0].hex)",
                    "-fill", q[1].hex, "-draw", "rectangle \(hw),0 \(w - 1),\(hh - 1)",
                    "-fill", q[2].hex, "-draw", "rectangle \(hw),\(hh) \(w - 1),\(h - 1)",
                    "-fill", q[3].hex, "-draw", "rectangle 0,\(hh) \(hw - 1),\(h - 1)", reference])
        for (tag, turn) in stored {
            let plain = folder.path + "/.plain-\(tag).jpg"
            try magick([reference] + turn + ["-quality", "95", "-sampling-factor", "1x1", plain])
            var exif = ExifFixture()
            exif.orientation = tag
            _ = try folder.write("o\(tag).jpg", exif.inserted(into: [UInt8](try Data(contentsOf: URL(fileURLWithPath: plain)))))
            try FileManager.default.removeItem(atPath: plain)
        }
        try FileManager.default.removeItem(atPath: reference)
        return folder
    }

    /// The quarters that `frame` shows at the centres of the four quarters of `rect` (window
    /// pixels), as indices into `quarters` (-1 where none matches).
    static func quartersSeen(in frame: Frame, rect: (x: Double, y: Double, w: Double, h: Double)) -> [Int] {
        [(0.25, 0.25), (0.75, 0.25), (0.75, 0.75), (0.25, 0.75)].map { fx, fy in
            let pixel = frame.pixel(Int(rect.x + rect.w * fx), Int(rect.y + rect.h * fy))
            return quarters.firstIndex { close(pixel, $0.rgb, tolerance: 20) } ?? -1
        }
    }

    /// cascade on the photos in an 800 × 600 window, with its events on stdout and a control socket.
    final class Viewer {
        let server: XServer
        let child: ChildProcess
        let control: ControlConnection
        let window: String
        let socket = "/tmp/cascade-orient-" + UUID().uuidString.prefix(8) + ".sock"

        init(_ folder: PhotoFolder, _ arguments: [String]) async throws {
            server = try await XServer()
            child = try ChildProcess(cascadeBinary, [folder.path, "--geometry", "800x600", "--no-captions",
                                                     "--control", socket] + arguments,
                                     environment: ["DISPLAY": server.display.name, "SDL_VIDEODRIVER": "x11",
                                                   "XDG_CACHE_HOME": folder.path + "/.cache"])
            control = try await ControlConnection(socket)
            window = try await server.display.waitForWindow(class: "cascade")
        }

        func check<T>(_ body: () async throws -> T) async throws -> T {
            do { return try await body() } catch { throw HarnessError("\(error)\ncascade's stderr:\n\(child.errorOutput)") }
        }

        /// Waits until get-state holds `condition`, then until a frame has reached the screen
        /// since: every photo here looks the same shown upright, so a screenshot taken before
        /// that frame could judge the photo shown before it instead.
        func frameShowing(_ what: String, _ condition: ([String: Any]) -> Bool) async throws {
            try await waitUntil(what) { condition(try await control.data(["get-state"]) as? [String: Any] ?? [:]) }
            // Counted once presented, on the loop that answered get-state; each request wakes
            // the loop for a frame, so asking again is enough to get one.
            let drawn = try await frames()
            try await waitUntil("a frame drawn after \(what)") { try await frames() > drawn }
        }

        private func frames() async throws -> Int {
            (try await control.data(["get-stats"]) as? [String: Any])?["frames"] as? Int ?? -1
        }

        deinit {
            child.stop()
            server.stop()
            unlink(socket)
        }
    }

    @Test("the wall: each of the eight orientations is a landscape tile with its quarters in place")
    func wall() async throws {
        let folder = try Self.photos()
        let viewer = try await Viewer(folder, ["--columns", "4"])
        try await viewer.check {
            // Every tile's picture in, and still.
            var seen: [String: [Int]] = [:]
            try await waitUntil("all eight tiles to show their quarters upright; last seen \(seen)") {
                let state = try await viewer.control.data(["get-state"]) as? [String: Any]
                let tiles = state?["visible"] as? [[String: Any]] ?? []
                let frame = try await viewer.server.display.capture(viewer.window)
                seen = [:]
                for tile in tiles {
                    guard let path = tile["path"] as? String, let screen = tile["screen"] as? [String: Any],
                          let x = (screen["x"] as? NSNumber)?.doubleValue, let y = (screen["y"] as? NSNumber)?.doubleValue,
                          let w = (screen["w"] as? NSNumber)?.doubleValue, let h = (screen["h"] as? NSNumber)?.doubleValue
                    else { continue }
                    let name = (path as NSString).lastPathComponent
                    // Laid out as shown: 3:2, whatever way its pixels are stored.
                    guard abs(w / h - 1.5) < 0.05 else { seen[name] = [-2]; continue }
                    seen[name] = Self.quartersSeen(in: frame, rect: (x, y, w, h))
                }
                return seen.count == 8 && seen.values.allSatisfy { $0 == [0, 1, 2, 3] }
            }
        }
    }

    @Test("the open photo: each of the eight orientations shown upright, at its actual size")
    func detail() async throws {
        let folder = try Self.photos()
        let viewer = try await Viewer(folder, ["--columns", "4"])
        try await viewer.check {
            // 480 × 320, smaller than the window: at 1:1, centred.
            let photo = (x: 160.0, y: 140.0, w: 480.0, h: 320.0)
            let state = try await viewer.control.data(["get-state"]) as? [String: Any]
            let count = state?["count"] as? Int ?? 0
            #expect(count == 8)
            for index in 0..<count {
                _ = try await viewer.control.data(["open", index])
                try await viewer.frameShowing("photo \(index) open") { $0["mode"] as? String == "detail" && $0["selected"] as? Int == index }
                var seen: [Int] = []
                try await waitUntil("photo \(index) to show upright; its quarters are at \(seen)") {
                    seen = Self.quartersSeen(in: try await viewer.server.display.capture(viewer.window), rect: photo)
                    return seen == [0, 1, 2, 3]
                }
                _ = try await viewer.control.data(["back"])
                // The wall drawn between two photos: what shows upright next is the next photo.
                try await viewer.frameShowing("the wall after photo \(index)") { $0["mode"] as? String == "wall" }
            }
        }
    }

    @Test("the slideshow: each of the eight orientations shown upright")
    func slideshow() async throws {
        let folder = try Self.photos()
        let viewer = try await Viewer(folder, ["--slideshow", "--transition", "none", "--slideshow-order", "name",
                                               "--interval", "3600", "--no-pair-portraits"])
        try await viewer.check {
            // Inside the photo whether the slide fits it (800 × 533 from y = 33) or fills the screen.
            let inside = (x: 0.0, y: 40.0, w: 800.0, h: 520.0)
            var judged: Set<String> = [], last = ""
            while judged.count < 8 {
                // The slide on screen by get-state, another than the one judged last, and a frame
                // of it drawn: never the slide before it, which looks the same.
                var name = ""
                try await viewer.frameShowing("the slide after \(last)") { state in
                    let shown = (state["slideshow"] as? [String: Any])?["shown"] as? [[String: Any]]
                    name = ((shown?.first?["path"] as? String ?? "") as NSString).lastPathComponent
                    return !name.isEmpty && name != last
                }
                var seen: [Int] = []
                try await waitUntil("the slide \(name) to show upright; its quarters are at \(seen)") {
                    seen = Self.quartersSeen(in: try await viewer.server.display.capture(viewer.window), rect: inside)
                    return seen == [0, 1, 2, 3]
                }
                judged.insert(name)
                last = name
                _ = try await viewer.control.data(["slideshow", "next"])
            }
        }
    }
}

// Opening a large photo as a user does: the real binary in a private Xvfb, Return pressed with
// xdotool, the screen read back with ImageMagick's `import` as soon as the detail view is on it.
// The decode of a 4096 × 4096 JPEG takes a while; what the person sees meanwhile must already
// be the photo (the wall tile's picture, enlarged), not a grey box.

import Foundation
import Testing
@testable import App
@testable import TestSupport

@Suite("opening a large photo in a real X server", .serialized)
struct DetailEndToEndTests {
    /// The photo's four quarters, clockwise from the top left.
    static let quarters: [(hex: String, rgb: (r: Int, g: Int, b: Int))] = [
        ("#d03030", (0xD0, 0x30, 0x30)), ("#3050d0", (0x30, 0x50, 0xD0)),
        ("#e0c020", (0xE0, 0xC0, 0x20)), ("#30a040", (0x30, 0xA0, 0x40)),
    ]
    static let width = 800, height = 600
    /// DetailScreen.background, what surrounds a photo fit to the window.
    static let detailBackground = (r: 12, g: 12, b: 13)

    /// Both renderers: the tile's picture is copied through a render target, which each does its own way.
    typealias RendererAsked = ViewerEndToEndTests.RendererAsked

    @Test("Return on a 4096 × 4096 JPEG: the first detail frame on screen shows the photo's colours where they belong, and the sharp photo then takes its place unmoved",
          arguments: RendererAsked.allCases)
    func returnShowsThePictureAtOnce(renderer: RendererAsked) async throws {
        let server = try await XServer()
        defer { server.stop() }
        let display = server.display
        let folder = try PhotoFolder()
        let q = Self.quarters
        try Self.quartersPhoto(width: 4096, height: 4096, at: folder.path + "/a-large.jpg")
        try folder.photo("b.png", width: 400, height: 300, colour: "#8040a0")
        try folder.photo("c.png", width: 300, height: 450, colour: "#40a0a0")

        let (child, window) = try await open(folder, columns: 3, on: display, environment: renderer.environment)
        defer { child.stop() }

        // The wall shows the photo's tile, in its four colours, top left.
        let wall = try await display.waitUntilStill(window)
        #expect(close(wall.pixel(60, 60), q[0].rgb) && close(wall.pixel(200, 200), q[2].rgb),
                "the tile shows the photo before it is opened: \(wall.pixel(60, 60)), \(wall.pixel(200, 200))")

        try await display.xdotool(["key", "--clearmodifiers", "Return"])
        let opened = try await next("opened", from: child)
        #expect(opened.path?.hasSuffix("/a-large.jpg") == true, "\(opened)")
        // The first capture that shows the detail view (the window may still hold the wall for
        // a frame after the event).
        let first = try await firstDetailFrame(of: window, on: display)
        // 4096² fit into 800 × 600: 600 × 600 from x = 100.
        let points = [(250, 150), (550, 150), (550, 450), (250, 450)]
        for (i, point) in points.enumerated() {
            let pixel = first.pixel(point.0, point.1)
            #expect(close(pixel, q[i].rgb), "quarter \(i) at \(point) shows \(pixel), not \(q[i].hex): \(close(pixel, (0x2E, 0x2E, 0x33)) ? "the grey placeholder" : "something else")")
        }
        #expect(close(first.pixel(50, 300), Self.detailBackground, tolerance: 4) && close(first.pixel(750, 300), Self.detailBackground, tolerance: 4),
                "the photo keeps its shape: bars left and right")

        // The sharp photo, once in, stands where the picture stood.
        let sharp = try await display.waitUntilStill(window)
        for (i, point) in points.enumerated() {
            #expect(close(sharp.pixel(point.0, point.1), q[i].rgb), "quarter \(i) at \(point) once sharp: \(sharp.pixel(point.0, point.1))")
        }
        for (x, y) in [(103, 150), (697, 450), (250, 3), (550, 596)] {
            #expect(close(sharp.pixel(x, y), first.pixel(x, y), tolerance: 24), "the edge at (\(x), \(y)) moved: \(first.pixel(x, y)) → \(sharp.pixel(x, y))")
        }
    }

    @Test("with the largest texture held to 512 px, as on a small GPU, a 3000 × 2000 photo shows on a wider tile, open and zoomed in, and no texture fails")
    func photoLargerThanTheGPUAllows() async throws {
        let server = try await XServer()
        defer { server.stop() }
        let display = server.display
        let folder = try PhotoFolder()
        let q = Self.quarters
        try Self.quartersPhoto(width: 3000, height: 2000, at: folder.path + "/big.jpg")
        let (child, window) = try await open(folder, columns: 1, on: display, environment: ["CASCADE_MAX_TEXTURE": "512"])
        defer { child.stop() }

        /// Waits for the photo's quarters at `points` (clockwise from the top left).
        func waitForQuarters(_ points: [(Int, Int)], _ what: String) async throws {
            try await waitUntil(what) {
                let frame = try await display.capture(window)
                return points.enumerated().allSatisfy { i, point in close(frame.pixel(point.0, point.1), q[i].rgb) }
            }
        }
        // One column: a tile 780 × 520 px, wider than any texture may be.
        try await waitForQuarters([(205, 140), (595, 140), (595, 400), (205, 400)], "the wall's tile to show the photo")
        try await display.xdotool(["key", "--clearmodifiers", "Return"])
        _ = try await next("opened", from: child)
        // Fit into 800 × 600: 800 × 533 from y = 33.
        try await waitForQuarters([(200, 167), (600, 167), (600, 433), (200, 433)], "the open photo to show")
        // Seven steps of 1.25 (4.77×) about the centre: each quarter of the window is still its
        // quarter of the photo.
        for _ in 0..<7 { try await display.xdotool(["key", "--clearmodifiers", "plus"]) }
        try await waitForQuarters([(200, 150), (600, 150), (600, 450), (200, 450)], "the zoomed photo to show")
        try await waitUntil("the start line to say the texture budget") { () async throws -> Bool in child.errorOutput.contains("texture budget") }
        for failure in ["SDL_CreateTexture", "larger than the renderer allows"] {
            #expect(!child.errorOutput.contains(failure), "a texture failed: \(child.errorOutput)")
        }
    }

    @Test("a small photo opens at its actual size, not blown up; 1 shows a large one at 1:1 and again fits it; - goes below the fit")
    func actualSize() async throws {
        let server = try await XServer()
        defer { server.stop() }
        let display = server.display
        let folder = try PhotoFolder()
        let red = (r: 0xD0, g: 0x30, b: 0x30), yellow = (r: 0xE0, g: 0xC0, b: 0x20), blue = (r: 0x30, g: 0x50, b: 0xD0)
        try folder.photo("a-small.png", width: 200, height: 150, colour: "#d03030")
        // A yellow band down the left quarter of a blue photo: where a column of the window falls
        // on the photo says how large the photo is drawn.
        try magick(["-size", "1600x1200", "xc:#3050d0", "-fill", "#e0c020", "-draw", "rectangle 0,0 399,1199",
                    "-quality", "95", folder.path + "/b-large.jpg"])
        let (child, window) = try await open(folder, columns: 2, on: display, environment: [:])
        defer { child.stop() }
        _ = try await display.waitUntilStill(window)

        /// Waits until every point shows its colour.
        func waitFor(_ what: String, _ points: [((Int, Int), (r: Int, g: Int, b: Int))]) async throws {
            var seen: [(r: Int, g: Int, b: Int)] = []
            try await waitUntil("\(what); seen \(seen)") {
                let frame = try await display.capture(window)
                seen = points.map { frame.pixel($0.0.0, $0.0.1) }
                return zip(seen, points).allSatisfy { close($0, $1.1, tolerance: 16) }
            }
        }
        try await display.xdotool(["key", "--clearmodifiers", "Return"])
        _ = try await next("opened", from: child)
        // 200 × 150 at 1:1, centred in 800 × 600: from (300, 225) to (500, 375).
        try await waitFor("the small photo at its actual size", [((400, 300), red), ((310, 235), red), ((290, 300), Self.detailBackground),
                                                                   ((400, 215), Self.detailBackground), ((100, 100), Self.detailBackground)])

        try await display.xdotool(["key", "--clearmodifiers", "Right"])
        // Fit: 800 × 600, the band 100 px wide on screen.
        try await waitFor("the large photo fit", [((50, 300), yellow), ((300, 300), blue)])
        try await display.xdotool(["key", "--clearmodifiers", "1"])
        // 1:1 about the centre: the window shows the photo from x = 400, past the band.
        try await waitFor("the large photo at 1:1", [((50, 300), blue), ((300, 300), blue)])
        try await display.xdotool(["key", "--clearmodifiers", "equal"])
        try await waitFor("the large photo fit again by =", [((50, 300), yellow), ((300, 300), blue)])
        try await display.xdotool(["key", "--clearmodifiers", "minus"])
        // 0.8 of the fit: 640 × 480 from (80, 60).
        try await waitFor("the large photo below the fit", [((40, 300), Self.detailBackground), ((100, 300), yellow), ((400, 30), Self.detailBackground)])
        try await display.xdotool(["key", "--clearmodifiers", "0"])
        try await waitFor("the large photo fit by 0", [((50, 300), yellow), ((400, 30), blue)])
    }

    /// A JPEG of `quarters`, clockwise from the top left.
    private static func quartersPhoto(width: Int, height: Int, at path: String) throws {
        let q = quarters, (w, h) = (width / 2, height / 2)
        try magick(["-size", "\(width)x\(height)", "xc:\(q[0].hex)",
                    "-fill", q[1].hex, "-draw", "rectangle \(w),0 \(width - 1),\(h - 1)",
                    "-fill", q[2].hex, "-draw", "rectangle \(w),\(h) \(width - 1),\(height - 1)",
                    "-fill", q[3].hex, "-draw", "rectangle 0,\(h) \(w - 1),\(height - 1)",
                    "-quality", "92", path])
    }

    /// cascade on `folder` in the window size of this suite, once it has scanned and its window
    /// has the focus. Its thumbnails go to a cache of its own (in the folder), so every run decodes.
    private func open(_ folder: PhotoFolder, columns: Int, on display: XDisplay,
                      environment: [String: String]) async throws -> (ChildProcess, window: String) {
        let child = try ChildProcess(cascadeBinary, [
            folder.path, "--geometry", "\(Self.width)x\(Self.height)", "--events", "stdout", "--columns", "\(columns)", "--no-captions",
        ], environment: ["DISPLAY": display.name, "SDL_VIDEODRIVER": "x11", "XDG_CACHE_HOME": folder.path + "/.cache"]
            .merging(environment) { $1 })
        do {
            _ = try await next("scanned", from: child)
            let window = try await display.waitForWindow(class: "cascade")
            try await display.xdotool(["windowfocus", window], allowFailure: true)
            return (child, window)
        } catch {
            child.stop()
            throw error
        }
    }

    /// Captures the window until it shows the detail view — the window's sides are the detail
    /// view's background, which the wall never shows — and returns that first capture.
    private func firstDetailFrame(of window: String, on display: XDisplay) async throws -> Frame {
        try await waitFor("the detail view to show", every: .milliseconds(10)) { () -> Frame? in
            let frame = try await display.capture(window)
            let sides = [(20, 100), (20, 500), (780, 100), (780, 500)]
            return sides.allSatisfy({ close(frame.pixel($0.0, $0.1), Self.detailBackground, tolerance: 4) }) ? frame : nil
        }
    }

    /// The next stdout event of this kind, passing over others.
    private func next(_ kind: String, from child: ChildProcess) async throws -> EventLine {
        var passed: [EventLine] = []
        return try await readEvent(kind, from: child, into: &passed)
    }
}

// The interactive viewer as a user meets it: the real binary in a real X server (Xvfb), driven by
// real pointer and key events (xdotool), watched through its stdout events and the pixels on screen.
// `cascade render` of the same folder gives every tile's wall rect, so each selection can be checked
// against where the tile really is, and against the photo colour the pointer was over.

import Foundation
import Testing
@testable import App
#if canImport(Glibc)
import Glibc
#endif
@testable import TestSupport


// MARK: - The viewer under test

/// One line of the viewer's stdout.
struct EventLine: Decodable, CustomStringConvertible {
    let event: String
    let count: Int?
    let index: Int?
    let path: String?
    let uri: String?
    let rect: WallManifest.ManifestRect?
    let offset: Double?
    var line = ""

    enum CodingKeys: String, CodingKey { case event, count, index, path, uri, rect, offset }
    var description: String { line }
}

/// The next event of this kind on the stdout of a cascade started with `--events stdout`; every
/// event read on the way, this one included, is appended to `events` for failure messages.
func readEvent(_ kind: String, from child: ChildProcess, into events: inout [EventLine],
               within timeout: Duration = longestWait) async throws -> EventLine {
    let deadline = Deadline(timeout)
    while true {
        let left = deadline.end - ContinuousClock.now
        guard let line = try await child.lines.nextLine(within: max(left, .zero), waitingFor: "a \"\(kind)\" event from cascade") else {
            let status = child.isRunning ? "still running" : "exited"
            throw HarnessError("cascade's stdout ended (\(status)) before a \"\(kind)\" event; stderr:\n\(child.errorOutput)")
        }
        guard var event = try? JSONDecoder().decode(EventLine.self, from: Data(line.utf8)) else {
            throw HarnessError("cascade's stdout line is not a JSON event: \(line)")
        }
        event.line = line
        events.append(event)
        if event.event == kind { return event }
    }
}

/// A running `cascade FOLDER` window, ready once its first frame with tiles is on screen.
final class ViewerWindow {
    let stage: ViewerStage
    let child: ChildProcess
    let window: String
    /// Every event read so far, in order, for failure messages.
    private(set) var events: [EventLine] = []

    /// `environment`: more variables for cascade (`SDL_RENDER_DRIVER`…).
    init(_ stage: ViewerStage, environment: [String: String] = [:]) async throws {
        self.stage = stage
        child = try ChildProcess(cascadeBinary, [
            stage.folder, "--geometry", "\(ViewerStage.windowWidth)x\(ViewerStage.windowHeight)", "--events", "stdout",
            "--columns", "3", "--margin", "10", "--no-captions",
        ], environment: ["DISPLAY": stage.display.name, "SDL_VIDEODRIVER": "x11", "XDG_CACHE_HOME": stage.cacheHome]
            .merging(environment) { $1 })
        var seen: [EventLine] = []
        let scanned: EventLine
        do {
            scanned = try await readEvent("scanned", from: child, into: &seen)
            window = try await stage.display.waitForWindow(class: "cascade")
        } catch {
            child.stop()
            throw error
        }
        events = seen
        #expect(scanned.count == ViewerStage.photoCount, "\(scanned)")
        // Keys go to the focused window; with no window manager nobody else gives it focus.
        try await stage.display.xdotool(["windowfocus", window], allowFailure: true)
    }

    deinit { child.stop() }

    /// The next event of this kind; other kinds are kept in `events` but passed over.
    func next(_ kind: String, within timeout: Duration = longestWait) async throws -> EventLine {
        try await readEvent(kind, from: child, into: &events, within: timeout)
    }

    var display: XDisplay { stage.display }

    func click(_ x: Int, _ y: Int) async throws {
        try await display.xdotool(["mousemove", "--window", window, "\(x)", "\(y)", "click", "1"])
    }

    func key(_ name: String) async throws {
        try await display.xdotool(["key", "--clearmodifiers", name])
    }

    /// X wheel buttons: 5 scrolls down, 4 up.
    func wheel(button: Int, notches: Int, at point: (x: Int, y: Int)) async throws {
        try await display.xdotool(["mousemove", "--window", window, "\(point.x)", "\(point.y)",
                                   "click", "--repeat", "\(notches)", "--delay", "60", "\(button)"])
    }

    /// Button 1 held from `from` to `to` in even steps a frame apart; `hold` keeps the pointer still
    /// before the release (so the release has no speed and flings nothing); `clickAfter` clicks that
    /// long after the release, where the pointer is.
    func drag(from: (x: Int, y: Int), to: (x: Int, y: Int), steps: Int = 12, hold: Duration = .zero,
              clickAfter: Duration? = nil) async throws {
        var arguments = ["mousemove", "--window", window, "\(from.x)", "\(from.y)", "mousedown", "1"]
        for s in 1...steps {
            let x = from.x + (to.x - from.x) * s / steps, y = from.y + (to.y - from.y) * s / steps
            arguments += ["sleep", "0.016", "mousemove", "--window", window, "\(x)", "\(y)"]
        }
        if hold > .zero { arguments += ["sleep", Self.seconds(hold)] }
        arguments += ["mouseup", "1"]
        if let clickAfter { arguments += ["sleep", Self.seconds(clickAfter), "click", "1"] }
        try await display.xdotool(arguments)
    }

    private static func seconds(_ d: Duration) -> String {
        String(format: "%.3f", Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18)
    }

    func waitUntilStill() async throws -> Frame {
        try await display.waitUntilStill(window)
    }

    /// A point well inside a photo on screen (the same photo colour 8 px around it), trying rows in
    /// the given order down each column's centre line; nil if the window shows no photo there.
    func photoPoint(in frame: Frame, rows: some Sequence<Int>) -> (x: Int, y: Int, path: String)? {
        let centres = Set(stage.manifest.tiles.map { Int($0.rect.x + $0.rect.w / 2) }).sorted()
        for y in rows where y >= 8 && y < frame.height - 8 {
            for x in centres where x >= 8 && x < frame.width - 8 {
                guard let path = photo(showing: frame.pixel(x, y)) else { continue }
                let around = [(x - 8, y), (x + 8, y), (x, y - 8), (x, y + 8)]
                if around.allSatisfy({ photo(showing: frame.pixel($0.0, $0.1)) == path }) { return (x, y, path) }
            }
        }
        return nil
    }

    /// The photo whose colour this pixel is, if any.
    func photo(showing pixel: (r: Int, g: Int, b: Int)) -> String? {
        stage.colours.first { close(pixel, $0.value.rgb) }?.key
    }

    /// Clicks at a window point and checks the `selected` event against the manifest: the tile under
    /// the pointer (pointer + offset) is the one named, with the manifest's rect, path and uri.
    /// Then the detail view opens for it and Esc closes it again. Returns the event's offset.
    @discardableResult
    func select(at point: (x: Int, y: Int), expecting photo: String?) async throws -> Double {
        try await click(point.x, point.y)
        let selected = try await next("selected")
        let manifest = stage.manifest
        guard let index = selected.index, let rect = selected.rect, let offset = selected.offset,
              manifest.tiles.indices.contains(index) else {
            Issue.record("selected event lacks index, rect or offset, or names no tile: \(selected)")
            return 0
        }
        let tile = manifest.tiles[index]
        let wallX = Double(point.x), wallY = Double(point.y) + offset
        let under = manifest.tiles.first { contains($0.rect, wallX, wallY) }
        #expect(under?.index == index, "pointer (\(point.x), \(point.y)) + offset \(offset) is over tile \(under.map { "\($0.index)" } ?? "none") in the manifest, event: \(selected)")
        #expect(contains(rect, wallX, wallY), "pointer + offset lies outside the event's rect: \(selected)")
        #expect(same(rect, tile.rect), "event rect \(rect) ≠ manifest rect \(tile.rect) for tile \(index)")
        #expect(selected.path == tile.path)
        #expect(selected.uri == tile.uri)
        if let photo { #expect(selected.path == photo, "the pointer was over \(photo) on screen") }

        let opened = try await next("opened")
        #expect(opened.index == index && opened.path == tile.path, "\(opened)")
        try await key("Escape")
        let closed = try await next("closed")
        #expect(closed.index == index, "\(closed)")
        return offset
    }

    /// Where the wall stands once the photo selected at `offset` has closed: closing brings its
    /// tile fully into view (WaterfallView.scrollToCell, `.visible`), which moves the wall when
    /// the tile stuck out of the window.
    func offsetAfterClosing(_ photo: String, selectedAt offset: Double) -> Double {
        guard let rect = stage.manifest.tiles.first(where: { $0.path == photo })?.rect else { return offset }
        let margins = stage.manifest.margins, height = Double(ViewerStage.windowHeight)
        let maxOffset = max(0, stage.manifest.height - height)
        let target: Double
        if rect.y - margins.top < offset || rect.h > height {
            target = rect.y - margins.top
        } else if rect.y + rect.h + margins.bottom > offset + height {
            target = rect.y + rect.h + margins.bottom - height
        } else {
            return offset
        }
        return min(max(target, 0), maxOffset)
    }

    private func contains(_ r: WallManifest.ManifestRect, _ x: Double, _ y: Double) -> Bool {
        x >= r.x && x < r.x + r.w && y >= r.y && y < r.y + r.h
    }

    private func same(_ a: WallManifest.ManifestRect, _ b: WallManifest.ManifestRect) -> Bool {
        abs(a.x - b.x) < 0.001 && abs(a.y - b.y) < 0.001 && abs(a.w - b.w) < 0.001 && abs(a.h - b.h) < 0.001
    }
}

// MARK: - The tests

@Suite("the viewer in a real X server", .serialized, .viewerStage)
struct ViewerEndToEndTests {
    var stage: ViewerStage {
        get throws { try #require(ViewerStage.current, "the suite's X server and photos") }
    }

    /// Window rows from the middle outwards: where a scrolled wall surely shows photos.
    var middleOutwards: [Int] {
        let mid = ViewerStage.windowHeight / 2
        return (0..<mid).flatMap { [mid - $0, mid + $0] }
    }

    /// The renderer cascade picks for this machine (SDL's software renderer when it has no GPU,
    /// `RendererChoice`), and OpenGL asked for by name, which such a machine draws with llvmpipe.
    enum RendererAsked: String, CaseIterable, Sendable {
        case chosenByCascade, openGL
        var environment: [String: String] { self == .openGL ? ["SDL_RENDER_DRIVER": "opengl"] : [:] }
    }

    @Test("the window is 800×600, titled after the folder; clicking a tile selects and opens exactly that photo",
          arguments: RendererAsked.allCases)
    func clickOnFirstScreen(renderer: RendererAsked) async throws {
        let stage = try stage
        let viewer = try await ViewerWindow(stage, environment: renderer.environment)
        let size = try await stage.display.size(of: viewer.window)
        #expect(size.width == 800 && size.height == 600)
        let title = try await stage.display.title(of: viewer.window)
        #expect(title == "cascade — " + URL(fileURLWithPath: stage.folder).lastPathComponent)

        let onScreen = stage.manifest.tiles.filter { $0.rect.y + $0.rect.h <= Double(ViewerStage.windowHeight) - 10 }
        try #require(onScreen.count >= 4, "the first screen shows at least 4 whole tiles")
        for tile in [onScreen[0], onScreen[1], onScreen[2], onScreen[onScreen.count - 1]] {
            let frame = try await viewer.waitUntilStill()
            let centre = (x: Int(tile.rect.x + tile.rect.w / 2), y: Int(tile.rect.y + tile.rect.h / 2))
            let shown = viewer.photo(showing: frame.pixel(centre.x, centre.y))
            #expect(shown == tile.path, "tile \(tile.index)'s centre shows \(frame.pixel(centre.x, centre.y)), not its photo")
            let offset = try await viewer.select(at: centre, expecting: tile.path)
            #expect(offset == 0)
        }
    }

    @Test("the wheel scrolls down (button 5) and up (button 4); a click then selects the tile under the pointer")
    func wheelThenClick() async throws {
        let stage = try stage
        let viewer = try await ViewerWindow(stage)
        _ = try await viewer.waitUntilStill()
        try await viewer.wheel(button: 5, notches: 3, at: (400, 300))
        var frame = try await viewer.waitUntilStill()
        let down = try #require(viewer.photoPoint(in: frame, rows: middleOutwards), "a photo on screen after scrolling")
        let downOffset = try await viewer.select(at: (down.x, down.y), expecting: down.path)
        #expect(downOffset > 0, "three notches of button 5 scrolled the wall down")

        try await viewer.wheel(button: 4, notches: 1, at: (400, 300))
        frame = try await viewer.waitUntilStill()
        let up = try #require(viewer.photoPoint(in: frame, rows: middleOutwards), "a photo on screen after scrolling back")
        let upOffset = try await viewer.select(at: (up.x, up.y), expecting: up.path)
        #expect(upOffset < viewer.offsetAfterClosing(down.path, selectedAt: downOffset),
                "a notch of button 4 scrolled the wall back up")
    }

    @Test("dragging with the button held moves the wall with the pointer, a quick release flings on")
    func dragThenClick() async throws {
        let stage = try stage
        let viewer = try await ViewerWindow(stage)
        _ = try await viewer.waitUntilStill()

        // Pointer up by 250 px, released while moving: the content follows it, then flings further.
        try await viewer.drag(from: (400, 450), to: (400, 200))
        var frame = try await viewer.waitUntilStill()
        let first = try #require(viewer.photoPoint(in: frame, rows: middleOutwards), "a photo on screen after the drag")
        let flung = try await viewer.select(at: (first.x, first.y), expecting: first.path)
        #expect(flung > 250 + 20, "dragging up 250 px and letting go scrolls down by more than 250 px (offset \(flung))")

        // Pointer down by 150 px, held still before the release: the wall moves back by just that.
        // Held a whole second: SDL stamps events when it reads them, so on a loaded machine a
        // short rest can reach the wall squeezed between the last moves and the release.
        try await viewer.drag(from: (400, 150), to: (400, 300), hold: .seconds(1))
        frame = try await viewer.waitUntilStill()
        let second = try #require(viewer.photoPoint(in: frame, rows: middleOutwards), "a photo on screen after the second drag")
        let held = try await viewer.select(at: (second.x, second.y), expecting: second.path)
        // The second drag starts where closing the first photo left the wall.
        let start = viewer.offsetAfterClosing(first.path, selectedAt: flung)
        #expect(held < start, "dragging down scrolls up")
        #expect(abs((start - held) - 150) <= 10, "a 150 px drag released without speed moves the wall 150 px (moved \(start - held) from \(start))")
    }

    @Test("End scrolls to the bottom of the wall, Home back to the top")
    func endAndHome() async throws {
        let stage = try stage
        let viewer = try await ViewerWindow(stage)
        _ = try await viewer.waitUntilStill()
        let bottom = stage.manifest.height - Double(ViewerStage.windowHeight)
        try #require(bottom > 1000, "the wall is several screens tall (\(stage.manifest.height) px)")

        try await viewer.key("End")
        var frame = try await viewer.waitUntilStill()
        let low = try #require(viewer.photoPoint(in: frame, rows: stride(from: ViewerStage.windowHeight - 9, to: 300, by: -1)),
                               "a photo near the bottom of the window")
        let endOffset = try await viewer.select(at: (low.x, low.y), expecting: low.path)
        #expect(abs(endOffset - bottom) <= 1, "End shows the end of the wall: offset \(endOffset), content \(stage.manifest.height) − 600")

        try await viewer.key("Home")
        frame = try await viewer.waitUntilStill()
        let high = try #require(viewer.photoPoint(in: frame, rows: 8..<300), "a photo near the top of the window")
        let homeOffset = try await viewer.select(at: (high.x, high.y), expecting: high.path)
        #expect(homeOffset == 0, "Home goes back to the top")
    }

    @Test("a click while the wall is still flinging only stops it: nothing is selected")
    func clickDuringFling() async throws {
        let stage = try stage
        let viewer = try await ViewerWindow(stage)
        _ = try await viewer.waitUntilStill()
        // A quick 350 px flick, and a click a tenth of a second after the release.
        try await viewer.drag(from: (400, 500), to: (400, 150), steps: 8, clickAfter: .milliseconds(100))
        let frame = try await viewer.waitUntilStill()
        let point = try #require(viewer.photoPoint(in: frame, rows: middleOutwards), "the wall, not a detail view, after the flick")
        // The first selection reported must be this later click's, and the only one.
        try await viewer.select(at: (point.x, point.y), expecting: point.path)
        let selections = viewer.events.filter { $0.event == "selected" || $0.event == "opened" }
        #expect(selections.count == 2, "the click during the fling selected something: \(selections)")
    }

    @Test("q quits with status 0 and leaves nothing behind")
    func quit() async throws {
        let stage = try stage
        let viewer = try await ViewerWindow(stage)
        _ = try await viewer.waitUntilStill()
        let pid = viewer.child.pid
        try await viewer.key("q")
        let status = try await viewer.child.waitForExit(within: .seconds(10))
        #expect(status == .exited(0), "stderr: \(viewer.child.errorOutput)")
        #expect(kill(pid, 0) == -1 && errno == ESRCH, "the process is gone")
        #expect(try await stage.display.windows(class: "cascade").isEmpty, "its window is gone")
        // Nothing the viewer started still holds its stdout open.
        while try await viewer.child.lines.nextLine(within: .seconds(5), waitingFor: "the end of cascade's stdout") != nil {}
        #expect(viewer.child.lines.reachedEnd)
    }
}

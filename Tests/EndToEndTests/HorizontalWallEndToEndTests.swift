// The horizontal wall through the real binary in Xvfb: `cascade --rows 2` lays real photos out in
// rows exactly as the vertical rule turned a quarter says — worked out here from the photos' sizes
// as ImageMagick reads them, not from cascade's layout — and draws them there; a click lands on
// the tile drawn under it after the wheel, a drag and End; the wall turns on `set-direction`,
// counts its rows on `set-rows`, and the arrow keys move the cursor along and between rows.

import Foundation
import Testing
@testable import App
#if canImport(Glibc)
import Glibc
#endif
@testable import TestSupport

/// The rows rule, independently: every photo keeps its aspect ratio at the row's height (its
/// h/w clamped to 0.25…4), drops into the shortest row (ties to the top one), one gap after the
/// row's last tile; rows share the window's height less the margins and the gaps between them.
private struct ReferenceRows {
    struct Tile { let x, y, w, h: Double; let row: Int }
    let tiles: [Tile]
    let contentWidth: Double

    init(sizes: [(w: Int, h: Int)], rows: Int, height: Double, margin m: Double) {
        let rowHeight = (height - 2 * m - Double(rows - 1) * m) / Double(rows)
        var ends = [Double?](repeating: nil, count: rows)
        var tiles: [Tile] = []
        for size in sizes {
            let ratio = min(max(Double(size.h) / Double(size.w), 0.25), 4)
            let w = rowHeight / ratio
            let row = (0..<rows).min { (ends[$0] ?? 0, $0) < (ends[$1] ?? 0, $1) }!
            let x = ends[row].map { $0 + m } ?? m
            tiles.append(Tile(x: x, y: m + Double(row) * (rowHeight + m), w: w, h: rowHeight, row: row))
            ends[row] = x + w
        }
        self.tiles = tiles
        contentWidth = (ends.compactMap { $0 }.max() ?? 0) + m
    }
}

private struct StateRect: Decodable, CustomStringConvertible {
    let x, y, w, h: Double
    var description: String { "[\(x), \(y) \(w)×\(h)]" }
}

private struct WallState: Decodable {
    let direction: String?
    let rows: Int?
    let columns: Int?
    let offset: Double
    let contentWidth: Double?
    let contentHeight: Double?
    let mode: String
    let cursor: Int?
    let moving: Bool
    let visible: [Visible]
    struct Visible: Decodable {
        let index: Int
        let path: String
        let rect: StateRect
        let row: Int?
        let column: Int?
        let screen: StateRect
    }
}

/// One `cascade --rows 2` window over a folder of coloured photos.
private final class HorizontalWall {
    static let width = 1200, height = 500, margin = 10.0
    let display: XDisplay
    let child: ChildProcess
    let socket: String
    let window: String
    let colours: [PhotoColour]
    let reference: ReferenceRows
    private(set) var events: [EventLine] = []

    /// `lanes`: the options that make the wall horizontal, two rows.
    init(folder: PhotoFolder, colours: [PhotoColour], sizes: [(w: Int, h: Int)], display: XDisplay, cacheHome: String,
         lanes: [String]) async throws {
        self.display = display
        self.colours = colours
        reference = ReferenceRows(sizes: sizes, rows: 2, height: Double(Self.height), margin: Self.margin)
        socket = NSTemporaryDirectory() + "cascade-hwall-" + UUID().uuidString + ".sock"
        child = try ChildProcess(cascadeBinary, [
            folder.path] + lanes + ["--geometry", "\(Self.width)x\(Self.height)", "--margin", "10", "--no-captions",
            "--events", "stdout", "--control", socket,
        ], environment: ["DISPLAY": display.name, "SDL_VIDEODRIVER": "x11", "XDG_CACHE_HOME": cacheHome,
                         "XDG_STATE_HOME": cacheHome])
        window = try await display.focusedWindow(of: child)
        let scanned = try await next("scanned")
        #expect(scanned.count == colours.count, "\(scanned)")
    }

    deinit {
        child.stop()
        try? FileManager.default.removeItem(atPath: socket)
    }

    func next(_ kind: String) async throws -> EventLine {
        try await readEvent(kind, from: child, into: &events)
    }

    func state() async throws -> WallState {
        try await controlState(socket, as: WallState.self, stderr: child.errorOutput)
    }

    @discardableResult
    func waitForState(_ condition: (WallState) -> Bool) async throws -> WallState {
        try await waitForControlState(socket, as: WallState.self, stderr: child.errorOutput, until: condition)
    }

    /// `cascade ctl` with these words: its exit status and what it printed on stderr.
    func ctl(_ words: String...) throws -> (ok: Bool, error: String) {
        let r = try cascadeRun(["ctl", "--socket", socket] + words, environment: [:])
        return (r.status == 0, r.err)
    }

    func key(_ name: String) async throws {
        try await display.xdotool(["key", "--clearmodifiers", name])
    }

    /// The wall once it has stopped moving and every decode it asked for is done, and the
    /// window's pixels then. (A still window alone is not enough on a loaded machine: a tile can
    /// wait for its decode longer than the window takes to look still.)
    func settled() async throws -> (WallState, Frame) {
        try await waitForState { !$0.moving }
        _ = try await display.waitUntilStill(window)
        _ = try await eventually(every: .milliseconds(100)) {
            let r = try await runTool(cascadeBinary, ["ctl", "--socket", socket, "get-stats"])
            let stats = try JSONSerialization.jsonObject(with: r.output) as? [String: Any]
            return stats?["decodeQueue"] as? Int == 0
        }
        let frame = try await display.waitUntilStill(window)
        return (try await waitForState { !$0.moving }, frame)
    }

    /// Every tile get-state lists against the reference rule, within a pixel: its wall rect, its
    /// row, and its place in the window (the rect less the offset along x).
    func expectMatchesReference(_ s: WallState, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(s.direction == "horizontal" && s.rows == 2 && s.columns == nil, "\(s)", sourceLocation: sourceLocation)
        #expect(abs((s.contentWidth ?? -1) - reference.contentWidth) <= 1,
                "content width \(s.contentWidth ?? -1), the rule's \(reference.contentWidth)", sourceLocation: sourceLocation)
        #expect(!s.visible.isEmpty, sourceLocation: sourceLocation)
        for tile in s.visible {
            let want = reference.tiles[tile.index]
            let r = tile.rect, on = tile.screen
            #expect(abs(r.x - want.x) <= 1 && abs(r.y - want.y) <= 1 && abs(r.w - want.w) <= 1 && abs(r.h - want.h) <= 1,
                    "tile \(tile.index): \(r), the rule's [\(want.x), \(want.y) \(want.w)×\(want.h)]", sourceLocation: sourceLocation)
            #expect(tile.row == want.row, "tile \(tile.index) in row \(tile.row ?? -1), the rule's \(want.row)", sourceLocation: sourceLocation)
            #expect(abs(on.x - (want.x - s.offset)) <= 1 && abs(on.y - want.y) <= 1,
                    "tile \(tile.index) in the window at \(on), offset \(s.offset)", sourceLocation: sourceLocation)
        }
    }

    /// The pixels: inside each tile wholly in the window, 2 px in from each edge, its photo's
    /// colour; 2 px outside its left and right edges (the gap), not its colour.
    func expectDrawnAsReference(_ s: WallState, _ frame: Frame, sourceLocation: SourceLocation = #_sourceLocation) {
        var judged = 0
        for tile in s.visible {
            let want = reference.tiles[tile.index]
            let left = want.x - s.offset, right = left + want.w, top = want.y, bottom = top + want.h
            guard left >= 3, right <= Double(frame.width) - 3 else { continue }
            judged += 1
            let colour = colours[tile.index].rgb
            let midY = Int((top + bottom) / 2), midX = Int((left + right) / 2)
            let inside = [(Int(left.rounded()) + 2, midY), (Int(right.rounded()) - 3, midY),
                          (midX, Int(top.rounded()) + 2), (midX, Int(bottom.rounded()) - 3)]
            for (x, y) in inside {
                #expect(close(frame.pixel(x, y), colour), "tile \(tile.index) at (\(x), \(y)) shows \(frame.pixel(x, y)), its photo is \(colour)",
                        sourceLocation: sourceLocation)
            }
            for (x, y) in [(Int(left.rounded()) - 3, midY), (Int(right.rounded()) + 2, midY)] {
                #expect(!close(frame.pixel(x, y), colour), "tile \(tile.index)'s colour spills to (\(x), \(y))", sourceLocation: sourceLocation)
            }
        }
        #expect(judged >= 3, "too few whole tiles in the window to judge (\(judged))", sourceLocation: sourceLocation)
    }

    /// Clicks the middle of a tile drawn in the window — its colour checked in `frame` — and
    /// expects it selected with the rule's rect; then back to the wall.
    func clickATile(_ s: WallState, _ frame: Frame, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let inWindow = s.visible.filter { $0.screen.x >= 0 && $0.screen.x + $0.screen.w <= Double(frame.width) }
        let tile = try #require(inWindow.count > 1 ? inWindow[inWindow.count / 2] : inWindow.first,
                                "a tile wholly in the window", sourceLocation: sourceLocation)
        let x = Int(tile.screen.x + tile.screen.w / 2), y = Int(tile.screen.y + tile.screen.h / 2)
        #expect(close(frame.pixel(x, y), colours[tile.index].rgb), "tile \(tile.index) is not drawn at (\(x), \(y))",
                sourceLocation: sourceLocation)
        try await display.xdotool(["mousemove", "--window", window, "\(x)", "\(y)", "click", "1"])
        let selected = try await next("selected")
        #expect(selected.index == tile.index, "clicked (\(x), \(y)) over tile \(tile.index): \(selected)", sourceLocation: sourceLocation)
        let want = reference.tiles[tile.index]
        if let r = selected.rect {
            #expect(abs(r.x - want.x) <= 1 && abs(r.y - want.y) <= 1 && abs(r.w - want.w) <= 1 && abs(r.h - want.h) <= 1,
                    "the selected event's rect \(r)", sourceLocation: sourceLocation)
        }
        if let offset = selected.offset { #expect(abs(offset - s.offset) <= 1, "event offset \(offset), state \(s.offset)", sourceLocation: sourceLocation) }
        _ = try await next("opened")
        try await key("Escape")
        _ = try await next("closed")
    }
}

@Suite("the horizontal wall in a real X server", .serialized)
struct HorizontalWallEndToEndTests {
    /// 30 photos of distinct colours, landscapes, portraits, squares and a panorama past the clamp.
    private static func photos() throws -> (PhotoFolder, [PhotoColour], [(w: Int, h: Int)]) {
        let folder = try PhotoFolder()
        let shapes = [(400, 300), (300, 450), (500, 500), (640, 360), (360, 640), (600, 400), (300, 600), (1200, 200), (420, 560)]
        let colours = PhotoColour.palette(30)
        for (i, colour) in colours.enumerated() {
            let (w, h) = shapes[i % shapes.count]
            try folder.photo(String(format: "photo-%02d.%@", i + 1, i % 2 == 0 ? "jpg" : "png"), width: w, height: h, colour: colour.hex)
        }
        // The sizes as the files say, read by ImageMagick: the reference trusts nothing of cascade's.
        var sizes: [(w: Int, h: Int)] = []
        for i in 0..<colours.count {
            let file = folder.path + String(format: "/photo-%02d.%@", i + 1, i % 2 == 0 ? "jpg" : "png")
            let r = try pixelSize(file)
            sizes.append(r)
        }
        return (folder, colours, sizes)
    }

    private func withWall(lanes: [String] = ["--rows", "2"], _ body: (HorizontalWall) async throws -> Void) async throws {
        let server = try await XServer()
        defer { server.stop() }
        let (folder, colours, sizes) = try Self.photos()
        let cache = NSTemporaryDirectory() + "cascade-hwall-cache-" + UUID().uuidString
        defer {
            try? FileManager.default.removeItem(atPath: cache)
            withExtendedLifetime(folder) {}
        }
        let wall = try await HorizontalWall(folder: folder, colours: colours, sizes: sizes, display: server.display, cacheHome: cache,
                                           lanes: lanes)
        try await body(wall)
    }

    @Test("--rows 2 lays real photos out in two rows as the vertical rule turned a quarter, and draws them there; after the wheel, a drag and End too")
    func matchesTheTurnedRule() async throws {
        try await withWall { wall in
            var (s, frame) = try await wall.settled()
            #expect(s.offset == 0)
            wall.expectMatchesReference(s)
            wall.expectDrawnAsReference(s, frame)

            // A plain wheel scrolls the horizontal wall sideways.
            try await wall.display.xdotool(["mousemove", "--window", wall.window, "600", "250", "click", "--repeat", "3", "--delay", "60", "5"])
            (s, frame) = try await wall.settled()
            #expect(s.offset > 0, "three notches of the wheel moved the wall along x")
            wall.expectMatchesReference(s)
            wall.expectDrawnAsReference(s, frame)
            try await wall.clickATile(s, frame)

            // Dragged left by 400 px and held still before the release: the wall follows the hand.
            (s, frame) = try await wall.settled()
            let before = s.offset
            var drag = ["mousemove", "--window", wall.window, "900", "250", "mousedown", "1"]
            for step in 1...12 { drag += ["sleep", "0.016", "mousemove", "--window", wall.window, "\(900 - 400 * step / 12)", "250"] }
            drag += ["sleep", "1", "mouseup", "1"]
            try await wall.display.xdotool(drag)
            (s, frame) = try await wall.settled()
            #expect(abs((s.offset - before) - 400) <= 10, "a 400 px drag moved the wall \(s.offset - before) px along x")
            wall.expectMatchesReference(s)
            wall.expectDrawnAsReference(s, frame)
            try await wall.clickATile(s, frame)

            // End: the wall's last screen, the last photo at the cursor.
            try await wall.key("End")
            s = try await wall.waitForState { !$0.moving && $0.cursor == wall.colours.count - 1 }
            (s, frame) = try await wall.settled()
            #expect(abs(s.offset - (wall.reference.contentWidth - Double(HorizontalWall.width))) <= 1,
                    "End shows the wall's end: offset \(s.offset), content \(wall.reference.contentWidth)")
            wall.expectMatchesReference(s)
            wall.expectDrawnAsReference(s, frame)
            try await wall.clickATile(s, frame)
        }
    }

    @Test("arrow keys: → and ← move the cursor along its row, ↓ and ↑ to the row beside")
    func arrowKeys() async throws {
        try await withWall { wall in
            _ = try await wall.settled()
            let rows = wall.reference.tiles.map(\.row)
            // The first press lands on the first tile in view: the top row's first.
            try await wall.key("Right")
            var s = try await wall.waitForState { $0.cursor != nil }
            #expect(s.cursor == 0, "the first press lands on the top-left tile: \(s.cursor ?? -1)")
            let nextInRow = try #require((1..<rows.count).first { rows[$0] == 0 })
            try await wall.key("Right")
            s = try await wall.waitForState { $0.cursor == nextInRow }
            #expect(s.cursor == nextInRow, "→ goes to the next photo of the top row, \(nextInRow): \(s.cursor ?? -1)")
            try await wall.key("Down")
            s = try await wall.waitForState { ($0.cursor.map { rows[$0] }) == 1 }
            let below = try #require(s.cursor)
            #expect(rows[below] == 1, "↓ goes to the second row: tile \(below)")
            let a = wall.reference.tiles[nextInRow], b = wall.reference.tiles[below]
            #expect(b.x < a.x + a.w && a.x < b.x + b.w, "the tile below (\(below)) overlaps the one above (\(nextInRow)) along x")
            try await wall.key("Up")
            s = try await wall.waitForState { ($0.cursor.map { rows[$0] }) == 0 }
            #expect(s.cursor.map { rows[$0] } == 0, "↑ goes back to the top row: \(s.cursor ?? -1)")
            try await wall.key("Left")
            s = try await wall.waitForState { $0.cursor == 0 }
            #expect(s.cursor == 0, "← goes back along the top row to its first photo")
        }
    }

    @Test("Ctrl+wheel changes the rows, holding the tile under the pointer under it")
    func controlWheelChangesRows() async throws {
        try await withWall { wall in
            _ = try await wall.settled()
            try await wall.display.xdotool(["mousemove", "--window", wall.window, "600", "250", "click", "--repeat", "4", "--delay", "60", "5"])
            let (s, _) = try await wall.settled()
            let inWindow = s.visible.filter { $0.screen.x >= 0 && $0.screen.x + $0.screen.w <= Double(HorizontalWall.width) }
            let pointed = try #require(inWindow.first { $0.row == 1 }, "a whole tile of the second row in the window")
            let x = Int(pointed.screen.x + pointed.screen.w / 2), y = Int(pointed.screen.y + pointed.screen.h / 2)
            try await wall.display.xdotool(["mousemove", "--window", wall.window, "\(x)", "\(y)", "keydown", "ctrl", "click", "4", "keyup", "ctrl"])
            let one = try await wall.waitForState { $0.rows == 1 && !$0.moving }
            #expect(one.rows == 1, "Ctrl+wheel up: fewer, bigger rows")
            let under = one.visible.first { $0.screen.x <= Double(x) && Double(x) < $0.screen.x + $0.screen.w
                && $0.screen.y <= Double(y) && Double(y) < $0.screen.y + $0.screen.h }
            #expect(under?.index == pointed.index, "tile \(pointed.index) was under the pointer; now \(under.map { "\($0.index)" } ?? "none") is")
            try await wall.display.xdotool(["keydown", "ctrl", "click", "5", "keyup", "ctrl"])
            let two = try await wall.waitForState { $0.rows == 2 && !$0.moving }
            #expect(two.rows == 2, "Ctrl+wheel down: more rows again")
        }
    }

    @Test("set-direction turns the running wall, the photo looked at kept in view; set-rows counts its rows; lane commands of the other way are refused by name")
    func controlTurnsTheWall() async throws {
        try await withWall { wall in
            _ = try await wall.settled()
            try await wall.display.xdotool(["mousemove", "--window", wall.window, "600", "250", "click", "--repeat", "4", "--delay", "60", "5"])
            var (s, _) = try await wall.settled()
            let seen = Set(s.visible.map(\.index))

            let refused = try wall.ctl("set-columns", "3")
            #expect(!refused.ok && refused.error.contains("set-rows"), "set-columns on a horizontal wall: \(refused.error)")
            let unknown = try wall.ctl("set-direction", "diagonal")
            #expect(!unknown.ok && unknown.error.contains("vertical or horizontal"), "\(unknown.error)")

            #expect(try wall.ctl("set-direction", "vertical").ok)
            s = try await wall.waitForState { $0.direction == "vertical" && !$0.moving }
            #expect(s.columns != nil && s.rows == nil && s.contentHeight != nil && s.contentWidth == nil, "\(s)")
            #expect(s.visible.allSatisfy { $0.column != nil && $0.row == nil })
            #expect(!seen.isDisjoint(with: s.visible.map(\.index)), "no photo of those in view before the turn is in view after it")
            let rowsRefused = try wall.ctl("set-rows", "2")
            #expect(!rowsRefused.ok && rowsRefused.error.contains("set-columns"), "set-rows on a vertical wall: \(rowsRefused.error)")

            #expect(try wall.ctl("set-direction", "horizontal").ok)
            s = try await wall.waitForState { $0.direction == "horizontal" && !$0.moving }
            #expect(s.rows == 1, "auto rows of a 500 px window: one of at least 240 px, got \(s.rows ?? -1)")
            #expect(try wall.ctl("set-rows", "2").ok)
            s = try await wall.waitForState { $0.rows == 2 && !$0.moving }
            let frame: Frame
            (s, frame) = try await wall.settled()
            wall.expectMatchesReference(s)
            wall.expectDrawnAsReference(s, frame)
        }
    }
}

extension HorizontalWallEndToEndTests {
    @Test("a configuration reloaded on SIGHUP with another direction turns the wall, and back")
    func reloadTurnsTheWall() async throws {
        let config = TemporaryFolder("cascade-hwall-config")
        let file = config.path + "/cascade.toml"
        try "rows = 2\n".write(toFile: file, atomically: true, encoding: .utf8)
        try await withWall(lanes: ["--config", file]) { wall in
            var (s, frame) = try await wall.settled()
            wall.expectMatchesReference(s)
            wall.expectDrawnAsReference(s, frame)

            try "direction = \"vertical\"\n".write(toFile: file, atomically: true, encoding: .utf8)
            kill(wall.child.pid, SIGHUP)
            s = try await wall.waitForState { $0.direction == "vertical" }
            #expect(s.direction == "vertical" && s.columns != nil && s.rows == nil, "after the reload: \(s)")

            try "rows = 2\n".write(toFile: file, atomically: true, encoding: .utf8)
            kill(wall.child.pid, SIGHUP)
            s = try await wall.waitForState { $0.direction == "horizontal" && $0.rows == 2 }
            try await wall.key("Home")
            (s, frame) = try await wall.settled()
            wall.expectMatchesReference(s)
            wall.expectDrawnAsReference(s, frame)
        }
    }
}

/// A file's pixel size as ImageMagick's identify reads it.
private func pixelSize(_ file: String) throws -> (w: Int, h: Int) {
    let p = Process(), out = Pipe()
    p.executableURL = URL(fileURLWithPath: "/usr/bin/identify")
    p.arguments = ["-format", "%w %h", file]
    p.standardOutput = out
    try p.run()
    p.waitUntilExit()
    let words = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).split(separator: " ").compactMap { Int($0) }
    guard p.terminationStatus == 0, words.count == 2 else { throw HarnessError("identify \(file): \(words)") }
    return (words[0], words[1])
}

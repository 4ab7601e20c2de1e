// The keyboard cursor and column zoom through the real binary in Xvfb, as a user drives them:
// keys pressed quickly and held down (X's own key repeat), Ctrl+wheel over a tile, `+` and `-`.
// What happened is read back through the control socket's `get-state` (the cursor, each visible
// tile's column and place in the window); `cascade render` of the same folder says which tiles
// share a column, so every expected tile is known before a key is pressed.

import Foundation
import Testing
@testable import App
@testable import TestSupport

/// `get-state` read into what these tests look at.
private struct CursorState {
    struct Tile { let index: Int; let column: Int; let screen: (x: Double, y: Double, w: Double, h: Double) }
    let count: Int
    let cursor: Int?
    let columns: Int
    let moving: Bool
    let visible: [Tile]

    init(_ data: Any?) throws {
        guard let object = data as? [String: Any], let count = object["count"] as? Int, let columns = object["columns"] as? Int,
              let moving = object["moving"] as? Bool, let visible = object["visible"] as? [[String: Any]] else {
            throw HarnessError("get-state lacks columns, moving or visible: \(String(describing: data))")
        }
        self.count = count
        cursor = object["cursor"] as? Int
        self.columns = columns
        self.moving = moving
        self.visible = try visible.map { tile in
            func number(_ key: String) -> Double? { ((tile["screen"] as? [String: Any])?[key] as? NSNumber)?.doubleValue }
            guard let index = tile["index"] as? Int, let column = tile["column"] as? Int,
                  let x = number("x"), let y = number("y"), let w = number("w"), let h = number("h") else {
                throw HarnessError("a visible tile lacks index, column or screen: \(tile)")
            }
            return Tile(index: index, column: column, screen: (x, y, w, h))
        }
    }

    func tile(_ index: Int) -> Tile? { visible.first { $0.index == index } }

    func tile(under point: (x: Double, y: Double)) -> Tile? {
        visible.first { point.x >= $0.screen.x && point.x < $0.screen.x + $0.screen.w && point.y >= $0.screen.y && point.y < $0.screen.y + $0.screen.h }
    }
}

@Suite("the keyboard cursor and column zoom in a real X server", .serialized)
struct CursorEndToEndTests {
    static let height = 600.0

    /// cascade on 90 photos of mixed shapes in an 800×600 window with a control socket, its
    /// window focused, and the columns of the wall as `cascade render` lays it out.
    final class Wall {
        let service: DaemonEndToEndTests.Service
        let control: ControlConnection
        let window: String
        /// Each column's tiles, top to bottom.
        let columns: [[Int]]

        init() async throws {
            service = try await DaemonEndToEndTests.Service(photos: 90)
            let service = self.service
            _ = try await service.check { try await service.notify.wait(for: "READY=1") }
            control = try await ControlConnection(service.socket)
            window = try await service.server.display.waitForWindow(class: "cascade")
            try await service.server.display.xdotool(["windowfocus", window], allowFailure: true)

            let manifest = try await renderedManifest(of: service.folder.path, width: 800, cacheHome: service.cacheHome)
            let lefts = Set(manifest.tiles.map(\.rect.x)).sorted()
            columns = lefts.map { x in manifest.tiles.filter { $0.rect.x == x }.sorted { $0.rect.y < $1.rect.y }.map(\.index) }
            _ = try await settled("the scan") { $0.count == 90 }
            #expect(columns.count == 3 && columns.joined().count == 90, "the rendered wall has \(columns.count) columns")
        }

        var display: XDisplay { service.server.display }

        fileprivate func state() async throws -> CursorState {
            try await service.check { try CursorState(try await control.data(["get-state"])) }
        }

        /// The state once the wall has stopped gliding and `ready` holds.
        fileprivate func settled(_ what: String, until ready: (CursorState) -> Bool = { _ in true }) async throws -> CursorState {
            // Still on two looks in a row: a glide may be about to start from a key still queued.
            var last: CursorState?
            var stillBefore = false
            return try await waitFor("the wall to settle (\(what)); last cursor \(last?.cursor.map(String.init) ?? "none"), \(last?.columns ?? 0) columns",
                                     every: .milliseconds(150)) { () -> CursorState? in
                let now = try await state()
                last = now
                let still = !now.moving && ready(now)
                defer { stillBefore = still }
                return still && stillBefore ? now : nil
            }
        }

        /// How many key presses (repeats included) the frame loop has taken so far.
        func keysTaken() async throws -> Int {
            let stats = try await control.data(["get-stats"]) as? [String: Any]
            guard let key = (stats?["events"] as? [String: Any])?["key"] as? Int else { throw HarnessError("get-stats has no events.key: \(String(describing: stats))") }
            return key
        }

        func keys(_ names: [String], delayMS: Int = 40) async throws {
            try await display.xdotool(["key", "--delay", "\(delayMS)"] + names)
        }

        /// The wall scrolled to `offset` at once, settled, with no cursor yet.
        func scroll(to offset: Double) async throws {
            _ = try await control.data(["scroll-to", ["offset": offset]])
            _ = try await settled("scrolled to \(offset)")
        }

        /// One Ctrl+wheel notch at a window point: button 4 (away from the user) zooms in.
        func controlWheel(button: Int, at point: (x: Double, y: Double)) async throws {
            try await display.xdotool(["mousemove", "--window", window, "\(Int(point.x))", "\(Int(point.y))",
                                       "keydown", "ctrl", "click", "\(button)", "keyup", "ctrl"])
        }
    }

    /// Where tile `index` is in its column, and that column.
    private func place(of index: Int, in columns: [[Int]]) -> (column: Int, row: Int)? {
        for (c, tiles) in columns.enumerated() { if let r = tiles.firstIndex(of: index) { return (c, r) } }
        return nil
    }

    private func fullyOnScreen(_ tile: CursorState.Tile) -> Bool {
        tile.screen.y >= -0.5 && tile.screen.y + tile.screen.h <= Self.height + 0.5
    }

    @Test("Home (the cursor on the first photo), then ten Downs 40 ms apart: the cursor is ten tiles down the first column, on screen")
    func quickPresses() async throws {
        let wall = try await Wall()
        try await wall.keys(["Home"] + Array(repeating: "Down", count: 10))
        let expected = wall.columns[0][10]
        let state = try await wall.settled("after ten Downs") { $0.cursor == expected }
        let tile = try #require(state.tile(expected), "the cursor's tile \(expected) is on screen")
        #expect(tile.column == 0)
        #expect(fullyOnScreen(tile), "the wall followed the cursor: tile \(expected) at \(tile.screen)")

        // Back up the same way, quicker still, and across: Up ×4, Right ×2, Left.
        try await wall.keys(Array(repeating: "Up", count: 4) + ["Right", "Right", "Left"], delayMS: 20)
        let after = try await wall.settled("after Up ×4, Right ×2, Left") { $0.cursor != expected }
        let up4 = wall.columns[0][6]
        let cursor = try #require(after.cursor)
        let landed = try #require(after.tile(cursor))
        #expect(landed.column == 1, "Right, Right, Left from column 0 ends in column 1 (at tile \(cursor), from \(up4))")
        #expect(fullyOnScreen(landed))
    }

    @Test("Down held: X's key repeat walks the first column one tile per repeat, and the wall follows without going back")
    func heldKey() async throws {
        let wall = try await Wall()
        try await wall.keys(["Right"])
        _ = try await wall.settled("the first press") { $0.cursor == wall.columns[0][0] }
        let before = try await wall.keysTaken()

        try await wall.display.xdotool(["keydown", "Down"])
        // Watch while it is held, until X has repeated it a few times: the cursor only ever moves
        // down the first column.
        var rows: [Int] = []
        try await waitUntil("X to repeat the held Down", every: .milliseconds(60)) {
            let now = try await wall.state()
            if let cursor = now.cursor, let place = place(of: cursor, in: wall.columns) {
                #expect(place.column == 0, "the held Down left the first column at tile \(cursor)")
                rows.append(place.row)
            }
            return try await wall.keysTaken() - before >= 5
        }
        try await wall.display.xdotool(["keyup", "Down"])
        let presses = try await wall.keysTaken() - before

        #expect(presses >= 4, "X repeated the held key (\(presses) presses)")
        #expect(zip(rows, rows.dropFirst()).allSatisfy { $0 <= $1 }, "the cursor went back up while Down was held: rows \(rows)")
        let expected = wall.columns[0][min(presses, wall.columns[0].count - 1)]
        let state = try await wall.settled("after the held Down") { $0.cursor == expected }
        let tile = try #require(state.tile(expected))
        #expect(fullyOnScreen(tile), "the wall caught up with the cursor: \(tile.screen)")
    }

    @Test("Ctrl+wheel over a tile: that tile stays at the pointer's height notch after notch, and under it in one column")
    func controlWheelHoldsTheTile() async throws {
        let wall = try await Wall()
        try await wall.scroll(to: 1500)
        let start = try await wall.state()
        // Mid-window, over a tile in the middle column and well inside it.
        func wellInside(_ y: Double) -> Bool {
            guard let tile = start.tile(under: (x: 400, y: y)) else { return false }
            return y - tile.screen.y > 20 && tile.screen.y + tile.screen.h - y > 20
        }
        let y = try #require(stride(from: 280.0, through: 380, by: 1).first(where: wellInside), "a tile in the middle of the window")
        let pointer = (x: 400.0, y: y)
        let pointed = try #require(start.tile(under: pointer))
        // The share of its height above the pointer: what a zoom about the pointer keeps.
        let fraction = (pointer.y - pointed.screen.y) / pointed.screen.h

        let notches: [(button: Int, columns: Int)] = [(4, 2), (4, 1), (5, 2), (5, 3)]
        for (notch, (button, columns)) in notches.enumerated() {
            try await wall.controlWheel(button: button, at: pointer)
            let state = try await wall.settled("Ctrl+wheel notch \(notch + 1)") { $0.columns == columns }
            let tile = try #require(state.tile(pointed.index), "notch \(notch + 1): tile \(pointed.index) is still on screen")
            let line = tile.screen.y + fraction * tile.screen.h
            #expect(abs(line - pointer.y) <= 3, "notch \(notch + 1): the pointed line of tile \(pointed.index) is at y \(line), the pointer at \(pointer.y)")
            if columns == 1 {
                #expect(state.tile(under: pointer)?.index == pointed.index, "in one column the tile is right under the pointer")
            }
        }
    }

    @Test("+ and - keep the cursor's tile in place; with no cursor, the top tile")
    func keysHoldTheCursor() async throws {
        let wall = try await Wall()
        try await wall.scroll(to: 1500)
        // The first press picks the top-left tile in view; two Downs bring the cursor mid-screen.
        try await wall.keys(["Right", "Down", "Down"])
        var state = try await wall.settled("the cursor placed") { $0.cursor != nil }
        let cursor = try #require(state.cursor)
        let tile = try #require(state.tile(cursor))
        let middle = tile.screen.y + tile.screen.h / 2
        for (key, columns) in [("plus", 2), ("minus", 3), ("minus", 4)] {
            try await wall.keys([key])
            state = try await wall.settled("after \(key)") { $0.columns == columns }
            let now = try #require(state.tile(cursor), "after \(key): the cursor's tile is on screen")
            #expect(abs(now.screen.y + now.screen.h / 2 - middle) <= 3, "after \(key): the cursor's middle moved from \(middle) to \(now.screen.y + now.screen.h / 2)")
            #expect(state.cursor == cursor)
        }

        // Esc clears the cursor: the tile at the top of the screen keeps its place.
        try await wall.keys(["Escape"])
        state = try await wall.settled("the cursor cleared") { $0.cursor == nil }
        // The tile a reader's eye is on: the first (lowest index) whose top is in the window.
        let top = try #require(state.visible.filter { $0.screen.y >= 0 }.min { $0.index < $1.index })
        try await wall.keys(["plus"])
        state = try await wall.settled("after plus without a cursor") { $0.columns == 3 }
        let kept = try #require(state.tile(top.index))
        #expect(abs(kept.screen.y - top.screen.y) <= 3, "the top tile \(top.index) moved from \(top.screen.y) to \(kept.screen.y)")
    }
}

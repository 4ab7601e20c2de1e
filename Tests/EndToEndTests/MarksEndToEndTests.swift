// Marks as a user and a program meet them: the real binary in Xvfb, keys and the mouse through
// xdotool, the control socket's `get-state` and events. `m` and Shift+→ mark a range, a re-sort
// keeps the marks on their photos, a held button marks a tile without opening it, Shift+click
// marks from the cursor, and `mark` / `unmark` / `mark-clear` answer with events, which a program
// may subscribe to alone.

import Foundation
import Testing
@testable import App
@testable import TestSupport

@Suite("marking photos in a real X server", .serialized)
struct MarksEndToEndTests {
    /// cascade on 12 photos, subscribed to every event, its window focused.
    private final class MarksWall {
        let service: DaemonEndToEndTests.Service
        let control: ControlConnection
        let window: String
        var display: XDisplay { service.server.display }

        init(arguments: [String] = [], environment: [String: String] = [:]) async throws {
            let service = try await DaemonEndToEndTests.Service(photos: 12, arguments: arguments, environment: environment)
            self.service = service
            (control, window) = try await service.subscribedWall()
        }

        func state() async throws -> [String: Any] {
            try #require(try await control.data(["get-state"]) as? [String: Any])
        }

        /// The marked photos as get-state lists them: index and path, in the wall's order.
        func marked() async throws -> [(index: Int, path: String)] {
            let list = try await state()["marked"] as? [[String: Any]] ?? []
            return list.compactMap { item in
                guard let index = item["index"] as? Int, let path = item["path"] as? String else { return nil }
                return (index, path)
            }
        }

        /// Waits until exactly `count` photos are marked.
        func marked(count: Int) async throws -> [(index: Int, path: String)] {
            try await waitFor("\(count) photos marked") { () -> [(index: Int, path: String)]? in
                let now = try await marked()
                return now.count == count ? now : nil
            }
        }

        /// A visible tile's middle, in window pixels.
        func middle(of index: Int) async throws -> (x: Int, y: Int) {
            let visible = try await state()["visible"] as? [[String: Any]] ?? []
            let tile = try #require(visible.first { $0["index"] as? Int == index }, "tile \(index) is not on screen")
            let screen = try #require(tile["screen"] as? [String: Any])
            func number(_ key: String) -> Double { (screen[key] as? NSNumber)?.doubleValue ?? 0 }
            return (Int(number("x") + number("w") / 2), Int(number("y") + number("h") / 2))
        }
    }

    @Test("m, then Shift+→ twice: three photos marked and counted in the title; a re-sort keeps them on the same photos")
    func keysMarkARangeThatSurvivesSorting() async throws {
        let wall = try await MarksWall()
        try await wall.display.xdotool(["key", "--delay", "60", "m", "shift+Right", "shift+Right"])
        let three = try await wall.marked(count: 3)
        #expect(three.map(\.index) == [0, 1, 2], "from the first photo to the cursor: \(three)")
        #expect(try await wall.state()["cursor"] as? Int == 2)
        let title = try await waitFor("the title to count the marks") { () -> String? in
            let title = try await wall.display.title(of: wall.window)
            return title.hasSuffix("3 marked") ? title : nil
        }
        #expect(title.hasPrefix("cascade"))

        let paths = Set(three.map(\.path))
        _ = try await wall.control.data(["sort", "-date"])
        #expect(Set(try await wall.marked(count: 3).map(\.path)) == paths, "sort -date kept the marks")
        _ = try await wall.control.data(["sort", "-name"])
        let reversed = try await wall.marked(count: 3)
        #expect(Set(reversed.map(\.path)) == paths, "sort -name kept the marks")
        #expect(reversed.map(\.index) == [9, 10, 11], "the same photos at their places in the reversed order: \(reversed)")
    }

    @Test("marked photos trashed come back marked with u, and not highlighted as new; --print-marked writes the marked paths at quit")
    func marksComeBackAndArePrinted() async throws {
        let data = NSTemporaryDirectory() + "cascade-marks-data-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: data) }
        let wall = try await MarksWall(arguments: ["--print-marked"], environment: ["XDG_DATA_HOME": data])
        let control = wall.control
        _ = try await control.data(["mark", [2, 4]])
        let marked = try await wall.marked(count: 2)
        _ = try await control.data(["trash"])
        _ = try await wall.marked(count: 0)
        #expect(try await wall.state()["count"] as? Int == 10)

        try await wall.display.xdotool(["key", "u"])
        let back = try await wall.marked(count: 2)
        #expect(back.map(\.path) == marked.map(\.path) && back.map(\.index) == [2, 4], "\(back)")
        let visible = try await wall.state()["visible"] as? [[String: Any]] ?? []
        let returned = visible.filter { tile in marked.contains { $0.path == tile["path"] as? String } }
        #expect(returned.count == 2 && returned.allSatisfy { $0["new"] as? Bool == false }, "put back, not new: \(returned)")

        _ = try await control.data(["quit"])
        #expect(try await wall.service.child.waitForExit(within: longestWait) == .exited(0))
        var printed: [String] = []
        while let line = try await wall.service.child.lines.nextLine(within: longestWait, waitingFor: "the marked paths") {
            printed.append(line)
        }
        #expect(printed == marked.map(\.path), "stdout: \(printed)")
    }

    @Test("the socket's mark, unmark and mark-clear change the marks by index and path, with marked and unmarked events")
    func socketMarks() async throws {
        let wall = try await MarksWall()
        let control = wall.control
        let visible = try await wall.state()["visible"] as? [[String: Any]] ?? []
        let path3 = try #require(visible.first { $0["index"] as? Int == 3 }?["path"] as? String)
        let path5 = try #require(visible.first { $0["index"] as? Int == 5 }?["path"] as? String)
        // A program that listens for the marks alone, as one keeping a selection in step.
        let listener = try await ControlConnection(wall.service.socket)
        _ = try await listener.data(["subscribe", "marked", "unmarked"])

        let reply = try #require(try await control.data(["mark", [5, path3]]) as? [String: Any])
        #expect(reply["count"] as? Int == 2)
        let marked = try await control.event("marked")
        #expect(marked["paths"] as? [String] == [path5, path3], "\(marked)")
        #expect(try await listener.event("marked")["paths"] as? [String] == [path5, path3])
        #expect(try await wall.marked().map(\.index) == [3, 5])

        _ = try await control.data(["unmark", 5])
        let unmarked = try await control.event("unmarked")
        #expect(unmarked["paths"] as? [String] == [path5], "\(unmarked)")
        #expect(try await listener.event("unmarked")["paths"] as? [String] == [path5])

        let bad = try await control.request(["mark", [1, 40]])
        #expect((bad["error"] as? String)?.contains("no photo at index 40") == true, "\(bad)")
        #expect(try await wall.marked().map(\.index) == [3], "a bad request changed nothing")

        _ = try await control.data(["mark-clear"])
        let cleared = try await control.event("unmarked")
        #expect(cleared["paths"] as? [String] == [path3], "\(cleared)")
        #expect(try await wall.marked().isEmpty)
    }

    @Test("on an open photo m marks it and the photo view stays; the info panel tells whether it is marked and how many are")
    func markTheOpenPhoto() async throws {
        let wall = try await MarksWall()
        _ = try await wall.control.data(["mark", 0])
        _ = try await wall.control.event("marked")
        _ = try await wall.control.data(["open", 5])
        _ = try await wall.control.event("opened")
        try await wall.display.xdotool(["key", "m"])
        let marked = try await wall.control.event("marked")
        let open = try await wall.marked(count: 2)
        #expect(open.map(\.index) == [0, 5] && marked["paths"] as? [String] == [open[1].path], "\(marked)")
        try await wall.display.xdotool(["key", "i"])
        let lines = try await waitFor("the info panel") { () -> [String]? in
            let overlay = try await wall.state()["overlay"] as? [String: Any]
            return overlay?["lines"] as? [String]
        }
        #expect(lines.contains("Marked\tyes, 2 marked"), "\(lines)")
        #expect(try await wall.state()["mode"] as? String == "detail", "the photo is still open")
    }

    @Test("a button held on a tile marks it without opening it; Shift+click marks from the cursor to the tile clicked")
    func holdAndShiftClick() async throws {
        let wall = try await MarksWall()
        let display = wall.display, window = wall.window
        let (x, y) = try await wall.middle(of: 4)
        try await display.xdotool(["mousemove", "--window", window, "\(x)", "\(y)", "mousedown", "1"])
        // Marked while the button is still down: the hold is timed by the viewer, not the release.
        let held = try await wall.control.event("marked")
        try await display.xdotool(["mouseup", "1"])
        #expect(try await wall.marked(count: 1).map(\.index) == [4], "\(held)")
        let state = try await wall.state()
        #expect(state["mode"] as? String == "wall", "the photo did not open")

        // m without a cursor marks the first photo and puts the cursor there; Shift+click on
        // photo 2 then marks photos 0 to 2.
        _ = try await wall.control.data(["mark-clear"])
        _ = try await wall.control.event("unmarked")
        try await display.xdotool(["key", "m"])
        #expect(try await wall.marked(count: 1).map(\.index) == [0])
        let (x2, y2) = try await wall.middle(of: 2)
        try await display.xdotool(["mousemove", "--window", window, "\(x2)", "\(y2)", "keydown", "shift", "click", "1", "keyup", "shift"])
        #expect(try await wall.marked(count: 3).map(\.index) == [0, 1, 2])
        #expect(try await wall.state()["mode"] as? String == "wall", "Shift+click opens nothing")
    }
}

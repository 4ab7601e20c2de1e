// The trash as a user meets it: the real binary in Xvfb, Delete pressed on a tile with xdotool,
// then `u`. The file is checked where the Trash specification's own client looks (trash-list),
// the wall through the control socket's `get-state`: one tile fewer, the tiles before it — the one
// at the top of the screen among them — where they were, and all of it back after the undo.

import Foundation
import Testing
@testable import App
@testable import TestSupport

@Suite("moving a photo to the trash and back in a real X server", .serialized)
struct TrashEndToEndTests {
    /// cascade on `photos` photos with a home trash of its own, subscribed to every event,
    /// its window focused.
    private final class TrashWall {
        let dataHome = NSTemporaryDirectory() + "cascade-trash-data-" + UUID().uuidString
        let service: DaemonEndToEndTests.Service
        let control: ControlConnection
        var display: XDisplay { service.server.display }

        init(photos: Int) async throws {
            try FileManager.default.createDirectory(atPath: dataHome, withIntermediateDirectories: true)
            let service = try await DaemonEndToEndTests.Service(photos: photos, environment: ["XDG_DATA_HOME": dataHome])
            self.service = service
            control = try await service.subscribedWall().control
        }

        deinit { try? FileManager.default.removeItem(atPath: dataHome) }

        func trashList() throws -> String { try TrashClients(dataHome: dataHome).trashList() }
    }

    /// Each visible tile's path and top on screen, and the keyboard cursor.
    private func look(_ control: ControlConnection) async throws -> (count: Int, cursor: Int?, tops: [String: Double], paths: [Int: String]) {
        let data = try await control.data(["get-state"])
        let state = try WallState(data)
        let cursor = (data as? [String: Any])?["cursor"] as? Int
        var tops: [String: Double] = [:]
        var paths: [Int: String] = [:]
        for tile in state.visible {
            tops[tile.path] = tile.y - state.offset
            paths[tile.index] = tile.path
        }
        return (state.count, cursor, tops, paths)
    }

    /// Each visible tile's column, by path, as get-state gives it.
    private func columns(_ control: ControlConnection) async throws -> [String: Int] {
        let visible = ((try await control.data(["get-state"])) as? [String: Any])?["visible"] as? [[String: Any]] ?? []
        return Dictionary(visible.compactMap { tile in (tile["path"] as? String).flatMap { p in (tile["column"] as? Int).map { (p, $0) } } },
                          uniquingKeysWith: { a, _ in a })
    }

    @Test("Delete on a tile: the file is in the trash as trash-list shows, one tile fewer, every other tile on screen in its column and those before it unmoved; u puts it back byte for byte")
    func deleteThenUndo() async throws {
        if let missing = TrashClients.missing(["trash-list"]) { Issue.record("\(missing)"); return }
        let wall = try await TrashWall(photos: 30)
        let control = wall.control, display = wall.display, service = wall.service

        // The cursor three tiles down the first column: tiles stay above it on screen.
        try await display.xdotool(["key", "--delay", "60", "Right", "Down", "Down"])
        let before = try await waitFor("the cursor to come down the first column") { () -> (count: Int, cursor: Int?, tops: [String: Double], paths: [Int: String])? in
            let now = try await look(control)
            guard let cursor = now.cursor, cursor > 0, now.paths[cursor] != nil else { return nil }
            let again = try await look(control)
            return again.cursor == cursor && again.tops == now.tops ? again : nil
        }
        let cursor = try #require(before.cursor)
        let path = try #require(before.paths[cursor])
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        let top = try #require(before.tops.min { $0.value < $1.value }, "a tile at the top of the screen")
        let columnsBefore = try await columns(control)

        try await display.xdotool(["key", "Delete"])
        let trashed = try await control.event("trashed")
        #expect(trashed["paths"] as? [String] == [path], "\(trashed)")
        let after = try await waitFor("the wall to lose the tile") { () -> (count: Int, cursor: Int?, tops: [String: Double], paths: [Int: String])? in
            let now = try await look(control)
            return now.count == before.count - 1 ? now : nil
        }
        #expect(!FileManager.default.fileExists(atPath: path), "the photo left its folder")
        let listed = try wall.trashList()
        #expect(listed.hasSuffix(" \(path)\n") && listed.split(separator: "\n").count == 1, "trash-list shows it: \(listed)")
        #expect(after.tops[path] == nil, "its tile is gone")
        #expect(after.cursor == cursor, "the cursor is on the photo that took its place, for the next Delete")
        #expect(after.tops[top.key] == top.value, "the tile at the top of the screen stayed put: \(top.value) → \(String(describing: after.tops[top.key]))")
        for index in 0..<cursor {
            guard let earlier = before.paths[index], let y = before.tops[earlier] else { continue }
            #expect(after.tops[earlier] == y, "tile \(index), before the trashed one, moved: \(y) → \(String(describing: after.tops[earlier]))")
        }
        // The person's place: no photo on screen went to another column.
        let columnsAfter = try await columns(control)
        let moved = columnsAfter.filter { path, column in columnsBefore[path].map { $0 != column } ?? false }
        #expect(moved.isEmpty && columnsAfter.count >= columnsBefore.count - 1, "photos changed columns: \(moved)")
        // The folder watcher sees the file leave too, and must not take a second tile for it. A
        // photo added after the trashing is reported after the leaving: once its tile is in, the
        // leaving has been dealt with, and the wall is one tile fewer plus that one.
        let arrival = try service.folder.photo("zz-arrival.png", width: 300, height: 200, colour: "#20c0c0")
        let added = try await control.event("added")
        #expect(added["path"] as? String == arrival, "\(added)")
        let settled = try await look(control)
        #expect(settled.count == before.count, "the watcher's report of the trashed file took no other tile (\(settled.count) tiles)")

        try await display.xdotool(["key", "u"])
        let restored = try await control.event("restored")
        #expect(restored["paths"] as? [String] == [path], "\(restored)")
        _ = try await waitFor("the tile to come back") { () -> Bool? in
            try await look(control).count == before.count + 1 ? true : nil
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes, "the photo is back, byte for byte")
        let back = try await look(control)
        #expect(back.cursor.flatMap { back.paths[$0] } == path, "the cursor is on the photo put back")
        #expect(try wall.trashList() == "", "and no longer in the trash")
    }

    @Test("Delete on an open photo: the next photo shows; a trash the wall cannot do is an error reply, nothing moved")
    func deleteOnAPhoto() async throws {
        let trashWall = try await TrashWall(photos: 6)
        let control = trashWall.control, display = trashWall.display

        let wall = try await look(control)
        let first = try #require(wall.paths[1]), second = try #require(wall.paths[2])
        _ = try await control.data(["open", 1])
        _ = try await control.event("opened")
        try await display.xdotool(["key", "Delete"])
        let trashed = try await control.event("trashed")
        #expect(trashed["paths"] as? [String] == [first])
        let shown = try await waitFor("the next photo to show") { () -> [String: Any]? in
            let state = try await control.data(["get-state"]) as? [String: Any]
            return state?["count"] as? Int == 5 ? state : nil
        }
        #expect(shown["mode"] as? String == "detail", "the photo view stays open")
        let cursor = try #require(shown["cursor"] as? Int)
        let visible = shown["visible"] as? [[String: Any]] ?? []
        #expect(visible.first { $0["index"] as? Int == cursor }?["path"] as? String == second,
                "the photo after the trashed one shows: \(cursor)")

        // Something now at the old path: restore refuses and replaces nothing.
        try Data([1, 2, 3]).write(to: URL(fileURLWithPath: first))
        let refused = try await control.request(["restore"])
        #expect((refused["error"] as? String)?.contains("something else is there now") == true, "\(refused)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: first)) == Data([1, 2, 3]))
        let past = try await control.request(["trash", 99])
        #expect((past["error"] as? String)?.contains("no photo at index 99") == true, "\(past)")
    }
}

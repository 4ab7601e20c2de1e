// Moving, copying and acting on photos as a user meets it: the real binary in Xvfb, driven by the
// control socket and by keys through xdotool. The files are compared byte for byte with what they
// were, the wall through `get-state` (the tile at the top of the screen stays put), the clipboard
// through xclip, and a configured command's arguments through what it wrote down.

import Foundation
import Testing
@testable import TestSupport

@Suite("moving, copying and acting on photos in a real X server", .serialized)
struct MoveCopyEndToEndTests {
    /// cascade on 30 photos with a trash, one configured destination and one command of its own,
    /// subscribed to every event, its window focused.
    private final class ActionWall {
        let service: DaemonEndToEndTests.Service
        let control: ControlConnection
        var display: XDisplay { service.server.display }
        /// The folders and files of this wall alone: its trash, its destination, the command's output.
        let scratch = NSTemporaryDirectory() + "cascade-actions-" + UUID().uuidString
        var best: String { scratch + "/best" }
        var recorded: String { scratch + "/argv" }

        /// `destinations`: whether the configuration names `best` as one. Either way the Pictures
        /// folder is `best`, where a folder dialog opens.
        init(destinations: Bool = true) async throws {
            try FileManager.default.createDirectory(atPath: scratch + "/best", withIntermediateDirectories: true)
            try FileManager.default.createDirectory(atPath: scratch + "/data", withIntermediateDirectories: true)
            // Each argument it gets, NUL-terminated: a name with a space or a dash shows as it came.
            let record = try writeExecutable("#!/bin/sh\nfor a in \"$@\"; do printf '%s\\0' \"$a\"; done > \"\(scratch)/argv\"\necho recorded >&2\n",
                                             to: scratch + "/record")
            let config = scratch + "/config.toml"
            try """
                \(destinations ? "destinations = [\"\(scratch)/best\"]" : "")

                [[commands]]
                name = "record"
                argv = ["\(record)", "{paths}"]
                """.write(toFile: config, atomically: true, encoding: .utf8)
            let service = try await DaemonEndToEndTests.Service(photos: 30, arguments: ["--config", config],
                                                                environment: ["XDG_DATA_HOME": scratch + "/data",
                                                                              "XDG_PICTURES_DIR": scratch + "/best"])
            self.service = service
            control = try await service.subscribedWall().control
        }

        deinit { try? FileManager.default.removeItem(atPath: scratch) }

        /// The wall's photo count, keyboard cursor and each visible tile's top on screen, once
        /// two looks agree (nothing still gliding).
        func settled(_ what: String, until done: @escaping (Look) -> Bool = { _ in true }) async throws -> Look {
            try await waitFor(what) { () -> Look? in
                let now = try await look(), again = try await look()
                return now == again && done(again) ? again : nil
            }
        }

        struct Look: Equatable {
            let count: Int
            let cursor: Int?
            let chooser: [String]?
            let tops: [String: Double]
            let paths: [Int: String]
        }

        func look() async throws -> Look {
            let data = try await control.data(["get-state"])
            let state = try WallState(data)
            let object = data as? [String: Any]
            var tops: [String: Double] = [:], paths: [Int: String] = [:]
            for tile in state.visible {
                tops[tile.path] = tile.y - state.offset
                paths[tile.index] = tile.path
            }
            let chooser = (object?["chooser"] as? [String: Any])?["folders"] as? [String]
            return Look(count: state.count, cursor: object?["cursor"] as? Int, chooser: chooser, tops: tops, paths: paths)
        }
    }

    private func bytes(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

    @Test("move by the socket: the file arrives byte for byte, the top tile stays put; restore moves it back whole")
    func moveBySocketThenUndo() async throws {
        let wall = try await ActionWall()
        let control = wall.control
        let before = try await wall.settled("the wall to settle")
        let top = try #require(before.tops.min { $0.value < $1.value }, "a tile at the top of the screen")
        let path = try #require(before.paths[4])
        let original = try bytes(path)

        let reply = try await control.request(["move", ["to": wall.best, "index": 4]])
        #expect(reply["error"] as? String == "success", "\(reply)")
        let moved = try await control.event("moved")
        let files = moved["files"] as? [[String: String]] ?? []
        let target = wall.best + "/" + (path as NSString).lastPathComponent
        #expect(files.first?["from"] == path && files.first?["to"] == target, "\(moved)")
        #expect(try bytes(target) == original, "the moved file is the photo, byte for byte")
        #expect(!FileManager.default.fileExists(atPath: path), "it left its folder")
        let after = try await wall.settled("the wall to lose the tile") { $0.count == before.count - 1 }
        #expect(after.tops[path] == nil)
        #expect(after.tops[top.key] == top.value, "the top tile stayed put: \(top.value) → \(String(describing: after.tops[top.key]))")

        // A name already taken is never overwritten: the photo stays, the reply says why.
        let next = try #require(after.paths[4])
        try Data([1, 2, 3]).write(to: URL(fileURLWithPath: wall.best + "/" + (next as NSString).lastPathComponent))
        _ = try await control.data(["move", ["to": wall.best, "index": 4]])
        let clash = try await control.event("moved")
        #expect((clash["files"] as? [Any])?.isEmpty == true, "\(clash)")
        #expect((clash["errors"] as? [String])?.first?.contains("already exists") == true, "\(clash)")
        #expect(FileManager.default.fileExists(atPath: next))
        // Only a configured destination: not a folder made for it, nor one that is not there.
        let nowhere = try await control.request(["move", ["to": wall.scratch + "/nowhere", "index": 4]])
        #expect((nowhere["error"] as? String)?.contains("is not one of the configured destinations") == true, "\(nowhere)")

        let undone = try await control.request(["restore"])
        #expect(undone["error"] as? String == "success", "\(undone)")
        let back = try await control.event("moved")
        #expect((back["files"] as? [[String: String]])?.first?["to"] == path, "\(back)")
        #expect(try bytes(path) == original, "the photo is back where it was, byte for byte")
        #expect(!FileManager.default.fileExists(atPath: target))
        let restored = try await wall.settled("the tile to come back") { $0.count == before.count }
        #expect(restored.paths[4] == path, "in its place")
    }

    @Test("Ctrl+M then 1 moves the cursor's photo to the configured folder; C copies; y puts its path on the clipboard")
    func chooserByKeys() async throws {
        let wall = try await ActionWall()
        let display = wall.display, control = wall.control
        try await display.xdotool(["key", "--delay", "60", "Right", "Down"])
        let before = try await wall.settled("the cursor to land") { $0.cursor.map { $0 > 0 } == true }
        let cursor = try #require(before.cursor)
        let path = try #require(before.paths[cursor])
        let original = try bytes(path)
        let top = try #require(before.tops.min { $0.value < $1.value })

        try await display.xdotool(["key", "ctrl+m"])
        let open = try await wall.settled("the chooser to open") { $0.chooser != nil }
        #expect(open.chooser == [wall.best], "the configured destination is offered")
        try await display.xdotool(["key", "1"])
        let moved = try await control.event("moved")
        let target = wall.best + "/" + (path as NSString).lastPathComponent
        #expect((moved["files"] as? [[String: String]])?.first?["to"] == target, "\(moved)")
        #expect(try bytes(target) == original)
        let after = try await wall.settled("the tile to go") { $0.count == before.count - 1 && $0.chooser == nil }
        #expect(after.tops[top.key] == top.value, "the top tile stayed put")

        // The cursor is on the photo that took the place: copy it, then copy its path.
        let second = try #require(after.paths[cursor])
        try await display.xdotool(["key", "shift+c"])
        _ = try await wall.settled("the chooser to open for a copy") { $0.chooser != nil }
        try await display.xdotool(["key", "Return"])
        let copied = try await control.event("copied")
        let copy = wall.best + "/" + (second as NSString).lastPathComponent
        #expect((copied["files"] as? [[String: String]])?.first?["to"] == copy, "\(copied)")
        #expect(try bytes(copy) == bytes(second), "the copy is the photo, byte for byte")
        #expect(FileManager.default.fileExists(atPath: second), "a copy leaves the photo")

        try await display.xdotool(["key", "y"])
        let clipboard = try await waitFor("xclip to read the path") { () -> String? in
            let read = try await runTool("/usr/bin/xclip", ["-o", "-selection", "clipboard"], environment: display.environment)
            let text = String(decoding: read.output, as: UTF8.self)
            return text == second ? text : nil
        }
        #expect(clipboard == second)
    }

    @Test("with no destination configured, Ctrl+M then o asks zenity; the folder chosen takes the photo, the notice says so, and it is offered next time")
    func folderDialogWithoutDestinations() async throws {
        let wall = try await ActionWall(destinations: false)
        let display = wall.display, control = wall.control
        try await display.xdotool(["key", "--delay", "60", "Right", "Down"])
        let before = try await wall.settled("the cursor to land") { $0.cursor.map { $0 > 0 } == true }
        let path = try #require(before.cursor.flatMap { before.paths[$0] })
        let original = try bytes(path)

        try await display.xdotool(["key", "ctrl+m"])
        let open = try await wall.settled("the chooser to open") { $0.chooser != nil }
        #expect(open.chooser == [], "nothing configured, nothing used yet")
        try await display.xdotool(["key", "o"])
        // The dialog opens in the Pictures folder; Return there chooses it, as a person would.
        let dialog = try await display.waitForWindow(class: "zenity")
        let waiting = try await wall.look()
        #expect(waiting.chooser == nil && waiting.count == before.count, "the list closed; nothing moved before a folder is chosen")
        try await display.xdotool(["windowfocus", dialog], allowFailure: true)
        try await display.xdotool(["key", "--window", dialog, "Return"])
        let moved = try await control.event("moved")
        let target = wall.best + "/" + (path as NSString).lastPathComponent
        #expect((moved["files"] as? [[String: String]])?.first?["to"] == target, "\(moved)")
        #expect(try bytes(target) == original)
        let notice = try await waitFor("the notice") { () -> [String: Any]? in
            ((try await control.data(["get-state"])) as? [String: Any])?["notice"] as? [String: Any]
        }
        #expect(notice["text"] as? String == (path as NSString).lastPathComponent + " moved to " + (wall.best as NSString).lastPathComponent,
                "\(notice)")

        // The folder chosen is a destination from now on.
        try await display.xdotool(["key", "ctrl+m"])
        let again = try await wall.settled("the chooser to open again") { $0.chooser != nil }
        #expect(again.chooser == [wall.best])
        try await display.xdotool(["key", "Escape"])
    }

    @Test("with photos marked, Delete trashes them all, u brings them all back marked, and move and run take them")
    func markedSet() async throws {
        let wall = try await ActionWall()
        let control = wall.control
        let before = try await wall.settled("the wall to settle")
        let top = try #require(before.tops.min { $0.value < $1.value }, "a tile at the top of the screen")
        // Three photos on screen, none of them the top tile that must stay put.
        let indices = Array(before.paths.keys.sorted().filter { before.paths[$0] != top.key }.prefix(3))
        try #require(indices.count == 3, "three tiles on screen besides the top one: \(before.paths)")
        let chosen = indices.map { before.paths[$0]! }
        let originals = try chosen.map(bytes)
        #expect(try await control.request(["mark", indices])["error"] as? String == "success")
        _ = try await control.event("marked")

        try await wall.display.xdotool(["key", "Delete"])
        let trashed = try await control.event("trashed")
        #expect(Set(trashed["paths"] as? [String] ?? []) == Set(chosen), "all three marked photos went: \(trashed)")
        let listed = try TrashClients(dataHome: wall.scratch + "/data").trashList()
        for path in chosen { #expect(listed.contains(path), "trash-list shows \(path): \(listed)") }
        let gone = try await wall.settled("the three tiles to go") { $0.count == before.count - 3 }
        #expect(gone.tops[top.key] == top.value, "the top tile stayed put")

        try await wall.display.xdotool(["key", "u"])
        let restored = try await control.event("restored")
        #expect(Set(restored["paths"] as? [String] ?? []) == Set(chosen), "the batch comes back as one: \(restored)")
        for (path, original) in zip(chosen, originals) { #expect(try bytes(path) == original, "\(path) back byte for byte") }
        let back = try await wall.settled("the tiles to come back") { $0.count == before.count }
        #expect(indices.map { back.paths[$0] } == chosen, "each in its place")

        // They came back marked, as they left; with one mark taken off, the pair is what run and
        // move take when no photo is named.
        let marked = ((try await control.data(["get-state"])) as? [String: Any])?["marked"] as? [[String: Any]] ?? []
        #expect(marked.compactMap { $0["path"] as? String } == chosen, "the marks came back: \(marked)")
        #expect(try await control.request(["unmark", [chosen[1]]])["error"] as? String == "success")
        #expect(try await control.request(["run", "record"])["error"] as? String == "success")
        _ = try await control.event("ran")
        let argv = try bytes(wall.recorded).split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
        #expect(argv == [chosen[0], chosen[2]], "the marked photos, in the wall's order")
        #expect(try await control.request(["move", wall.best])["error"] as? String == "success")
        let moved = try await control.event("moved")
        let arrived = (moved["files"] as? [[String: String]] ?? []).compactMap { $0["to"] }
        #expect(Set(arrived) == Set([chosen[0], chosen[2]].map { wall.best + "/" + ($0 as NSString).lastPathComponent }), "\(moved)")
        #expect(try bytes(arrived.first { $0.hasSuffix((chosen[0] as NSString).lastPathComponent) } ?? "") == originals[0])
    }

    @Test("run hands a configured command one argument per photo, spaces and leading dashes included")
    func runCommand() async throws {
        let wall = try await ActionWall()
        let control = wall.control
        // Photos on the wall, as every path a program names must be.
        let odd = [wall.service.path("-rf photo.png"), wall.service.path("with space.png")]
        for file in odd { try FileManager.default.copyItem(atPath: wall.service.path("photo-02.png"), toPath: file) }
        _ = try await wall.settled("the two photos to arrive") { $0.count == 32 }
        let paths = odd + [wall.service.path("photo-01.png")]
        let reply = try await control.request(["run", ["name": "record", "paths": paths]])
        #expect(reply["error"] as? String == "success", "\(reply)")
        let ran = try await control.event("ran")
        #expect(ran["status"] as? Int == 0 && ran["note"] as? String == "recorded", "\(ran)")
        let written = try bytes(wall.recorded).split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
        #expect(written == paths, "one argument per photo, each exactly its path")
        let unknown = try await control.request(["run", "nothing"])
        #expect((unknown["error"] as? String)?.contains("no command \"nothing\"") == true, "\(unknown)")
        let stranger = try await control.request(["run", ["name": "record", "paths": [wall.recorded]]])
        #expect(stranger["error"] as? String == "run: \(wall.recorded) is not a photo on the wall", "\(stranger)")
    }

    @Test("copy-path writes a name with a line break as one quoted word, so it pastes as one line")
    func copyPathQuotesLineBreaks() async throws {
        let wall = try await ActionWall()
        let broken = wall.service.path("two\nlines.png")
        try FileManager.default.copyItem(atPath: wall.service.path("photo-02.png"), toPath: broken)
        _ = try await wall.settled("the photo to arrive") { $0.count == 31 }
        let plain = wall.service.path("photo-01.png")
        let reply = try await wall.control.request(["copy-path", ["paths": [broken, plain]]])
        #expect(reply["error"] as? String == "success", "\(reply)")
        let expected = "$'\(wall.service.folder.path)/two\\nlines.png'\n\(plain)"
        var pasted = ""
        try await waitUntil("xclip to read both paths, one a line (it reads \(pasted.debugDescription))") {
            let read = try await runTool("/usr/bin/xclip", ["-o", "-selection", "clipboard"], environment: wall.display.environment)
            pasted = String(decoding: read.output, as: UTF8.self)
            return pasted == expected
        }
        #expect(pasted.split(separator: "\n").count == 2)
    }
}

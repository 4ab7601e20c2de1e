// Trashing and moving photos on a network share that stops answering: the share is a real FUSE
// mount (bindfs) whose daemon is stopped (SIGSTOP), so every look at it waits in the kernel, as on
// a hard NFS mount whose server is gone. The window must go on answering meanwhile; the trash and
// the move are done once the share answers again.

import Foundation
import Testing
@testable import TestSupport

@Suite("acting on photos on a share that hangs", .serialized)
struct HungShareEditEndToEndTests {
    @Test("A trash and a move on a hung FUSE mount leave the window answering, and are done once it answers",
          .enabled(if: OfflineCopiesEndToEndTests.fuseMissing == nil, "\(OfflineCopiesEndToEndTests.fuseMissing ?? "")"))
    func trashAndMoveOnAHungShare() async throws {
        let folder = try PhotoFolder()
        for (name, colour) in [("album/a.png", "#e02020"), ("album/b.png", "#20c020")] {
            try FileManager.default.createDirectory(atPath: folder.path + "/album", withIntermediateDirectories: true)
            try folder.photo(name, width: 640, height: 480, colour: colour)
        }
        try FileManager.default.createDirectory(atPath: folder.path + "/best", withIntermediateDirectories: true)
        let mount = TemporaryFolder("cascade-nas")
        let scratch = TemporaryFolder("cascade-hung-edit")
        defer { withExtendedLifetime(folder) {} }
        let daemon = try #require(OfflineCopiesEndToEndTests.process(running: try await OfflineCopiesEndToEndTests.serve(folder.path, at: mount.path)),
                                  "bindfs's daemon")
        defer {
            kill(daemon, SIGCONT)
            OfflineCopiesEndToEndTests.unmount(mount.path)
        }
        let server = try await XServer()
        defer { server.stop() }
        let socket = NSTemporaryDirectory() + "cascade-hung-edit-" + UUID().uuidString.prefix(8) + ".sock"
        defer { unlink(socket) }
        // A folder the socket may move photos to is one the configuration names.
        let config = scratch.path + "/config.toml"
        try "destinations = [\"\(mount.path)/best\"]\n".write(toFile: config, atomically: true, encoding: .utf8)
        let wall = try ChildProcess(cascadeBinary, [mount.path + "/album", "--geometry", "800x600", "--control", socket, "--config", config],
                                    environment: [
            "DISPLAY": server.display.name, "SDL_VIDEODRIVER": "x11", "XDG_CACHE_HOME": scratch.path + "/cache",
            "XDG_DATA_HOME": scratch.path + "/data",
        ])
        defer { wall.stop() }
        let control = try await ControlConnection(socket)
        _ = try await control.data(["subscribe", "*"])
        let paths = try await waitFor("the wall of two photos") { () -> [Int: String]? in
            let state = try WallState(try await control.data(["get-state"]))
            let paths = Dictionary(state.visible.map { ($0.index, $0.path) }, uniquingKeysWith: { first, _ in first })
            return state.count == 2 && paths.count == 2 ? paths : nil
        }
        let first = try #require(paths[0]), second = try #require(paths[1])

        // The share stops answering: a trash and a move of its photos are answered, and so is
        // every look at the window meanwhile.
        kill(daemon, SIGSTOP)
        let trashed = try await control.request(["trash", 0])
        #expect(trashed["error"] as? String == "success", "\(trashed)")
        #expect(try WallState(try await control.data(["get-state"])).count >= 1, "the window answers after the trash")
        let moved = try await control.request(["move", ["to": mount.path + "/best", "index": 1]])
        #expect(moved["error"] as? String == "success", "\(moved)")
        #expect(try WallState(try await control.data(["get-state"])).count >= 1, "the window answers after the move")

        // The share answers again: both are done, and the wall follows.
        kill(daemon, SIGCONT)
        let gone = try await control.event("trashed")
        #expect(gone["paths"] as? [String] == [first], "\(gone)")
        let went = try await control.event("moved")
        let files = went["files"] as? [[String: String]] ?? []
        #expect(files.first?["from"] == second && files.first?["to"] == mount.path + "/best/b.png", "\(went)")
        #expect(!FileManager.default.fileExists(atPath: first) && !FileManager.default.fileExists(atPath: second))
        #expect(FileManager.default.fileExists(atPath: folder.path + "/best/b.png"), "the moved photo is in its folder")
        _ = try await waitFor("the wall to lose both tiles") { () -> Bool? in
            try WallState(try await control.data(["get-state"])).count == 0 ? true : nil
        }

        // Both undone, newest first; the share's trash is left empty, as other tests that list
        // every trash on the machine expect.
        _ = try await control.data(["restore"])
        #expect((try await control.event("moved")["files"] as? [[String: String]])?.first?["to"] == second)
        let back = try await control.data(["restore"]) as? [String: Any]
        #expect(back?["paths"] as? [String] == [first], "\(String(describing: back))")
        _ = try await waitFor("the wall to have both tiles again") { () -> Bool? in
            try WallState(try await control.data(["get-state"])).count == 2 ? true : nil
        }
    }
}

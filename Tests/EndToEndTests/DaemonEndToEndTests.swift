// cascade as a service, end to end: the real binary in a real X server, started the way systemd
// starts it (NOTIFY_SOCKET, WATCHDOG_USEC) with a control socket, and driven the way other
// programs drive it. What a kiosk owner relies on: systemd hears READY and the watchdog, commands
// work, a photo dropped into the folder appears without moving what people are looking at, a
// reload keeps the place, and SIGTERM is a clean exit that leaves no socket behind.

import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif
@testable import TestSupport

@Suite("cascade as a daemon, end to end", .serialized)
struct DaemonEndToEndTests {
    /// A folder of photos, an X server, and cascade running on them with a control socket.
    final class Service {
        let server: XServer
        let folder: PhotoFolder
        let cacheHome = NSTemporaryDirectory() + "cascade-daemon-cache-" + UUID().uuidString
        let socket = NSTemporaryDirectory() + "cascade-control-" + UUID().uuidString.prefix(8) + ".sock"
        let notify: NotifyListener
        let photos: Int
        var child: ChildProcess!

        /// `columns`: nil leaves the column count to the configuration.
        init(photos: Int, arguments: [String] = [], columns: Int? = 3, environment: [String: String] = [:]) async throws {
            server = try await XServer()
            folder = try PhotoFolder()
            notify = try NotifyListener()
            self.photos = photos
            let shapes = [(400, 300), (300, 450), (500, 500), (640, 360), (360, 640)]
            for i in 1...photos {
                let (w, h) = shapes[i % shapes.count]
                try folder.photo(String(format: "photo-%02d.png", i), width: w, height: h, colour: "#\(String(format: "%02x", i * 5 % 256))8040")
            }
            child = try ChildProcess(cascadeBinary, [
                folder.path, "--geometry", "800x600", "--margin", "10", "--no-captions", "--control", socket,
            ] + (columns.map { ["--columns", "\($0)"] } ?? []) + arguments, environment: [
                "DISPLAY": server.display.name, "SDL_VIDEODRIVER": "x11", "XDG_CACHE_HOME": cacheHome,
                "NOTIFY_SOCKET": notify.path, "WATCHDOG_USEC": "400000",
            ].merging(environment) { $1 })
        }

        deinit {
            child?.stop()
            server.stop()
            try? FileManager.default.removeItem(atPath: cacheHome)
            unlink(socket)
        }

        func path(_ name: String) -> String { folder.path + "/" + name }

        func state(_ control: ControlConnection) async throws -> WallState {
            try WallState(try await control.data(["get-state"]))
        }

        /// READY=1 comes with the first frame, which may be drawn before the scan has finished
        /// (its STATUS says "scanning"; a cold cache on a fresh machine did that): the wall is
        /// whole once get-state counts every photo.
        func wholeWall(_ control: ControlConnection) async throws -> WallState {
            var held = 0
            return try await waitFor("the wall to hold all \(photos) photos (it holds \(held))") { () -> WallState? in
                let wall = try await state(control)
                held = wall.count
                return wall.count == photos ? wall : nil
            }
        }

        /// Once READY=1 and the whole wall are in: a control connection subscribed to every
        /// event, and cascade's window, focused for keys.
        func subscribedWall() async throws -> (control: ControlConnection, window: String) {
            _ = try await check { try await notify.wait(for: "READY=1") }
            let control = try await ControlConnection(socket)
            _ = try await check { try await wholeWall(control) }
            _ = try await control.request(["subscribe", "*"])
            let window = try await server.display.waitForWindow(class: "cascade")
            try await server.display.xdotool(["windowfocus", window], allowFailure: true)
            return (control, window)
        }

        /// Fails with cascade's stderr when something went wrong.
        func check<T>(_ body: () async throws -> T) async throws -> T {
            do { return try await body() } catch { throw HarnessError("\(error)\ncascade's stderr:\n\(child.errorOutput)") }
        }
    }

    @Test("systemd hears READY once the wall is up and WATCHDOG while it runs; SIGTERM exits 0 and removes the socket")
    func notifyAndCleanExit() async throws {
        let service = try await Service(photos: 12)
        try await service.check {
            let messages = try await service.notify.wait(for: "READY=1")
            #expect(messages.contains { $0.hasPrefix("STATUS=") || $0.contains("\nSTATUS=") }, "no STATUS line while scanning: \(messages)")
            try await service.notify.wait(for: "WATCHDOG=1")
            try await service.notify.wait(for: "WATCHDOG=1")
            #expect(FileManager.default.fileExists(atPath: service.socket))
            kill(service.child.pid, SIGTERM)
            let end = try await service.child.waitForExit(within: .seconds(10))
            #expect(end == .exited(0))
            #expect(!FileManager.default.fileExists(atPath: service.socket), "the control socket was left behind")
        }
    }

    @Test("commands drive the wall and events tell what happened; bad input gets an error and the connection stays")
    func commandsAndEvents() async throws {
        let copies = try PhotoFolder()
        let service = try await Service(photos: 30, arguments: ["--on-select", "/bin/cp -- {path} '\(copies.path)/selected {index}.png'"])
        try await service.check {
            try await service.notify.wait(for: "READY=1")
            let control = try await ControlConnection(service.socket)
            let state = try await service.wholeWall(control)
            #expect(state.count == 30 && state.mode == "wall")
            _ = try await control.data(["subscribe", "*"])

            _ = try await control.data(["select", 4])
            let selected = try await control.event("selected")
            #expect(selected["index"] as? Int == 4)
            #expect(selected["path"] as? String == service.path("photo-05.png"))
            #expect(try await control.event("opened")["index"] as? Int == 4)
            #expect(try await service.state(control).mode == "detail")
            _ = try await control.data(["close"])
            #expect(try await control.event("closed")["index"] as? Int == 4)
            // The on-select command ran, without a shell, with the photo's path substituted.
            let copy = copies.path + "/selected 4.png"
            _ = try await eventually { FileManager.default.fileExists(atPath: copy) }
            #expect(FileManager.default.contentsEqual(atPath: copy, andPath: service.path("photo-05.png")))

            control.send(raw: "this is not json\n")
            let reply = try await control.nextObject(waitingFor: "an error reply to a line that is not JSON")
            #expect((reply["error"] as? String).map { $0 != "success" } == true)
            let unknown = try await control.request(["fly-to-the-moon"])
            #expect((unknown["error"] as? String)?.contains("fly-to-the-moon") == true)
            let outOfRange = try await control.request(["select", 999])
            #expect(outOfRange["error"] as? String != "success")
            #expect(try await service.state(control).count == 30, "the connection and the wall are still there")

            // `cascade ctl`, as a shell script would use it.
            let ctl = try await runTool(cascadeBinary, ["ctl", "--socket", service.socket, "get-state"])
            #expect(ctl.status == .exited(0))
            let printed = try JSONSerialization.jsonObject(with: ctl.output) as? [String: Any]
            #expect(printed?["count"] as? Int == 30)
            let failing = try await runTool(cascadeBinary, ["ctl", "--socket", service.socket, "open", "999"])
            #expect(failing.status != .exited(0))
            // `cascade ctl --batch`, fed lines as a script would: one whole reply a line, in order.
            let lines = NSTemporaryDirectory() + "cascade-e2e-batch-" + UUID().uuidString
            try "get-state\nopen 999\n\nget-stats\n".write(toFile: lines, atomically: true, encoding: .utf8)
            defer { try? FileManager.default.removeItem(atPath: lines) }
            let batch = try await runTool("/bin/sh", ["-c", #"exec "$0" ctl --socket "$1" --batch <"$2""#,
                                                      cascadeBinary, service.socket, lines])
            #expect(batch.status == .exited(0))
            let replies = String(decoding: batch.output, as: UTF8.self).split(separator: "\n")
                .map { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
            #expect(replies.count == 3)
            #expect((replies.first??["data"] as? [String: Any])?["count"] as? Int == 30)
            #expect(replies.dropFirst().first??["error"] as? String != "success")
            #expect(replies.last??["error"] as? String == "success")

            _ = try await control.data(["quit"])
            #expect(try await service.child.waitForExit(within: .seconds(10)) == .exited(0))
        }
    }

    @Test("a photo dropped above the viewport leaves the top tile where it was; SIGHUP keeps the place too")
    func liveInsertKeepsThePlace() async throws {
        let service = try await Service(photos: 40)
        try await service.check {
            try await service.notify.wait(for: "READY=1")
            let control = try await ControlConnection(service.socket)
            _ = try await service.wholeWall(control)
            _ = try await control.data(["subscribe", "added", "removed"])
            _ = try await control.data(["scroll-to", ["index": 15]])
            let watched = service.path("photo-16.png")
            let before = try await service.state(control)
            let y = try #require(before.screenY(of: watched), "photo 16 is not on screen after scroll-to")

            // A half-written file is not shown; once closed (here: renamed into place) it is.
            let partial = service.path(".incoming.png")
            try service.folder.photo(".incoming.png", width: 300, height: 900, colour: "white")
            rename(partial, service.path("photo-00.png"))
            let added = try await control.event("added")
            #expect(added["index"] as? Int == 0)
            #expect(added["path"] as? String == service.path("photo-00.png"))
            let after = try await service.state(control)
            #expect(after.count == 41)
            #expect(after.visible.first { $0.path == watched }?.index == 16)
            #expect(abs((after.screenY(of: watched) ?? -1) - y) < 0.5, "the tile people were looking at moved")

            unlink(service.path("photo-01.png"))
            let removed = try await control.event("removed")
            #expect(removed["path"] as? String == service.path("photo-01.png"))
            #expect(abs((try await service.state(control).screenY(of: watched) ?? -1) - y) < 0.5)

            kill(service.child.pid, SIGHUP)
            try await service.notify.wait(for: "RELOADING=1")
            try await service.notify.wait(for: "READY=1")
            let reloaded = try await service.state(control)
            #expect(reloaded.count == 40)
            #expect(abs((reloaded.screenY(of: watched) ?? -1) - y) < 0.5, "SIGHUP lost the place")
        }
    }

    @Test("a kiosk drifts by itself when nobody touches it, closes an open photo after its timeout, and ignores q")
    func kioskIdleBehaviour() async throws {
        let service = try await Service(photos: 40, arguments: ["--kiosk", "--attract-after", "1", "--attract-speed", "200",
                                                               "--detail-timeout", "1"])
        try await service.check {
            try await service.notify.wait(for: "READY=1")
            let control = try await ControlConnection(service.socket)
            _ = try await control.data(["subscribe", "closed"])
            let start = try await service.wholeWall(control).offset
            let drifted = try await eventually { try await service.state(control).offset > start + 50 }
            #expect(drifted, "the wall did not drift")

            _ = try await control.data(["open", 2])
            let closed = try await control.event("closed", within: .seconds(15))
            #expect(closed["index"] as? Int == 2)

            let window = try await service.server.display.waitForWindow(class: "cascade")
            try await service.server.display.xdotool(["windowfocus", window], allowFailure: true)
            func cursor() async throws -> Int? { (try await control.data(["get-state"]) as? [String: Any])?["cursor"] as? Int }
            let cursorBefore = try await cursor()
            try await service.server.display.xdotool(["key", "q"])
            // Proof that q reached the window: a key sent after it to the same focus, which does act
            // in a kiosk. The loop takes keys in order, so once End has moved the cursor to the last
            // photo, q has had its chance to quit.
            try await service.server.display.xdotool(["key", "End"])
            let moved = try await eventually { try await cursor() != cursorBefore }
            #expect(moved, "the keys never reached the window (cursor stayed at \(cursorBefore.map(String.init) ?? "none"))")
            #expect(service.child.isRunning, "q quit a kiosk")
        }
    }

    @Test("SIGHUP rereads the configuration file; a file with a mistake is reported and the running settings stay")
    func reloadConfiguration() async throws {
        let config = NSTemporaryDirectory() + "cascade-config-" + UUID().uuidString + ".toml"
        defer { unlink(config) }
        try "columns = 4\n".write(toFile: config, atomically: true, encoding: .utf8)
        let service = try await Service(photos: 20, arguments: ["--config", config], columns: nil)
        try await service.check {
            try await service.notify.wait(for: "READY=1")
            let control = try await ControlConnection(service.socket)
            func columns() async throws -> Int? { (try await control.data(["get-state"]) as? [String: Any])?["columns"] as? Int }
            #expect(try await columns() == 4, "the file's columns were not used")

            try "# fewer, wider tiles\ncolumns = 2\n".write(toFile: config, atomically: true, encoding: .utf8)
            kill(service.child.pid, SIGHUP)
            try await service.notify.wait(for: "RELOADING=1")
            try await service.notify.wait(for: "READY=1")
            #expect(try await columns() == 2, "SIGHUP did not apply the new file")

            try "columns = 2\nmargin = \"wide\"\n".write(toFile: config, atomically: true, encoding: .utf8)
            kill(service.child.pid, SIGHUP)
            try await service.notify.wait(for: "RELOADING=1")
            try await service.notify.wait(for: "READY=1")
            #expect(service.child.errorOutput.contains("\(config):2"), "the error does not name the file and line")
            #expect(try await columns() == 2)
            #expect(service.child.isRunning)
        }
    }

    @Test("an event wall shows the newest photo first: a new arrival appears at the top, in view")
    func newestFirst() async throws {
        let service = try await Service(photos: 20, arguments: ["--newest-first"])
        try await service.check {
            try await service.notify.wait(for: "READY=1")
            let control = try await ControlConnection(service.socket)
            _ = try await service.wholeWall(control)
            _ = try await control.data(["subscribe", "added"])
            try service.folder.photo("zz-just-taken.png", width: 400, height: 300, colour: "white")
            let added = try await control.event("added")
            #expect(added["index"] as? Int == 0)
            let state = try await service.state(control)
            #expect(state.offset == 0)
            #expect(state.screenY(of: service.path("zz-just-taken.png")) == 10, "the arrival is not at the top of the screen")
        }
    }
}

// A photo frame on a network folder whose server goes away: the folder is a real FUSE mount
// (bindfs), its server process killed under a running slideshow, so every read of it fails as a
// dead sshfs or rclone mount's does ("Transport endpoint is not connected"). The frame keeps
// showing the photos it showed, from their offline copies, in their own colours; started again
// while the server is away it shows the wall the last scan left, and follows the folder once
// the server is back.

import Foundation
import Testing
@testable import TestSupport

@Suite("the photo frame when its network folder goes away", .serialized)
struct OfflineCopiesEndToEndTests {
    static let fuseMissing: String? = {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/bindfs") else { return "bindfs is missing (script/bootstrap installs it)" }
        guard access("/dev/fuse", R_OK | W_OK) == 0 else { return "no /dev/fuse here: FUSE mounts cannot be made" }
        return nil
    }()

    @Test("Photos shown from a FUSE mount are shown from their copies once its server is gone",
          .enabled(if: fuseMissing == nil, "\(fuseMissing ?? "")"))
    func serverGone() async throws {
        let folder = try PhotoFolder()
        let colours = [("a.png", "#e02020", (224, 32, 32)), ("b.png", "#20c020", (32, 192, 32)), ("c.png", "#2040e0", (32, 64, 224))]
        for (name, colour, _) in colours { try folder.photo(name, width: 640, height: 480, colour: colour) }
        let mount = TemporaryFolder("cascade-nas")
        let cache = TemporaryFolder("cascade-offline-cache")
        // The "server": bindfs, a FUSE daemon; killing it is the server vanishing. The folder it
        // serves must outlive the test, not only its last use here.
        defer { withExtendedLifetime(folder) {} }
        let command = try await Self.serve(folder.path, at: mount.path)
        defer { Self.unmount(mount.path) }
        #expect(try await eventually(every: .milliseconds(20)) {
            ((try? FileManager.default.contentsOfDirectory(atPath: mount.path)) ?? []).count == 3
        }, "bindfs mounted the folder")

        let server = try await XServer()
        defer { server.stop() }
        let frame = SlideshowEndToEndTests.Frame(server: server)
        try await frame.start(mount.path, cache: cache.path, ["--slideshow-order", "name", "--interval", "3600", "--transition-ms", "0",
                                                          "--network-poll", "1"])
        try await frame.check {
            let window = try await server.display.waitForWindow(class: "cascade")
            // A round over the mount, as on any folder: each photo decoded from its file, and kept.
            for (index, (name, _, _)) in colours.enumerated() {
                if index > 0 { _ = try await frame.control.data(["slideshow", "next"]) }
                #expect(try await frame.shown().name == name)
            }
            let offline = cache.path + "/cascade/offline"
            #expect(try await eventually(every: .milliseconds(50)) {
                ((try? FileManager.default.contentsOfDirectory(atPath: offline)) ?? []).filter { $0.hasSuffix(".jpg") }.count == 3
            }, "three copies kept in \(offline)")

            // The server goes: the mount stays, and every read of it fails.
            let daemon = try #require(Self.process(running: command), "bindfs's daemon")
            kill(daemon, SIGKILL)
            #expect(FileManager.default.contentsOfDirectory(atPathOrNil: mount.path) == nil, "the mount still answers")
            // The watcher's next look finds the folder unreachable, says so, and keeps its photos.
            #expect(try await eventually(every: .milliseconds(50)) { frame.child.errorOutput.contains("cannot be reached") },
                    "no word that the folder cannot be reached")

            // The next round: every photo from its copy, in its own colour, not an error slide.
            for (name, _, rgb) in colours {
                _ = try await frame.control.data(["slideshow", "next"])
                let slide = try await frame.shown()
                #expect(slide.name == name)
                let shot = try await server.display.waitUntilStill(window)
                #expect(close(shot.pixel(400, 300), rgb, tolerance: 24), "\(name) shows \(shot.pixel(400, 300)), not its colour")
            }
            try await frame.stop()
        }
        let said = frame.child.errorOutput
        #expect(said.components(separatedBy: "cannot be reached").count == 2, "said once, not at every look: \(said)")
        #expect(!said.contains("is gone"), "the folder's photos left: \(said)")

        // A restart while the server is still away: the wall the last scan left, from the photo
        // index, and every slide from its copy — not a blank frame.
        try await frame.start(mount.path, cache: cache.path, ["--slideshow-order", "name", "--interval", "3600", "--transition-ms", "0",
                                                          "--network-poll", "1"])
        try await frame.check {
            let window = try await server.display.waitForWindow(class: "cascade")
            for index in colours.indices {
                if index > 0 { _ = try await frame.control.data(["slideshow", "next"]) }
                let slide = try await frame.shown()
                let rgb = try #require(colours.first { $0.0 == slide.name }, "\(slide.name) is none of the photos").2
                let shot = try await server.display.waitUntilStill(window)
                #expect(close(shot.pixel(400, 300), rgb, tolerance: 24), "\(slide.name) shows \(shot.pixel(400, 300)), not its colour")
            }
            #expect(frame.child.errorOutput.contains("cannot be reached (Transport endpoint is not connected): showing the 3 photos"),
                    "\(frame.child.errorOutput)")
            let stats = try await frame.control.data(["get-stats"]) as? [String: Any]
            #expect(stats?["photos"] as? Int == 3)

            // The server comes back, with a photo deleted on it meanwhile: followed again, and
            // the photo gone from the wall.
            Self.unmount(mount.path)
            try FileManager.default.removeItem(atPath: folder.path + "/c.png")
            _ = try await Self.serve(folder.path, at: mount.path)
            #expect(try await eventually(every: .milliseconds(50)) { frame.child.errorOutput.contains("can be reached again") },
                    "no word that the folder is back")
            #expect(try await eventually(every: .milliseconds(100)) {
                (try await frame.control.data(["get-stats"]) as? [String: Any])?["photos"] as? Int == 2
            }, "the photo deleted while the server was away is still on the wall")
            try await frame.stop()
        }
        #expect(frame.child.errorOutput.components(separatedBy: "cannot be reached").count == 2,
                "said once by the scan, not again by the watcher: \(frame.child.errorOutput)")
    }

    @Test("A mount that hangs holds neither the start, nor the scan, nor the control socket",
          .enabled(if: fuseMissing == nil, "\(fuseMissing ?? "")"))
    func mountHangs() async throws {
        let folder = try PhotoFolder()
        for (name, colour) in [("a.png", "#e02020"), ("b.png", "#20c020")] { try folder.photo(name, width: 640, height: 480, colour: colour) }
        let mount = TemporaryFolder("cascade-nas")
        let cache = TemporaryFolder("cascade-offline-cache")
        defer { withExtendedLifetime(folder) {} }
        let daemon = try #require(Self.process(running: try await Self.serve(folder.path, at: mount.path)), "bindfs's daemon")
        defer {
            kill(daemon, SIGCONT)
            Self.unmount(mount.path)
        }
        let server = try await XServer()
        defer { server.stop() }
        let frame = SlideshowEndToEndTests.Frame(server: server)
        let arguments = ["--interval", "3600", "--transition-ms", "0", "--network-poll", "1"]
        // A first run leaves the photo index.
        try await frame.start(mount.path, cache: cache.path, arguments)
        try await frame.check {
            _ = try await frame.shown()
            try await frame.stop()
        }

        // The FUSE daemon stopped: every look at the mount waits, as on a hard NFS mount whose
        // server is gone. The desktop wall started now comes up with the index's wall and answers.
        kill(daemon, SIGSTOP)
        let socket = NSTemporaryDirectory() + "cascade-hung-" + UUID().uuidString.prefix(8) + ".sock"
        defer { unlink(socket) }
        let wall = try ChildProcess(cascadeBinary, [mount.path, "--geometry", "800x600", "--control", socket], environment: [
            "DISPLAY": server.display.name, "SDL_VIDEODRIVER": "x11", "XDG_CACHE_HOME": cache.path,
        ])
        defer { wall.stop() }
        let control = try await ControlConnection(socket)
        #expect(try await eventually(every: .milliseconds(100)) {
            wall.errorOutput.contains("cannot be reached (no answer in 5.0 seconds): showing the 2 photos")
        }, "\(wall.errorOutput)")
        let stats = try await control.data(["get-stats"]) as? [String: Any]
        #expect(stats?["photos"] as? Int == 2, "\(wall.errorOutput)")
        #expect((try await control.data(["get-state"]) as? [String: Any])?["count"] as? Int == 2)
        // The daemon going on again: the folder is followed, and said to be back.
        kill(daemon, SIGCONT)
        #expect(try await eventually(every: .milliseconds(100)) { wall.errorOutput.contains("can be reached again") },
                "\(wall.errorOutput)")
        kill(wall.pid, SIGTERM)
        #expect(try await wall.waitForExit(within: .seconds(10)) == .exited(0))
    }

    /// `folder` served at `mount` by bindfs, a FUSE daemon (the "server"); its command line.
    static func serve(_ folder: String, at mount: String) async throws -> [String] {
        let command = ["/usr/bin/bindfs", folder, mount]
        let start = try ChildProcess(command[0], Array(command.dropFirst()))
        #expect(try await start.waitForExit(within: .seconds(20)) == .exited(0), "bindfs: \(start.errorOutput)")
        return command
    }

    /// The process whose command line is `command`, from /proc.
    static func process(running command: [String]) -> pid_t? {
        let wanted = Data(command.joined(separator: "\0").utf8) + Data([0])
        for name in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
            guard let pid = pid_t(name), let line = FileManager.default.contents(atPath: "/proc/\(name)/cmdline") else { continue }
            if line == wanted { return pid }
        }
        return nil
    }

    static func unmount(_ path: String) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/umount")
        p.arguments = ["--lazy", path]
        try? p.run()
        p.waitUntilExit()
    }
}

private extension FileManager {
    func contentsOfDirectory(atPathOrNil path: String) -> [String]? { try? contentsOfDirectory(atPath: path) }
}

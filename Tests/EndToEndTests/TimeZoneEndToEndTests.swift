// TZ naming something that is not a zone file — a FIFO, where glibc's tzset would wait forever
// for a writer — must neither hang the start nor leave SIGTERM unanswered: cascade says so once
// and runs on the system's zone.

import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif
@testable import TestSupport

@Suite("TZ naming a FIFO, end to end", .serialized)
struct TimeZoneEndToEndTests {
    /// A folder holding a FIFO named `zone`, and the photos.
    final class Setup {
        let folder: PhotoFolder
        let fifo: String

        init() throws {
            folder = try PhotoFolder()
            for i in 1...4 { try folder.photo("photo-\(i).png", width: 400, height: 300, colour: "#\(i)08040") }
            fifo = NSTemporaryDirectory() + "cascade-tz-" + UUID().uuidString.prefix(8)
            guard mkfifo(fifo, 0o600) == 0 else { throw HarnessError("mkfifo: \(String(cString: strerror(errno)))") }
        }

        deinit { unlink(fifo) }

        /// TZ as a path, as `:path`, and as a name looked up under TZDIR.
        func environments() -> [[String: String]] {
            let directory = (fifo as NSString).deletingLastPathComponent, name = (fifo as NSString).lastPathComponent
            return [["TZ": fifo], ["TZ": ":" + fifo], ["TZ": name, "TZDIR": directory]]
        }
    }

    @Test("the viewer starts, answers its socket and exits on SIGTERM", arguments: 0..<3)
    func viewer(variant: Int) async throws {
        let setup = try Setup()
        let server = try await XServer()
        defer { server.stop() }
        let socket = NSTemporaryDirectory() + "cascade-tz-" + UUID().uuidString.prefix(8) + ".sock"
        let cache = TemporaryFolder("cascade-tz-cache")
        defer { unlink(socket) }
        let child = try ChildProcess(cascadeBinary, [setup.folder.path, "--geometry", "640x480", "--control", socket,
                                                     "--slideshow", "--slideshow-caption", "clock,date"],
                                     environment: ["DISPLAY": server.display.name, "SDL_VIDEODRIVER": "x11", "XDG_CACHE_HOME": cache.path]
                                        .merging(setup.environments()[variant]) { $1 })
        do {
            let control = try await ControlConnection(socket)
            // The slideshow, whose caption reads the clock, starts once the scan is in.
            #expect(try await control.state("mode", becoming: "slideshow") == "slideshow")
            kill(child.pid, SIGTERM)
            #expect(try await child.waitForExit(within: .seconds(10)) == .exited(0))
            #expect(child.errorOutput.contains("TZ"), "nothing said why the time zone was not used")
        } catch {
            child.stop()
            throw HarnessError("\(error)\ncascade's stderr:\n\(child.errorOutput)")
        }
    }

    @Test("cascade render finishes")
    func render() async throws {
        let setup = try Setup()
        let out = NSTemporaryDirectory() + "cascade-tz-" + UUID().uuidString
        defer { unlink(out + ".png"); try? FileManager.default.removeItem(atPath: out) }
        let result = try await runTool(cascadeBinary, ["render", setup.folder.path, "--width", "400", "--out", out + ".png"],
                                       environment: ["SDL_VIDEODRIVER": "dummy", "XDG_CACHE_HOME": out, "TZ": setup.fifo],
                                       timeout: .seconds(60))
        #expect(result.status == .exited(0))
    }
}

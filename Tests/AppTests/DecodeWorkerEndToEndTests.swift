// A decoder fault cannot take down the wall (issue #6 §1), the hard way (50 photos: the shared
// fixture colours run out above 51): the real binary in a real
// X server, its decode workers killed with SIGKILL while the wall is decoding — one of them
// certainly in the middle of a photo, held there by the worker's hang test hook.

import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The children of `pid` (from every one of its threads), as the kernel lists them.
func childProcesses(of pid: pid_t) -> [pid_t] {
    let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
    return tasks.flatMap { task -> [pid_t] in
        let text = (try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/children", encoding: .utf8)) ?? ""
        return text.split(separator: " ").compactMap { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }
}

@Suite("Decode workers killed under a running wall", .serialized)
struct DecodeWorkerEndToEndTests {
    @Test("kill -9 of the decode workers mid-decode: the wall keeps running, only photos in flight fail and are recorded, new workers show every other photo")
    func killedWorkers() async throws {
        let service = try await DaemonEndToEndTests.Service(photos: 50, columns: 4,
                                                            environment: ["CASCADE_DECODER_HANG_ON": "photo-03"])
        try await service.check {
            let control = try await ControlConnection(service.socket)
            _ = try await control.data(["subscribe", "load-error"])
            try await service.notify.wait(for: "READY=1")
            // photo-03 is in the first row, so it is among the first decodes, and its worker
            // hangs on it until killed: in flight for certain by the time the others are done.
            let deadline = Deadline(.seconds(30))
            var workers: [pid_t] = []
            while workers.isEmpty && !deadline.passed {
                try await Task.sleep(for: .milliseconds(100))
                workers = childProcesses(of: service.child.pid)
            }
            try await Task.sleep(for: .seconds(1))
            let victims = childProcesses(of: service.child.pid)
            #expect(!victims.isEmpty, "cascade has no decode workers")
            for victim in victims { kill(victim, SIGKILL) }

            #expect(try await service.state(control).count == 50, "the wall stopped answering")
            // The other worker may have had a photo in flight too, and its error may come first.
            var errors: [[String: Any]] = []
            while !errors.contains(where: { $0["path"] as? String == service.path("photo-03.png") }) {
                errors.append(try await control.event("load-error"))
            }
            let error = try #require(errors.first { $0["path"] as? String == service.path("photo-03.png") })
            #expect(error["error"] as? String == "decoder was killed (signal 9)")

            // Scroll through the whole wall: every tile is decoded, by new workers.
            for index in stride(from: 0, through: 49, by: 6) {
                _ = try await control.data(["scroll-to", ["index": index]])
                try await Task.sleep(for: .milliseconds(300))
            }
            while let more = try? await control.event("load-error", within: .seconds(2)) { errors.append(more) }
            #expect(errors.count <= victims.count, "more photos failed than workers were killed: \(errors)")
            #expect(!childProcesses(of: service.child.pid).isEmpty, "no worker took over")
            #expect(try await service.state(control).count == 50)

            // Recorded: the next run (here `cascade render` on the same cache) shows exactly those
            // photos as errors without decoding them again, and every other photo.
            let failed = Set(errors.compactMap { $0["path"] as? String })
            let manifest = NSTemporaryDirectory() + "cascade-killed-" + UUID().uuidString + ".json"
            defer { unlink(manifest); unlink(manifest + ".png") }
            let render = try await runTool(cascadeBinary, ["render", service.folder.path, "--width", "800", "--margin", "10",
                                                           "--columns", "4", "--no-captions", "--out", manifest + ".png",
                                                           "--manifest", manifest],
                                           environment: ["XDG_CACHE_HOME": service.cacheHome, "SDL_VIDEODRIVER": "dummy"])
            #expect(render.status == .exited(0))
            let object = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: manifest))) as? [String: Any]
            let tiles = try #require(object?["tiles"] as? [[String: Any]])
            #expect(tiles.count == 50)
            let renderErrors = tiles.filter { $0["status"] as? String == "error" }
            #expect(Set(renderErrors.compactMap { $0["path"] as? String }) == failed)
            #expect(renderErrors.allSatisfy { ($0["error"] as? String)?.hasPrefix("decoder was killed") == true })
            _ = try await control.data(["quit"])
            #expect(try await service.child.waitForExit(within: .seconds(10)) == .exited(0))
        }
    }
}

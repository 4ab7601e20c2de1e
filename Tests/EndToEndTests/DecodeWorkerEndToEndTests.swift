// A decoder fault cannot take down the wall, and a worker killed from outside is not
// the photo's fault, the hard way (50 photos: the shared fixture colours run out
// above 51): the real binary in a real X server, its decode workers killed while the wall is
// decoding — certainly in the middle of photos, held there by the worker's hold test hook.

import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif
@testable import TestSupport

/// The children of `pid` (from every one of its threads), as the kernel lists them.
func childProcesses(of pid: pid_t) -> [pid_t] {
    let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
    return tasks.flatMap { task -> [pid_t] in
        let text = (try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/children", encoding: .utf8)) ?? ""
        return text.split(separator: " ").compactMap { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }
}

/// Every file under `folder`, recursively (the thumbnail cache's fail records).
func filesBelow(_ folder: String) -> [String] {
    let walker = FileManager.default.enumerator(atPath: folder)
    var files: [String] = []
    while let name = walker?.nextObject() as? String {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder + "/" + name, isDirectory: &isFolder), !isFolder.boolValue { files.append(name) }
    }
    return files
}

/// The photos of `folder` that process `pid` has open: a decode worker holding them.
func photosOpen(by pid: pid_t, in folder: String) -> [String] {
    let fds = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd")) ?? []
    return fds.compactMap { try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/\($0)") }
        .filter { $0.hasPrefix(folder + "/") }
}

/// The shared libraries process `pid` has mapped, by file name.
func librariesMapped(by pid: pid_t) -> Set<String> {
    // Read to the end: String(contentsOfFile:) stops after the first page of a /proc file.
    let data = FileHandle(forReadingAtPath: "/proc/\(pid)/maps")?.readDataToEndOfFile() ?? Data()
    let maps = String(decoding: data, as: UTF8.self)
    return Set(maps.split(separator: "\n").compactMap { line in
        line.split(separator: "/").last.map(String.init).flatMap { $0.contains(".so") ? $0 : nil }
    })
}

/// cascade's decode workers that have a photo of `folder` in hand, once there are some.
func workersMidDecode(of cascade: pid_t, in folder: String, besides earlier: Set<pid_t> = []) async throws -> [pid_t] {
    try await waitFor("a decode worker of cascade to get a photo", within: .seconds(60)) { () -> [pid_t]? in
        let busy = childProcesses(of: cascade).filter { !earlier.contains($0) && !photosOpen(by: $0, in: folder).isEmpty }
        return busy.isEmpty ? nil : busy
    }
}

@Suite("Decode workers killed under a running wall", .serialized)
struct DecodeWorkerEndToEndTests {
    @Test("kill -9 of the decode workers mid-decode: the photos in flight go to fresh workers, every photo shows, nothing is recorded in fail/")
    func killedWorkers() async throws {
        let hold = NSTemporaryDirectory() + "cascade-hold-" + UUID().uuidString
        FileManager.default.createFile(atPath: hold, contents: Data())
        defer { unlink(hold) }
        let service = try await DaemonEndToEndTests.Service(photos: 50, columns: 4,
                                                            environment: ["CASCADE_DECODER_HOLD_WHILE": hold])
        try await service.check {
            let control = try await ControlConnection(service.socket)
            _ = try await control.data(["subscribe", "load-error"])
            // Every decode waits while the hold file exists: the workers that have a photo open
            // are in the middle of decoding it.
            let victims = try await workersMidDecode(of: service.child.pid, in: service.folder.path)
            for victim in victims { kill(victim, SIGKILL) }
            // The photos go to fresh workers, which are held too until the file goes.
            _ = try await workersMidDecode(of: service.child.pid, in: service.folder.path, besides: Set(victims))
            unlink(hold)
            try await service.notify.wait(for: "READY=1")

            // Scroll through the whole wall: every tile is decoded, none fails.
            for index in stride(from: 0, through: 49, by: 6) {
                _ = try await control.data(["scroll-to", ["index": index]])
                // Each screenful decoded before the next: the wall at rest and nothing queued.
                try await waitUntil("the wall to decode what scrolling to \(index) shows", every: .milliseconds(50)) {
                    let state = try await control.data(["get-state"]) as? [String: Any]
                    let stats = try await control.data(["get-stats"]) as? [String: Any]
                    return state?["moving"] as? Bool == false && stats?["decodeQueue"] as? Int == 0
                }
            }
            var errors: [[String: Any]] = []
            while let more = try? await control.event("load-error", within: .seconds(2)) { errors.append(more) }
            #expect(errors.isEmpty, "photos failed after their workers were killed from outside: \(errors)")
            #expect(filesBelow(service.cacheHome + "/thumbnails/fail").isEmpty)
            #expect(try await service.state(control).count == 50)
            // A library of JPEGs and PNGs never opens the HEIC and JPEG XL decoders, whose own
            // libraries would be most of each process's start, nor SDL_image (libtiff), nor the
            // console's libinput; libcrypto is no longer used at all.
            #expect(librariesMapped(by: service.child.pid).contains { $0.hasPrefix("libSDL2-2.0") }, "the maps were read")
            for process in [service.child.pid] + childProcesses(of: service.child.pid) {
                let heavy = librariesMapped(by: process).filter { name in
                    ["libheif", "libjxl", "libaom", "libSDL2_image", "libtiff", "libinput", "libcrypto"].contains { name.hasPrefix($0) }
                }
                #expect(heavy.isEmpty, "process \(process) has \(heavy.sorted()) mapped")
            }

            // The next run (`cascade render` on the same cache) shows every photo.
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
            #expect(tiles.filter { $0["status"] as? String == "error" }.isEmpty)
            _ = try await control.data(["quit"])
            #expect(try await service.child.waitForExit(within: .seconds(10)) == .exited(0))
        }
    }

    @Test("SIGTERM to cascade and its workers at once, as `systemctl stop` sends it without KillMode=mixed: a clean exit, nothing recorded in fail/")
    func stoppedWithItsWorkers() async throws {
        let hold = NSTemporaryDirectory() + "cascade-hold-" + UUID().uuidString
        FileManager.default.createFile(atPath: hold, contents: Data())
        defer { unlink(hold) }
        let service = try await DaemonEndToEndTests.Service(photos: 20, columns: 4,
                                                            environment: ["CASCADE_DECODER_HOLD_WHILE": hold])
        try await service.check {
            let busy = try await workersMidDecode(of: service.child.pid, in: service.folder.path)
            for worker in busy { kill(worker, SIGTERM) }
            kill(service.child.pid, SIGTERM)
            #expect(try await service.child.waitForExit(within: .seconds(30)) == .exited(0))
            #expect(filesBelow(service.cacheHome + "/thumbnails/fail").isEmpty,
                    "photos in flight at shutdown were recorded as failed")
        }
    }
}

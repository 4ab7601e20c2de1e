// SIGHUP as a careless script sends it: hundreds a second, or with a configuration whose screen
// schedule is near the size limit. The photo frame must go on changing photos and the control
// socket answering while the configuration is reread, and the last file written must be the one
// that is in force once the signals stop.

import Dispatch
import Foundation
import Synchronization
import Testing
#if canImport(Glibc)
import Glibc
#endif
@testable import TestSupport

@Suite("SIGHUP storms and large reloads, end to end", .serialized)
struct ReloadEndToEndTests {
    /// SIGHUPs to `pid` every 2 ms (500 a second) from a timer, until `stop()`.
    final class HangupStorm {
        private final class Counter: Sendable {
            let sent = Atomic<Int>(0)
        }
        private let timer = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "hangup-storm"))
        private let counter = Counter()

        init(pid: pid_t) {
            timer.schedule(deadline: .now(), repeating: .milliseconds(2))
            timer.setEventHandler { [counter] in
                kill(pid, SIGHUP)
                counter.sent.add(1, ordering: .relaxed)
            }
            timer.resume()
        }

        /// How many were sent.
        @discardableResult
        func stop() -> Int {
            timer.cancel()
            return counter.sent.load(ordering: .relaxed)
        }
    }

    /// The next photo's name from a `shown` event, within the harness's longest wait: other
    /// events (a rescan's `scanned`) may keep coming without one.
    static func nextShown(_ frame: SlideshowEndToEndTests.Frame) async throws -> String {
        let deadline = Deadline(longestWait)
        while !deadline.passed {
            guard let line = try await frame.child.lines.nextLine(within: longestWait, waitingFor: "a shown event") else { break }
            let event = (try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]) ?? [:]
            if event["event"] as? String == "shown" { return ((event["path"] as? String ?? "?") as NSString).lastPathComponent }
        }
        throw HarnessError("no photo shown within \(longestWait)")
    }

    static func writeConfig(_ text: String, to path: String) throws {
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }

    @Test("a storm of SIGHUPs: the photo frame keeps changing photos, the socket answers, the last file is applied")
    func hangupStorm() async throws {
        let folder = try PhotoFolder()
        for i in 1...6 { try folder.photo("p\(i).png", width: 400, height: 300, colour: "#\(String(format: "%02x", 30 + i * 30))6040") }
        let cache = TemporaryFolder("cascade-reload-cache")
        let config = NSTemporaryDirectory() + "cascade-storm-" + UUID().uuidString + ".toml"
        defer { unlink(config) }
        try Self.writeConfig("columns = 3\n", to: config)
        let server = try await XServer()
        defer { server.stop() }
        let frame = SlideshowEndToEndTests.Frame(server: server)
        try await frame.start(folder.path, cache: cache.path, ["--config", config, "--interval", "1", "--transition-ms", "100"])
        try await frame.check {
            _ = try await Self.nextShown(frame)
            let storm = HangupStorm(pid: frame.child.pid)
            defer { storm.stop() }
            // Three more photos while the signals keep coming (one a second when all is well).
            var names: [String] = []
            for _ in 1...3 {
                names.append(try await Self.nextShown(frame))
                let stats = try await frame.control.data(["get-stats"]) as? [String: Any]
                #expect(stats?["frames"] as? Int ?? 0 > 0)
            }
            // Written mid-storm: a reload that starts after it reads it, however many are folded.
            try Self.writeConfig("columns = 2\n", to: config)
            names.append(try await Self.nextShown(frame))
            let sent = storm.stop()
            print("storm: \(sent) SIGHUPs sent; photos shown meanwhile: \(names)")
            let columns = try await frame.control.state("columns", becoming: 2)
            #expect(columns == 2, "the file written during the storm was not applied once it ended")
            #expect(frame.child.isRunning)
            try await frame.stop()
        }
    }

    @Test("a near-1 MiB screen schedule is reread without stalling the frame loop")
    func largeScheduleReload() async throws {
        let config = NSTemporaryDirectory() + "cascade-big-schedule-" + UUID().uuidString + ".toml"
        defer { unlink(config) }
        try Self.writeConfig("columns = 3\n", to: config)
        let service = try await DaemonEndToEndTests.Service(photos: 12, arguments: ["--config", config], columns: nil)
        try await service.check {
            try await service.notify.wait(for: "READY=1")
            let control = try await ControlConnection(service.socket)
            _ = try await service.wholeWall(control)
            // Just under ConfigFile.maxBytes: some 55 000 entries, all of them valid.
            let entry = "daily 00:00-24:00, "
            let entries = Array(repeating: entry, count: (1 << 20 - 200) / entry.utf8.count).joined()
            let text = "columns = 2\nscreen-schedule = \"" + entries + "daily 00:00-24:00\"\n"
            #expect(text.utf8.count <= 1 << 20)
            try Self.writeConfig(text, to: config)
            let sent = ContinuousClock.now
            kill(service.child.pid, SIGHUP)
            try await service.notify.wait(for: "RELOADING=1")
            let columns = try await control.state("columns", becoming: 2)
            #expect(columns == 2, "the large file was not applied")
            let since = (ContinuousClock.now - sent) / .seconds(1)
            let stats = try await control.data(["get-stats"]) as? [String: Any]
            let stalls = (stats?["recentStalls"] as? [[String: Any]] ?? []).filter { ($0["agoSeconds"] as? Double ?? .infinity) <= since }
            let longest = stalls.compactMap { $0["ms"] as? Double }.max() ?? 0
            print("large schedule reload: \(Int(since * 1000)) ms to apply, longest stall meanwhile \(longest) ms")
            // A frame is 17 ms; a reload parsed on the loop held it for seconds.
            #expect(longest < 1000, "the loop stalled \(longest) ms during the reload: \(stalls)")
            #expect(service.child.isRunning)
        }
    }
}

extension ControlConnection {
    /// `get-state`'s `key`, asked until it is `value` or the harness's longest wait is over;
    /// the last value read.
    func state<T: Equatable>(_ key: String, becoming value: T) async throws -> T? {
        var last: T?
        _ = try await eventually(every: .milliseconds(50)) {
            last = (try await data(["get-state"]) as? [String: Any])?[key] as? T
            return last == value
        }
        return last
    }
}

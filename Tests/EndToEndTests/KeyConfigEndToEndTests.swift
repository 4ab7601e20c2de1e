// A configuration file's `[keys]` through the real binary in Xvfb: the bound keys, pressed in the
// window, do what the control socket's commands of the same words do, and the help lists them.

import Foundation
import Testing
@testable import App
@testable import TestSupport

@Suite("keys bound in the configuration file, in a real X server", .serialized)
struct KeyConfigEndToEndTests {
    @Test("Ctrl+O bound to `open 2` and c to `set-columns 2` act as the socket's commands; the help lists them first")
    func boundKeysActAsCommands() async throws {
        let config = NSTemporaryDirectory() + "cascade-keys-" + UUID().uuidString + ".toml"
        try Data("[keys]\n\"ctrl+o\" = \"open 2\"\n\"wall:c\" = \"set-columns 2\"\n".utf8).write(to: URL(fileURLWithPath: config))
        defer { try? FileManager.default.removeItem(atPath: config) }
        let service = try await DaemonEndToEndTests.Service(photos: 12, arguments: ["--config", config])
        _ = try await service.check { try await service.notify.wait(for: "READY=1") }
        let control = try await service.check { try await ControlConnection(service.socket) }
        _ = try await service.check { try await service.wholeWall(control) }
        let display = service.server.display
        let window = try await display.waitForWindow(class: "cascade")
        try await display.xdotool(["windowfocus", window], allowFailure: true)

        func state() async throws -> [String: Any] {
            let data = try await service.check { try await control.data(["get-state"]) }
            return try #require(data as? [String: Any])
        }
        /// get-state once `done` holds (false after the harness's longest wait).
        func waitFor(_ what: String, _ done: ([String: Any]) -> Bool) async throws -> [String: Any] {
            var now: [String: Any] = [:]
            return try await TestSupport.waitFor("\(what): get-state says \(now)") {
                now = try await state()
                return done(now) ? now : nil
            }
        }

        try await display.xdotool(["key", "--clearmodifiers", "ctrl+o"])
        let byKey = try await waitFor("Ctrl+O opens photo 2") { $0["mode"] as? String == "detail" && $0["selected"] as? Int == 2 }
        try await display.xdotool(["key", "--clearmodifiers", "Escape"])
        _ = try await waitFor("Esc goes back to the wall") { $0["mode"] as? String == "wall" }
        _ = try await service.check { try await control.data(["open", 2]) }
        let bySocket = try await waitFor("the socket's open 2") { $0["mode"] as? String == "detail" }
        // (The cursor differs: closing the first photo left it on the photo's tile.)
        #expect(bySocket["selected"] as? Int == byKey["selected"] as? Int, "by key \(byKey), by socket \(bySocket)")
        _ = try await service.check { try await control.data(["close"]) }

        try await display.xdotool(["key", "--clearmodifiers", "c"])
        _ = try await waitFor("c makes two columns") { $0["columns"] as? Int == 2 && $0["moving"] as? Bool == false }

        try await display.xdotool(["key", "--clearmodifiers", "F1"])
        let help = try await waitFor("F1 shows the help") { ($0["overlay"] as? [String: Any])?["kind"] as? String == "help" }
        let lines = (help["overlay"] as? [String: Any])?["lines"] as? [String]
        #expect(lines?.prefix(2) == ["Ctrl+o\topen 2", "c\tset-columns 2"], "\(lines ?? [])")
    }
}

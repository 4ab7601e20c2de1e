// The MQTT bus as a front door, against a real mosquitto: whoever can publish there reaches the
// photo on screen and nothing else. A copy or a run naming any file is refused and nothing is
// copied; `trash 0` trashes the slide shown, not photo 0 of the wall; and a message far larger
// than any command never reaches cascade's memory (the broker drops it, as cascade's CONNECT
// asked), while the frame keeps answering.

import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif
@testable import TestSupport

@Suite("the MQTT bus as a front door", .serialized)
struct MqttDoorEndToEndTests {
    typealias Service = DaemonEndToEndTests.Service
    static let id = "doorframe"
    let base = "cascade/\(Self.id)"

    /// A broker, cascade on six photos joined to it with a trash of its own and `destination`
    /// configured, and `body` once it is online there.
    private func onBus(_ body: (MqttBroker, Service, ControlConnection, _ destination: String) async throws -> Void) async throws {
        let broker = try await MqttBroker()
        let destination = broker.folder.path + "/best"
        try FileManager.default.createDirectory(atPath: destination, withIntermediateDirectories: true)
        let config = broker.folder.path + "/cascade.toml"
        try broker.folder.file("cascade.toml", """
        destinations = ["\(destination)"]

        [mqtt]
        username = "\(MqttBroker.user)"
        password-file = "\(broker.passwordFile)"
        device-id = "\(Self.id)"
        """)
        let service = try await Service(photos: 6, arguments: [
            "--config", config, "--mqtt", "mqtt://127.0.0.1:\(broker.port)", "--interval", "600", "--transition-ms", "0",
        ], environment: ["CASCADE_BACKLIGHT_ROOT": broker.folder.path + "/no-backlight", "XDG_DATA_HOME": broker.folder.path + "/data"])
        try await service.check {
            try await service.notify.wait(for: "READY=1")
            let control = try await ControlConnection(service.socket)
            _ = try await service.wholeWall(control)
            try await broker.waitForRetained("\(base)/availability", "online")
            try await body(broker, service, control, destination)
        }
    }

    private func state(_ control: ControlConnection) async throws -> [String: Any] {
        try await control.data(["get-state"]) as? [String: Any] ?? [:]
    }

    /// The next refusal on the error topic for `command`.
    private func refusal(_ errors: ChildProcess, of command: String) async throws -> String {
        while true {
            let line = try #require(try await errors.lines.nextLine(within: longestWait, waitingFor: "the refusal of \(command)"))
            if line.contains("\"\(base)/cmd/\(command)\"") { return line }
        }
    }

    @Test("copy and run naming a file are refused and copy nothing; trash 0 trashes the slide shown, not photo 0")
    func onlyThePhotoOnScreen() async throws {
        try await onBus { broker, service, control, destination in
            let errors = try await broker.subscriber("\(base)/error", probe: ("\(base)/cmd/no-such-command", ""))
            let secret = try broker.folder.file("id_rsa", "-----BEGIN OPENSSH PRIVATE KEY-----\n")
            try await broker.publish("\(base)/cmd/copy", #"{"to": "\#(destination)", "paths": ["\#(secret)"]}"#)
            #expect(try await refusal(errors, of: "copy").contains("copy is not taken over MQTT"))
            try await broker.publish("\(base)/cmd/run", #"{"name": "x", "paths": ["\#(secret)"]}"#)
            #expect(try await refusal(errors, of: "run").contains("run is not taken over MQTT"))
            #expect(try FileManager.default.contentsOfDirectory(atPath: destination).isEmpty, "nothing was copied")

            // The slideshow on a photo that is not the wall's first.
            let first = try #require((try await state(control)["visible"] as? [[String: Any]])?.first { $0["index"] as? Int == 0 }?["path"] as? String)
            _ = try await control.data(["slideshow", "start"])
            func shown() async throws -> String? {
                let slideshow = try await state(control)["slideshow"] as? [String: Any]
                return ((slideshow?["shown"] as? [[String: Any]])?.first)?["path"] as? String
            }
            var slide = try await waitFor("a slide") { try await shown() }
            while slide == first {
                _ = try await control.data(["slideshow", "next"])
                slide = try await waitFor("the next slide") { () -> String? in
                    let now = try await shown()
                    return now != first ? now : nil
                }
            }
            try await broker.publish("\(base)/cmd/trash", "0")
            try await waitUntil("the slide shown to go to the trash") { !FileManager.default.fileExists(atPath: slide) }
            #expect(FileManager.default.fileExists(atPath: first), "photo 0 of the wall is still there")
            #expect(service.child.isRunning)
        }
    }

    @Test("a 50 MB message on a command topic never reaches cascade's memory; the frame answers after it")
    func hugeMessageNeverHeld() async throws {
        try await onBus { broker, service, control, _ in
            func peak() throws -> Int {
                let status = try String(contentsOfFile: "/proc/\(service.child.pid)/status", encoding: .utf8)
                let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") })
                return Int(line.split(separator: " ", omittingEmptySubsequences: true)[1]) ?? 0
            }
            let before = try peak()
            let huge = broker.folder.path + "/huge"
            try Data(repeating: UInt8(ascii: "x"), count: 50 << 20).write(to: URL(fileURLWithPath: huge))
            try await broker.publish("\(base)/cmd/message", file: huge)
            // Messages come in order: once this one is shown, the huge one came (or was dropped) before it.
            try await broker.publish("\(base)/cmd/message", "after")
            try await waitUntil("the message after it") { try await state(control)["message"] as? String == "after" }
            let grown = try peak() - before
            #expect(grown < 20 << 10, "the peak grew by \(grown) kB")
            #expect(service.child.isRunning)
        }
    }
}

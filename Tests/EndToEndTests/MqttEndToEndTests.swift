// The frame on a real MQTT bus: Debian's mosquitto on a loopback port with a password file, the
// real binary in Xvfb joined to it with `--mqtt` and the `[mqtt]` table, driven through topics
// with mosquitto_pub and read back with mosquitto_sub and the control socket's get-state. What a
// Home Assistant owner relies on: the entities are announced as its discovery documents them,
// each command does what its key does, the frame's states follow, the will says `offline` when
// the power is pulled (SIGKILL), a broker restart is survived, and a flood of hostile messages
// leaves the wall answering.

import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif
@testable import TestSupport

@Suite("the frame on a real MQTT broker", .serialized)
struct MqttEndToEndTests {
    typealias Service = DaemonEndToEndTests.Service
    static let id = "testframe"
    let base = "cascade/\(Self.id)"
    /// Screen, screen mode, slideshow, paused, next, previous, columns, interval, transition,
    /// photo, message, clear, trash, image (no Brightness: the frame is given no backlight).
    static let entities = 16

    /// A broker and cascade joined to it; `url` nil: the broker's plain listener.
    /// `environment` on top of cascade's; CASCADE_BACKLIGHT_ROOT is a folder with no device unless
    /// given, so the machine's own panel (a laptop's) changes nothing here.
    private func frame(_ broker: MqttBroker, url: String? = nil, extra: String = "",
                       environment: [String: String] = [:], arguments: [String] = []) async throws -> (Service, ControlConnection) {
        let config = broker.folder.path + "/cascade.toml"
        try broker.folder.file("cascade.toml", """
        [mqtt]
        username = "\(MqttBroker.user)"
        password-file = "\(broker.passwordFile)"
        device-id = "\(Self.id)"
        keepalive = 5
        \(extra)
        """)
        let service = try await Service(photos: 6, arguments: [
            "--config", config, "--mqtt", url ?? "mqtt://127.0.0.1:\(broker.port)", "--interval", "600", "--transition-ms", "0",
        ] + arguments, environment: ["CASCADE_BACKLIGHT_ROOT": broker.folder.path + "/no-backlight"].merging(environment) { $1 })
        let control = try await service.check { () async throws -> ControlConnection in
            try await service.notify.wait(for: "READY=1")
            let control = try await ControlConnection(service.socket)
            // More folders given: the test knows how many photos the wall holds.
            if arguments.isEmpty { _ = try await service.wholeWall(control) }
            return control
        }
        return (service, control)
    }

    /// A broker, cascade on it, and `body` once cascade is online there; cascade's stderr with
    /// any failure. `tls`: through the broker's TLS listener, the test's CA configured.
    private func onBus(tls: Bool = false, extra: String = "", environment: [String: String] = [:],
                       arguments: [String] = [], before: (MqttBroker) async throws -> Void = { _ in },
                       _ body: (MqttBroker, Service, ControlConnection) async throws -> Void) async throws {
        let broker = try await MqttBroker(tls: tls)
        try await before(broker)
        let url = broker.tlsPort.map { "mqtts://127.0.0.1:\($0)" }
        let (service, control) = try await frame(broker, url: url, extra: extra + (tls ? "\nca-file = \"\(broker.caFile)\"" : ""),
                                                 environment: environment, arguments: arguments)
        try await service.check {
            try await broker.waitForRetained("\(base)/availability", "online")
            try await body(broker, service, control)
        }
    }

    /// `command` given on its topic with `payload`; then get-state until `done` holds, and the
    /// retained states until they hold `states`.
    private func step(_ broker: MqttBroker, _ control: ControlConnection, _ command: String, _ payload: String?, _ what: String,
                      states: [String: String], done: ([String: Any]) -> Bool) async throws {
        try await broker.publish("\(base)/cmd/\(command)", payload)
        try await waitUntil("\(what) after cmd/\(command) \(payload ?? "")") { done(try await state(control)) }
        for (name, value) in states.sorted(by: { $0.key < $1.key }) { try await broker.waitForRetained("\(base)/state/\(name)", value) }
    }

    private func state(_ control: ControlConnection) async throws -> [String: Any] {
        try await control.data(["get-state"]) as? [String: Any] ?? [:]
    }

    @Test("discovery announces one device whose entities have unique ids, availability and the device's topics")
    func discovery() async throws {
        try await onBus { broker, _, _ in
            let lines = try await broker.messages("homeassistant/+/+/config", count: Self.entities)
            var ids = Set<String>()
            for line in lines {
                let (topic, payload) = (String(line.prefix { $0 != " " }), String(line.drop { $0 != " " }.dropFirst()))
                let config = try #require(try JSONSerialization.jsonObject(with: Data(payload.utf8)) as? [String: Any], "\(line)")
                let id = try #require(config["unique_id"] as? String)
                ids.insert(id)
                #expect(topic.hasSuffix("/\(id)/config"), "\(topic) names its object by the unique id")
                #expect(config["availability_topic"] as? String == "\(base)/availability")
                let device = config["device"] as? [String: Any]
                #expect(device?["name"] as? String == "cascade \(Self.id)")
                #expect(device?["identifiers"] as? [String] == ["cascade_\(Self.id)"])
                for key in ["command_topic", "state_topic", "json_attributes_topic", "image_topic"] {
                    if let topic = config[key] as? String { #expect(topic.hasPrefix(base + "/"), "\(key) \(topic) is the device's") }
                }
            }
            #expect(ids.count == Self.entities, "unique ids: \(ids.sorted())")
            for component in ["switch", "select", "button", "number", "sensor", "image"] {
                #expect(lines.contains { $0.hasPrefix("homeassistant/\(component)/") }, "a \(component) is announced")
            }
            // Home Assistant restarted and its discovery was lost (an empty retained message
            // removes one): its birth message brings it back.
            let screen = "homeassistant/switch/cascade_\(Self.id)_screen/config"
            try await broker.publish(screen, retain: true)
            #expect(try await broker.retained(screen) == nil)
            try await broker.publish("homeassistant/status", "online")
            try await waitUntil("the screen's discovery again") { try await broker.retained(screen) != nil }
        }
    }

    @Test("each command topic does what the command does, and the states follow")
    func commands() async throws {
        try await onBus { broker, service, control in
            try await broker.waitForRetained("\(base)/state/screen", "on")
            try await broker.waitForRetained("\(base)/state/slideshow", "off")

            try await step(broker, control, "screen", "off", "the screen off", states: ["screen": "off", "screen-mode": "off"]) {
                $0["screen"] as? String == "off"
            }
            try await step(broker, control, "screen", "auto", "the screen on", states: ["screen-mode": "auto"]) { $0["screen"] as? String == "on" }
            try await step(broker, control, "set-columns", "4", "four columns", states: ["columns": "4"]) { $0["columns"] as? Int == 4 }
            try await step(broker, control, "set-direction", "horizontal", "a wall in rows", states: ["direction": "horizontal"]) {
                $0["direction"] as? String == "horizontal"
            }
            try await step(broker, control, "set-rows", "2", "two rows", states: ["rows": "2"]) { $0["rows"] as? Int == 2 }
            try await step(broker, control, "set-direction", "vertical", "columns again", states: ["direction": "vertical"]) {
                $0["direction"] as? String == "vertical"
            }
            try await step(broker, control, "slideshow", "start", "the slideshow", states: ["slideshow": "on"]) {
                $0["mode"] as? String == "slideshow"
            }
            func shown() async throws -> String? {
                let slideshow = try await state(control)["slideshow"] as? [String: Any]
                return ((slideshow?["shown"] as? [[String: Any]])?.first)?["path"] as? String
            }
            let firstPath = try await waitFor("a slide") { try await shown() }
            let first = try await broker.messages("\(base)/state/photo", count: 1)
            try await broker.publish("\(base)/cmd/slideshow", "next")
            try await waitUntil("another photo than \(firstPath)") { try await shown() != firstPath }
            try await waitUntil("the photo's state to change from \(first)") {
                try await broker.messages("\(base)/state/photo", count: 1) != first
            }
            // The image entity's picture: a JPEG no larger than a dashboard card needs.
            let jpeg = try await waitFor("the photo's JPEG") { try await broker.retainedBytes("\(base)/photo.jpg") }
            #expect(jpeg.prefix(3) == Data([0xFF, 0xD8, 0xFF]), "a JPEG file")
            #expect(jpeg.count < 200_000)
            let attributes = try await waitFor("the photo's attributes") { try await broker.retained("\(base)/state/photo/attributes") }
            let fields = try JSONSerialization.jsonObject(with: Data(attributes.utf8)) as? [String: Any]
            #expect((fields?["path"] as? String)?.hasPrefix(service.folder.path) == true, "\(attributes)")
            #expect(fields?.keys.contains("camera") == true && fields?.keys.contains("date") == true, "\(attributes)")
            try await step(broker, control, "message", "Dinner's ready", "the message", states: ["message": "Dinner's ready"]) {
                $0["message"] as? String == "Dinner's ready"
            }
            // An empty retained payload removes the retained message: there is none to read.
            try await step(broker, control, "message-clear", nil, "no message", states: [:]) { $0["message"] is NSNull }
            try await step(broker, control, "slideshow-interval", "30", "a slide every 30 s", states: ["interval": "30"]) {
                $0["slideshowInterval"] as? Double == 30
            }
            try await step(broker, control, "transition", "none", "cuts", states: ["transition": "none"]) { $0["transition"] as? String == "none" }
            try await step(broker, control, "slideshow", "pause", "a pause", states: ["paused": "on"]) {
                ($0["slideshow"] as? [String: Any])?["paused"] as? Bool == true
            }
            try await step(broker, control, "slideshow", "stop", "the wall again", states: ["slideshow": "off"]) { $0["mode"] as? String == "wall" }
        }
    }

    @Test("the will says offline when cascade is killed; a broker restart is survived and everything is announced again")
    func willAndReconnect() async throws {
        try await onBus { broker, service, control in
            // Stopped and started again: nothing is retained any more (no persistence), so all
            // that comes back is cascade's own doing.
            try await broker.stop()
            try broker.start()
            try await broker.waitForRetained("\(base)/availability", "online")
            try await broker.waitForRetained("\(base)/state/screen", "on")
            #expect(try await broker.messages("homeassistant/+/+/config", count: Self.entities).count == Self.entities)
            // The wall answered all along.
            #expect(try await state(control)["count"] as? Int == 6)
            kill(service.child.pid, SIGKILL)
            _ = try await service.child.waitForExit(within: longestWait)
            try await broker.waitForRetained("\(base)/availability", "offline")
        }
    }

    @Test("a clean stop says offline itself and exits 0")
    func cleanStop() async throws {
        try await onBus { broker, service, _ in
            kill(service.child.pid, SIGTERM)
            #expect(try await service.child.waitForExit(within: longestWait) == .exited(0))
            try await broker.waitForRetained("\(base)/availability", "offline")
        }
    }

    @Test("a flood and hostile payloads leave the wall answering; refusals go to the error topic")
    func floodAndHostilePayloads() async throws {
        try await onBus { broker, service, control in
            let errors = try await broker.subscriber("\(base)/error", probe: ("\(base)/cmd/no-such-command", ""))
            let big = try broker.folder.bytes("big", [UInt8](repeating: UInt8(ascii: "["), count: 1 << 20))
            let notUTF8 = try broker.folder.bytes("bad", [0xFF, 0xFE, 0x00, 0xC3])
            try await broker.publish("\(base)/cmd/set-columns", file: big)
            try await broker.publish("\(base)/cmd/screen", file: notUTF8)
            for (command, payload) in [("set-columns", "1e300"), ("set-columns", "[17]"), ("select", "{\"index\": "),
                                       ("quit", ""), ("no-such-command", "x"), ("scroll-to", "[[[[[[[[[[[[[[[[[[[[")] {
                try await broker.publish("\(base)/cmd/\(command)", payload)
            }
            try await broker.publish("\(base)/cmd/a/b/c", "deep")
            try await broker.publishLines("\(base)/cmd/zoom-in", String(repeating: "[]\n", count: 5000))
            // Still here, and taking commands again once the flood has passed (what came while
            // 256 waited was dropped, so the command is given until it is taken).
            try await waitUntil("two columns after the flood", every: .milliseconds(250)) {
                try await broker.publish("\(base)/cmd/set-columns", "2")
                return try await state(control)["columns"] as? Int == 2
            }
            #expect(service.child.isRunning)
            // Each refusal is answered on the error topic, with the topic and why.
            let refusal = try #require(try await errors.lines.nextLine(within: longestWait, waitingFor: "a refusal"))
            #expect(refusal.hasPrefix("\(base)/error {\"topic\":\"\(base)/cmd/"), "\(refusal)")
            let log = service.child.errorOutput.components(separatedBy: "\n").filter { $0.contains("mqtt: \(base)/cmd/") }
            #expect(log.count <= 3, "refusals are rate-limited in the log:\n\(log.joined(separator: "\n"))")
        }
    }

    @Test("a retained command or motion state is old news: not acted on when cascade connects")
    func retainedMessagesAreNotCommands() async throws {
        let retained: (MqttBroker) async throws -> Void = { broker in
            try await broker.publish("\(base)/cmd/set-columns", "5", retain: true)
            try await broker.publish("\(base)/cmd/screen", "off", retain: true)
            try await broker.publish("hall/motion", "ON", retain: true)
        }
        try await onBus(extra: "presence-topic = \"hall/motion\"", before: retained) { broker, service, control in
            // Messages come in order: once this one is done, the retained ones were there before it.
            try await broker.publish("\(base)/cmd/message", "after")
            try await waitUntil("the message after them") { try await state(control)["message"] as? String == "after" }
            let now = try await state(control)
            #expect(now["columns"] as? Int == 3, "a retained set-columns was performed")
            #expect(now["screen"] as? String == "on", "a retained screen off was performed")
            #expect(!service.child.errorOutput.contains("screen off"), "\(service.child.errorOutput)")
        }
    }

    @Test("TLS: the broker's certificate is checked against the configured CA")
    func tls() async throws {
        try await onBus(tls: true) { broker, _, control in
            try await broker.publish("\(base)/cmd/screen", "off")
            try await waitUntil("the screen to go off over TLS") { try await state(control)["screen"] as? String == "off" }
        }
    }

    @Test("TLS: a CA that did not sign the broker's certificate refuses it; one line says so, nothing is published")
    func tlsWrongCA() async throws {
        let broker = try await MqttBroker(tls: true)
        // A CA of the same name as the one that signed the broker's certificate: only the
        // signature tells them apart.
        let stranger = try await broker.strangerCA()
        let (service, control) = try await frame(broker, url: "mqtts://127.0.0.1:\(broker.tlsPort!)", extra: "ca-file = \"\(stranger)\"")
        try await service.check {
            // The broker sees each try fail in its handshake: three of them, so the retries'
            // lines (or their absence) can be counted. A connection ends the wait at once.
            try await waitUntil("three refused handshakes in the broker's log:\n\(broker.log)") {
                broker.log.components(separatedBy: "\n").count { $0.contains("OpenSSL Error") || $0.contains("unknown ca") } >= 3
                    || service.child.errorOutput.contains("mqtt: connected")
            }
            let lines = service.child.errorOutput.components(separatedBy: "\n").filter { $0.contains("127.0.0.1:\(broker.tlsPort!): ") }
            #expect(lines.count == 1 && lines[0].contains("TLS"), "one line naming TLS, not one a try: \(lines)")
            #expect(!service.child.errorOutput.contains("mqtt: connected"))
            // Nothing reached the broker: no availability, no state, no discovery.
            for topic in ["\(base)/availability", "\(base)/state/#", "homeassistant/#"] {
                #expect(try await broker.retained(topic) == nil, "\(topic) holds something")
            }
            // The frame goes on without the bus.
            #expect(try await state(control)["count"] as? Int == 6)
        }
    }

    @Test("a presence topic wakes the screen the idle timeout turned off")
    func presence() async throws {
        try await onBus(extra: "presence-topic = \"hall/motion\"\npresence-payloads = [\"ON\"]") { broker, _, control in
            try await broker.publish("\(base)/cmd/screen", "off")
            try await waitUntil("the screen to go off") { try await state(control)["screen"] as? String == "off" }
            try await broker.publish("hall/motion", "OFF")
            try await broker.publish("hall/motion", "ON")
            try await waitUntil("someone in the hall to wake the screen") { try await state(control)["screen"] as? String == "on" }
            try await broker.waitForRetained("\(base)/state/screen", "on")
        }
    }

    @Test("with a backlight, Brightness is announced and cmd/brightness sets the kernel's value; out of range is refused")
    func brightness() async throws {
        let sysfs = TemporaryFolder("cascade-backlight")
        try sysfs.file("panel/max_brightness", "255\n")
        try sysfs.file("panel/brightness", "255\n")
        try await onBus(environment: ["CASCADE_BACKLIGHT_ROOT": sysfs.path]) { broker, _, control in
            let config = try await broker.messages("homeassistant/number/cascade_\(Self.id)_brightness/config", count: 1)
            #expect(config.first?.contains("\"command_topic\":\"\(base)/cmd/brightness\"") == true, "\(config)")
            try await broker.waitForRetained("\(base)/state/brightness", "100")
            try await step(broker, control, "brightness", "40", "brightness 40", states: ["brightness": "40"]) {
                $0["brightness"] as? Int == 40
            }
            // 40 % of 255, as the kernel's file takes it.
            #expect(try String(contentsOfFile: sysfs.path + "/panel/brightness", encoding: .utf8) == "102")
            let errors = try await broker.subscriber("\(base)/error", probe: ("\(base)/cmd/no-such-command", ""))
            try await broker.publish("\(base)/cmd/brightness", "0")
            let refusal = try #require(try await errors.lines.nextLine(within: longestWait, waitingFor: "a refusal"))
            #expect(refusal.contains("percent from 1 to 100"), "\(refusal)")
            #expect(try String(contentsOfFile: sysfs.path + "/panel/brightness", encoding: .utf8) == "102")
        }
    }

    @Test("Trash photo on screen sends the slide shown to the trash, and only it; on the wall it is refused")
    func trashShown() async throws {
        // A trash of the test's own: the user's real one is never touched.
        let home = TemporaryFolder("cascade-mqtt-home")
        try home.file("data/.keep", "")
        try await onBus(environment: ["XDG_DATA_HOME": home.path + "/data", "HOME": home.path]) { broker, service, control in
            let config = try await broker.messages("homeassistant/button/cascade_\(Self.id)_trash/config", count: 1)
            #expect(config.first?.contains("\"payload_press\":\"shown\"") == true, "\(config)")
            let errors = try await broker.subscriber("\(base)/error", probe: ("\(base)/cmd/no-such-command", ""))
            try await broker.publish("\(base)/cmd/trash", "shown")
            let refusal = try #require(try await errors.lines.nextLine(within: longestWait, waitingFor: "a refusal"))
            #expect(refusal.contains("no photo is shown"), "\(refusal)")
            try await step(broker, control, "slideshow", "start", "a slide shown", states: [:]) {
                (($0["slideshow"] as? [String: Any])?["shown"] as? [[String: Any]])?.first?["path"] is String
            }
            let slideshow = try await state(control)["slideshow"] as? [String: Any]
            let shown = try #require((slideshow?["shown"] as? [[String: Any]])?.first?["path"] as? String)
            try await broker.publish("\(base)/cmd/trash", "shown")
            try await waitUntil("\(shown) to leave the folder") { !FileManager.default.fileExists(atPath: shown) }
            let name = (shown as NSString).lastPathComponent
            #expect(FileManager.default.fileExists(atPath: home.path + "/data/Trash/files/" + name), "in the test's trash")
            let left = try FileManager.default.contentsOfDirectory(atPath: service.folder.path).filter { $0.hasSuffix(".png") }
            #expect(left.count == 5, "the other photos stay: \(left)")
        }
    }

    @Test("with several folders the Folder select shows one of them or all; a folder not configured is refused")
    func folderSelect() async throws {
        let second = try PhotoFolder()
        for i in 1...3 { try second.photo("holiday-\(i).png", width: 400, height: 300, colour: "#2060a0") }
        try await onBus(arguments: [second.path]) { broker, service, control in
            let config = try await broker.messages("homeassistant/select/cascade_\(Self.id)_folder/config", count: 1)
            let options = try #require(config.first.flatMap { line in
                (try? JSONSerialization.jsonObject(with: Data(line.drop { $0 != " " }.dropFirst().utf8)) as? [String: Any])?["options"] as? [String]
            }, "\(config)")
            #expect(options == ["all", service.folder.path, second.path])
            try await waitUntil("both folders' 9 photos") { (try await state(control)["count"] as? Int) == 9 }
            try await broker.waitForRetained("\(base)/state/folder", "all")
            try await step(broker, control, "folder", second.path, "the holiday's 3 photos", states: ["folder": second.path]) {
                ($0["count"] as? Int) == 3
            }
            let errors = try await broker.subscriber("\(base)/error", probe: ("\(base)/cmd/no-such-command", ""))
            try await broker.publish("\(base)/cmd/folder", "/nowhere")
            let refusal = try #require(try await errors.lines.nextLine(within: longestWait, waitingFor: "a refusal"))
            #expect(refusal.contains("not one of the folders shown"), "\(refusal)")
            try await step(broker, control, "folder", "all", "all 9 photos", states: ["folder": "all"]) { ($0["count"] as? Int) == 9 }
        }
    }
}

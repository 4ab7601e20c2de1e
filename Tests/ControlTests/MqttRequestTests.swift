// What arrives on a command topic becomes a command of the one table, read as the socket reads
// a request — or is refused with a reason, whatever the bytes: never a crash.

import Testing
@testable import Control

@Suite("MQTT messages as commands")
struct MqttRequestTests {
    @Test("payloads as arguments", arguments: [
        ("next", "", Command.next),
        ("screen", "off", .screen(.off)),
        ("screen", " auto\n", .screen(.auto)),
        ("slideshow", "next", .slideshow(.next)),
        ("set-columns", "4", .setColumns(4)),
        ("set-columns", "auto", .setColumns(nil)),
        ("set-columns", "[5]", .setColumns(5)),
        ("scroll-to", "{\"index\": 2}", .scrollTo(.index(2), animated: false)),
        ("message", "Dinner's ready: 7 pm", .message("Dinner's ready: 7 pm")),
        ("slideshow-interval", "30", .slideshowInterval(30)),
        ("slideshow-interval", "2.5", .slideshowInterval(2.5)),
        ("transition", "pan", .transition(.pan)),
        ("favorite", "", .immich(.favorite, path: nil)),
        ("archive", "", .immich(.archive, path: nil)),
    ] as [(String, String, Command)])
    func commands(name: String, payload: String, command: Command) throws {
        #expect(try MqttRequest.command(name: name, payload: Array(payload.utf8)).get() == command)
    }

    @Test("refusals", arguments: [
        ("set-columns", Array("17".utf8), "1 to 16"),
        ("set-columns", Array("1e300".utf8), "set-columns"),
        ("select", Array("{\"index\": ".utf8), "cannot read"),
        ("screen", [0xFF, 0xFE], "not UTF-8"),
        ("quit", [], "not taken over MQTT"),
        ("slideshow-interval", Array("0".utf8), "from 1"),
        ("slideshow-interval", Array("nan".utf8), "slideshow-interval needs"),
        ("transition", Array("wipe".utf8), "\"fade\""),
        ("subscribe", Array("*".utf8), "not taken over MQTT"),
        ("nope", [], "unknown command"),
        ("next", [UInt8](repeating: 0x5B, count: 5000), "larger than"),
        ("scroll-to", [UInt8](repeating: 0x5B, count: 4000), "scroll-to"),
    ] as [(String, [UInt8], String)])
    func refusals(name: String, payload: [UInt8], reason: String) {
        guard case .failure(let error) = MqttRequest.command(name: name, payload: payload) else {
            Issue.record("\(name) was taken")
            return
        }
        #expect(error.message.contains(reason), "\(error.message)")
    }

    @Test func topicsOutsideTheDevicesNameNoCommand() {
        let topics = MqttTopics(deviceID: "hall")
        #expect(topics.commandName(of: "cascade/hall/cmd/next") == "next")
        #expect(topics.commandName(of: "cascade/den/cmd/next") == nil)
        #expect(topics.commandName(of: "cascade/hall/cmd/a/b") == nil)
        #expect(topics.commandName(of: "cascade/hall/cmd/") == nil)
    }

    @Test("a frame showing Immich announces Favourite and Archive buttons for the photo on screen; others do not")
    func immichButtons() {
        let topics = MqttTopics(deviceID: "hall", discoveryPrefix: "homeassistant")
        let plain = MqttDiscovery.entities(topics: topics, deviceID: "hall", version: "1")
        let immich = MqttDiscovery.entities(topics: topics, deviceID: "hall", version: "1", immich: true)
        #expect(immich.count == plain.count + 2)
        #expect(!plain.contains { $0.objectID.hasSuffix("_favorite") })
        let ids = immich.filter { $0.component == "button" }.map(\.objectID)
        #expect(ids.contains("cascade_hall_favorite") && ids.contains("cascade_hall_archive"), "\(ids)")
        for entity in immich where entity.objectID.hasSuffix("_favorite") || entity.objectID.hasSuffix("_archive") {
            let name = entity.objectID.hasSuffix("_favorite") ? "favorite" : "archive"
            #expect((try? MqttRequest.command(name: name, payload: []).get()) != nil, "its press is a command")
        }
    }
}

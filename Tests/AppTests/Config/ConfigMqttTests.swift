// The `[mqtt]` table and `--mqtt URL`: the broker, TLS files, the user and password file, the
// device id and a presence sensor read as written, and every mistake an error with the file and
// line, as for any other key.

import Control
import Testing
@testable import App

@Suite("the [mqtt] table of the configuration")
struct ConfigMqttTests {
    private func read(_ text: String) throws -> ConfigFile.Document {
        try ConfigFile.parseDocument(text, file: "/etc/cascade/c.toml", keys: viewKeys)
    }

    @Test func aTableNamesTheBrokerAndHowToLogIn() throws {
        let document = try read("""
            columns = 3

            [mqtt]
            url = "mqtts://frame@broker.lan"
            ca-file = "ca.crt"
            password-file = "/etc/cascade/mqtt-password"
            device-id = "hall"
            keepalive = 20
            presence-topic = "zigbee2mqtt/hall-motion"
            presence-payloads = ["true"]
            """)
        let settings = try #require(document.mqtt?.settings(over: nil))
        #expect(settings.host == "broker.lan")
        #expect(settings.port == 8883, "mqtts:// defaults to the TLS port")
        #expect(settings.tls)
        #expect(settings.username == "frame")
        #expect(settings.caFile == "/etc/cascade/ca.crt", "relative to the file, as paths are")
        #expect(settings.passwordFile == "/etc/cascade/mqtt-password")
        #expect(settings.deviceID == "hall")
        #expect(settings.keepAlive == 20)
        #expect(settings.presenceTopic == "zigbee2mqtt/hall-motion")
        #expect(settings.presencePayloads == ["true"])
        #expect(document.settings.map(\.key.name) == ["columns"])
    }

    @Test func theCommandLinesURLWinsOverTheTables() throws {
        let document = try read("[mqtt]\nurl = \"mqtt://a\"\ndevice-id = \"den\"")
        let settings = try #require(document.mqtt?.settings(over: try MqttSettings(url: "mqtt://b:1884")))
        #expect(settings.host == "b" && settings.port == 1884 && settings.deviceID == "den")
    }

    @Test("each mistake names the file, the line and the key", arguments: [
        ("[mqtt]\nurl = \"http://x\"", "c.toml:2: key 'mqtt.url'"),
        ("[mqtt]\nurl = \"mqtt://u:secret@x\"", "no password in the URL"),
        ("[mqtt]\nurl = \"mqtt://x:99999\"", "port must be"),
        ("[mqtt]\npassword = \"x\"", "c.toml:2: key 'mqtt.password': unknown key"),
        ("[mqtt]\ndevice-id = \"a/b\"", "letters, digits"),
        ("[mqtt]\nkeepalive = 0", "c.toml:2: key 'mqtt.keepalive'"),
        ("[mqtt]\ncert-file = \"c.pem\"", "go together"),
        ("[mqtt]\npresence-topic = \"zigbee/#\"", "without + or #"),
        ("[mqtt]\npresence-payloads = [1]", "a list of strings"),
    ])
    func mistakes(text: String, message: String) throws {
        #expect {
            try read(text)
        } throws: { error in
            "\(error)".contains(message)
        }
    }

    @Test("--mqtt URLs", arguments: [
        ("mqtt://broker", "broker", 1883, false, nil),
        ("broker:1884", "broker", 1884, false, nil),
        ("mqtts://frame@10.0.0.2/", "10.0.0.2", 8883, true, "frame"),
        ("mqtt://[::1]:1883", "::1", 1883, false, nil),
    ] as [(String, String, Int, Bool, String?)])
    func urls(url: String, host: String, port: Int, tls: Bool, user: String?) throws {
        let settings = try MqttSettings(url: url)
        #expect(settings.host == host && settings.port == port && settings.tls == tls && settings.username == user)
    }
}

// The `[mqtt]` table and `--mqtt URL`: the broker, TLS files, the user and password file, the
// device id and a presence sensor read as written, and every mistake an error with the file and
// line, as for any other key.

import Control
import Testing
@testable import App

@Suite("the [mqtt] table of the configuration")
struct ConfigMqttTests {
    /// The table of `text`, as /etc/cascade/c.toml, over the broker `--mqtt` named (if any).
    private func settings(_ text: String, over given: MqttSettings? = nil) throws -> MqttSettings? {
        try ConfigFile.parseDocument(text, file: "/etc/cascade/c.toml", keys: viewKeys).mqtt?.settings(over: given)
    }

    @Test func aTableNamesTheBrokerAndHowToLogIn() throws {
        let mqtt = try #require(try settings("""
            [mqtt]
            url = "mqtts://frame@broker.lan"
            ca-file = "ca.crt"
            password-file = "/etc/cascade/mqtt-password"
            device-id = "hall"
            keepalive = 20
            presence-topic = "zigbee2mqtt/hall-motion"
            presence-payloads = ["true"]
            """))
        #expect(mqtt.host == "broker.lan")
        #expect(mqtt.port == 8883, "mqtts:// defaults to the TLS port")
        #expect(mqtt.tls)
        #expect(mqtt.username == "frame")
        #expect(mqtt.caFile == "/etc/cascade/ca.crt", "relative to the file, as paths are")
        #expect(mqtt.passwordFile == "/etc/cascade/mqtt-password")
        #expect(mqtt.deviceID == "hall")
        #expect(mqtt.keepAlive == 20)
        #expect(mqtt.presenceTopic == "zigbee2mqtt/hall-motion")
        #expect(mqtt.presencePayloads == ["true"])
    }

    @Test func theCommandLinesURLWinsOverTheTables() throws {
        let mqtt = try #require(try settings("[mqtt]\nurl = \"mqtt://a\"\ndevice-id = \"den\"", over: try MqttSettings(url: "mqtt://b:1884")))
        #expect(mqtt.host == "b" && mqtt.port == 1884 && mqtt.deviceID == "den")
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
            try settings(text)
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

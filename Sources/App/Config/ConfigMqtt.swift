// The configuration's `[mqtt]` table (docs/home-assistant.md): the broker's URL as `--mqtt` takes
// it, TLS files, the user name and the file holding the password, the device id, the keep-alive,
// Home Assistant's discovery prefix, a presence sensor's topic, and whether `move` and `copy` are
// taken from the bus. Checked when the file is read, each problem with its file and line like any
// other key's. `--mqtt URL` on the command line (or `mqtt = "URL"` at the top level) names the
// broker instead of `url`.

import Control
import TOMLKit

public struct ConfigMqtt: Sendable, Equatable {
    static let section = "mqtt"
    static let keys = ["url", "ca-file", "cert-file", "key-file", "username", "password-file", "device-id", "keepalive",
                       "discovery-prefix", "presence-topic", "presence-payloads", "allow-file-commands"]

    var url: String?
    var caFile: String?
    var certFile: String?
    var keyFile: String?
    var username: String?
    var passwordFile: String?
    var deviceID: String?
    var keepAlive: Int?
    var discoveryPrefix: String?
    var presenceTopic: String?
    var presencePayloads: [String]?
    var allowFileCommands: Bool?

    static func read(_ table: TOMLTable, lines: [String: Int], file: String) throws(ConfigError) -> ConfigMqtt {
        func fail(_ key: String, _ message: String) -> ConfigError {
            ConfigError(file: file, line: lines[TOMLKeyLines.inTable(section, key)] ?? lines[section],
                        key: "\(section).\(key)", message: message)
        }
        if let unknown = table.keys.first(where: { !keys.contains($0) }) {
            throw fail(unknown, "unknown key (\(section) has \(keys.joined(separator: ", ")))")
        }
        func text(_ key: String) throws(ConfigError) -> String? {
            guard let value = table[key] else { return nil }
            guard let text = value.string, !text.isEmpty else { throw fail(key, "expected a non-empty string") }
            return text
        }
        func path(_ key: String) throws(ConfigError) -> String? {
            try text(key).map { ConfigFile.resolve($0, against: file) }
        }
        var mqtt = ConfigMqtt()
        if let url = try text("url") {
            do { _ = try MqttSettings(url: url) } catch { throw fail("url", error.description) }
            mqtt.url = url
        }
        mqtt.caFile = try path("ca-file")
        mqtt.certFile = try path("cert-file")
        mqtt.keyFile = try path("key-file")
        if (mqtt.certFile == nil) != (mqtt.keyFile == nil) {
            throw fail(mqtt.certFile == nil ? "key-file" : "cert-file", "cert-file and key-file go together")
        }
        mqtt.username = try text("username")
        mqtt.passwordFile = try path("password-file")
        if let id = try text("device-id") {
            guard let clean = MqttSettings.sanitizedID(id), clean == id.lowercased() else {
                throw fail("device-id", "letters, digits, - and _ only, as device-id = \"hall\"")
            }
            mqtt.deviceID = clean
        }
        if let value = table["keepalive"] {
            guard let seconds = value.int, (5...3600).contains(seconds) else { throw fail("keepalive", "expected whole seconds from 5 to 3600") }
            mqtt.keepAlive = seconds
        }
        if let prefix = try text("discovery-prefix") {
            guard !prefix.contains("#"), !prefix.contains("+") else { throw fail("discovery-prefix", "a topic, without + or #") }
            mqtt.discoveryPrefix = prefix
        }
        if let topic = try text("presence-topic") {
            guard !topic.contains("#"), !topic.contains("+") else { throw fail("presence-topic", "one sensor's topic, without + or #") }
            mqtt.presenceTopic = topic
        }
        if let value = table["presence-payloads"] {
            guard let items = value.array?.map(\.string), !items.isEmpty, case let payloads = items.compactMap({ $0 }),
                  payloads.count == items.count else {
                throw fail("presence-payloads", "expected a list of strings, as presence-payloads = [\"on\"]")
            }
            mqtt.presencePayloads = payloads
        }
        if let value = table["allow-file-commands"] {
            guard let allowed = value.bool else { throw fail("allow-file-commands", "expected true or false") }
            mqtt.allowFileCommands = allowed
        }
        return mqtt
    }

    /// The settings for a broker named by `--mqtt` (`given`) or by `url`; nil when neither names one.
    func settings(over given: MqttSettings?) -> MqttSettings? {
        guard var settings = given ?? url.flatMap({ try? MqttSettings(url: $0) }) else { return nil }
        settings.caFile = caFile ?? settings.caFile
        settings.certFile = certFile ?? settings.certFile
        settings.keyFile = keyFile ?? settings.keyFile
        settings.username = username ?? settings.username
        settings.passwordFile = passwordFile ?? settings.passwordFile
        settings.deviceID = deviceID ?? settings.deviceID
        settings.keepAlive = keepAlive ?? settings.keepAlive
        settings.discoveryPrefix = discoveryPrefix ?? settings.discoveryPrefix
        settings.presenceTopic = presenceTopic ?? settings.presenceTopic
        settings.presencePayloads = presencePayloads ?? settings.presencePayloads
        return settings
    }
}

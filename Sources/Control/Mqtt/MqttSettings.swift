// Where the broker is and how cascade introduces itself there: `--mqtt URL` and the `[mqtt]`
// table of the configuration (docs/home-assistant.md). The password is only ever read from a
// file, never from the command line or the environment, which `ps` and /proc show to every user.

import Foundation
import SecretFile

public struct MqttSettings: Sendable, Equatable {
    public var host: String
    public var port: Int
    /// TLS to the broker: `mqtts://`, or a CA file given.
    public var tls: Bool
    /// The certificate authority that signed the broker's certificate; nil: the system's.
    public var caFile: String?
    /// A client certificate and its key, for brokers that ask for one.
    public var certFile: String?
    public var keyFile: String?
    public var username: String?
    /// The file holding the password (its first line).
    public var passwordFile: String?
    /// The device's name on the bus: its topics are `cascade/<id>/…`, its entities `cascade_<id>_…`.
    public var deviceID: String
    /// Seconds between the client's pings; the broker declares it gone (and sends its will)
    /// after one and a half of these without a word.
    public var keepAlive: Int = 30
    /// Home Assistant's discovery prefix.
    public var discoveryPrefix = "homeassistant"
    /// A motion sensor's state topic, and the payloads meaning someone is there.
    public var presenceTopic: String?
    public var presencePayloads: [String] = ["ON", "on", "true", "1", "occupied", "detected"]

    public static let defaultPort = 1883
    public static let defaultTLSPort = 8883

    public init(host: String, port: Int? = nil, tls: Bool = false, deviceID: String = MqttSettings.hostDeviceID()) {
        self.host = host
        self.tls = tls
        self.port = port ?? (tls ? Self.defaultTLSPort : Self.defaultPort)
        self.deviceID = deviceID
    }

    /// `mqtt://[user@]host[:port]` or `mqtts://…`; a bare `host[:port]` is `mqtt://`. A password
    /// in the URL is refused: it would sit in the process's arguments.
    public init(url: String) throws(MqttSettingsError) {
        var rest = Substring(url)
        var tls = false
        if let scheme = rest.range(of: "://") {
            switch rest[..<scheme.lowerBound].lowercased() {
            case "mqtt", "tcp": tls = false
            case "mqtts", "ssl", "tls": tls = true
            default: throw MqttSettingsError("\(url): the scheme must be mqtt:// or mqtts://")
            }
            rest = rest[scheme.upperBound...]
        }
        if rest.hasSuffix("/") { rest = rest.dropLast() }
        var username: String?
        if let at = rest.lastIndex(of: "@") {
            let user = rest[..<at]
            if user.contains(":") {
                throw MqttSettingsError("\(url): no password in the URL (everyone can read a process's arguments); give password-file in [mqtt]")
            }
            username = user.removingPercentEncoding ?? String(user)
            rest = rest[rest.index(after: at)...]
        }
        var port: Int?
        if let colon = rest.lastIndex(of: ":"), !rest.hasPrefix("[") || rest[..<colon].hasSuffix("]") {
            guard let number = Int(rest[rest.index(after: colon)...]), (1...65535).contains(number) else {
                throw MqttSettingsError("\(url): the port must be a whole number from 1 to 65535")
            }
            port = number
            rest = rest[..<colon]
        }
        let host = rest.hasPrefix("[") && rest.hasSuffix("]") ? String(rest.dropFirst().dropLast()) : String(rest)
        guard !host.isEmpty, !host.contains("/"), !host.contains(where: \.isWhitespace) else {
            throw MqttSettingsError("\(url): expected mqtt://host[:port] or mqtts://host[:port]")
        }
        self.init(host: host, port: port, tls: tls)
        self.username = username
    }

    /// The host's name, made a topic level: letters, digits, `-` and `_` only.
    public static func hostDeviceID() -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        let name = gethostname(&buffer, buffer.count) == 0 ? String(cString: buffer) : ""
        return sanitizedID(name.split(separator: ".").first.map(String.init) ?? "") ?? "frame"
    }

    /// `id` as a topic level and an entity id may have it, or nil when nothing of it is left.
    public static func sanitizedID(_ id: String) -> String? {
        let kept = String(id.lowercased().unicodeScalars.map { scalar -> Character in
            (("0"..."9").contains(scalar) || ("a"..."z").contains(scalar) || scalar == "-" || scalar == "_")
                ? Character(scalar) : "_"
        })
        return kept.allSatisfy({ $0 == "_" }) ? nil : kept
    }

    /// The password file's first line, read when cascade starts.
    func readPassword() throws(MqttSettingsError) -> String? {
        guard let passwordFile else { return nil }
        do {
            return try SecretFile.firstLine(of: passwordFile, what: "the MQTT password file")
        } catch {
            throw MqttSettingsError(error.description)
        }
    }

    /// A line for each secret file others may read: the password's and the client key's.
    public func secretFileWarnings() -> [String] {
        [(passwordFile, "the MQTT password file"), (keyFile, "the MQTT key-file")].compactMap { file, what in
            file.flatMap { SecretFile.exposure(of: $0, what: what) }
        }
    }
}

public struct MqttSettingsError: Error, Sendable, Equatable, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

// The device's topics, all under `cascade/<id>/` (docs/control.md, "MQTT"): commands come in on
// `cmd/<command>`, states go out retained on `state/<name>`, the socket's events on
// `event/<name>`, refusals on `error`, and `availability` is `online` or the will's `offline`.

public struct MqttTopics: Sendable, Equatable {
    public let base: String
    public let discoveryPrefix: String

    public init(deviceID: String, discoveryPrefix: String = "homeassistant") {
        base = "cascade/" + deviceID
        self.discoveryPrefix = discoveryPrefix
    }

    public var availability: String { base + "/availability" }
    public var error: String { base + "/error" }
    /// Every command of the table: `cmd/next`, `cmd/screen` with `off`, `cmd/set-columns` with `4`.
    public var commands: String { base + "/cmd/#" }
    public func command(_ name: String) -> String { base + "/cmd/" + name }
    public func state(_ name: String) -> String { base + "/state/" + name }
    public func event(_ name: String) -> String { base + "/event/" + name }
    /// A small JPEG of the photo on screen, for Home Assistant's `image` entity.
    public var photoImage: String { base + "/photo.jpg" }
    /// Home Assistant's birth message: it has (re)started and needs discovery again.
    public var homeAssistantStatus: String { discoveryPrefix + "/status" }

    /// The command a topic names: `next` for `cascade/<id>/cmd/next`; nil for anything else.
    public func commandName(of topic: String) -> String? {
        let prefix = base + "/cmd/"
        guard topic.hasPrefix(prefix) else { return nil }
        let name = topic.dropFirst(prefix.count)
        return name.isEmpty || name.contains("/") ? nil : String(name)
    }
}

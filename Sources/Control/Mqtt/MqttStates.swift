// The retained states the entities show, read off `get-state` — the same answer a program on
// the socket gets — and published only when one changed. They are looked at after a command or
// an event, never on a timer.

public struct MqttStates: Sendable {
    /// What was last published, by state name; emptied when the connection is new, so that all
    /// are published again.
    private var published: [String: String] = [:]

    public init() {}

    /// The states as topics' payloads, from a `get-state` answer.
    public static func payloads(from state: JSONValue) -> [(name: String, payload: String)] {
        let screen = state["screen"]?.stringValue ?? "on"
        let held = state["screenReason"]?.stringValue == "command"
        let slideshow = state["slideshow"]
        let shown = slideshow?["shown"]?.arrayValue?.first?["path"]?.stringValue
        var payloads: [(String, String)] = [
            ("screen", screen),
            ("screen-mode", held ? screen : "auto"),
            ("slideshow", slideshow == nil ? "off" : "on"),
            ("paused", slideshow?["paused"]?.boolValue == true ? "on" : "off"),
        ]
        payloads.append(("message", state["message"]?.stringValue ?? ""))
        if let interval = state["slideshowInterval"]?.doubleValue { payloads.append(("interval", JSONValue.double(interval).text)) }
        if let transition = state["transition"]?.stringValue { payloads.append(("transition", transition)) }
        if let columns = state["columns"]?.intValue { payloads.append(("columns", String(columns))) }
        if let rows = state["rows"]?.intValue { payloads.append(("rows", String(rows))) }
        if let direction = state["direction"]?.stringValue { payloads.append(("direction", direction)) }
        if let brightness = state["brightness"]?.intValue { payloads.append(("brightness", String(brightness))) }
        if let folder = state["folder"]?.stringValue { payloads.append(("folder", folder)) }
        // Its attributes (EXIF: date, camera, place) are read off the loop, with its picture
        // (MqttPhotoImage).
        if let shown { payloads.append(("photo", shown.split(separator: "/").last.map(String.init) ?? shown)) }
        return payloads
    }

    /// Those of `payloads` that differ from what was published last, now taken as published.
    public mutating func changes(_ payloads: [(name: String, payload: String)]) -> [(name: String, payload: String)] {
        payloads.filter { item in
            guard published[item.name] != item.payload else { return false }
            published[item.name] = item.payload
            return true
        }
    }

    /// A new connection: everything is published again.
    public mutating func forget() { published = [:] }
}

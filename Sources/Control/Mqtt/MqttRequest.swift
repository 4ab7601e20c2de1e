// One incoming message made a command of the one table, as the socket reads a request: the
// topic names the command (`cmd/screen`), the payload is its argument — nothing, one word or
// number (`off`, `4`), a JSON object (`{"index": 3}`), or a JSON array of arguments. Pure: bytes
// in, a command or the reason it is refused out. Whatever arrives, the answer is one of those.

public enum MqttRequest {
    /// Longer payloads are refused: no command has an argument near this size.
    public static let payloadLimit = 4096
    /// The commands Home Assistant and a script on the bus may not give: `quit` would end a
    /// frame that nobody can start again from a dashboard; `get-*` answer nobody.
    static let refused: Set<String> = ["quit", "get-state", "get-stats", "subscribe", "unsubscribe"]

    public static func command(name: String, payload: [UInt8]) -> Result<Command, ControlError> {
        guard payload.count <= payloadLimit else {
            return .failure(ControlError("\(name): the payload is larger than \(payloadLimit) bytes"))
        }
        guard let text = String(validating: payload, as: UTF8.self) else {
            return .failure(ControlError("\(name): the payload is not UTF-8 text"))
        }
        guard !refused.contains(name) else {
            return .failure(ControlError("\(name) is not taken over MQTT"))
        }
        let trimmed = text.trimmingWhitespace
        let arguments: [JSONValue]
        do throws(JSONParseError) {
            if trimmed.isEmpty {
                arguments = []
            } else if trimmed.hasPrefix("[") {
                guard let items = try JSONValue.parse(trimmed).arrayValue else { return .failure(ControlError("\(name): expected a JSON array")) }
                arguments = items
            } else if trimmed.hasPrefix("{") {
                arguments = [try JSONValue.parse(trimmed)]
            } else if textArguments.contains(name) {
                arguments = [.string(text)]
            } else {
                arguments = try trimmed.split(separator: " ").map { word throws(JSONParseError) in
                    try ControlCommandLine.argument(String(word))
                }
            }
        } catch {
            return .failure(ControlError("\(name): cannot read \"\(String(trimmed.prefix(80)).escapingControls)\": \(error)"))
        }
        switch ControlProtocol.message(name: .string(name), arguments: arguments) {
        case .success(.command(let command)): return .success(command)
        case .success: return .failure(ControlError("\(name) is not taken over MQTT"))
        case .failure(let error): return .failure(error)
        }
    }

    /// Commands whose one argument is free text, taken whole (a message may be "42" or have spaces).
    static let textArguments: Set<String> = ["message", "folder"]
}

extension String {
    var trimmingWhitespace: String {
        let scalars = unicodeScalars.drop { $0.properties.isWhitespace }.reversed().drop { $0.properties.isWhitespace }.reversed()
        return String(String.UnicodeScalarView(scalars))
    }

    /// For log lines and error messages: a payload's control characters shown, not obeyed.
    public var escapingControls: String {
        String(unicodeScalars.flatMap { scalar -> [Character] in
            scalar.value < 0x20 || scalar.value == 0x7F ? Array("\\u{\(String(scalar.value, radix: 16))}") : [Character(scalar)]
        })
    }
}

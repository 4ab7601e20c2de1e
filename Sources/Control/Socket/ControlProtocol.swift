// The control socket's wire format, after mpv's JSON IPC: one request object per line,
// `{"command": [name, args…], "request_id": id}`, answered by one line
// `{"request_id": id, "error": "success", "data": …}` or `{"request_id": id, "error": message}`.
// Pure: bytes in, typed requests and reply lines out; the server only moves them. The commands
// and their arguments are read as CommandTable says.

/// What one line asks for: a command for the app, or a change to this client's subscriptions,
/// which the server handles itself.
enum ControlMessage: Equatable, Sendable {
    case command(Command)
    case subscribe(EventSelection)
    case unsubscribe(EventSelection)
}

enum EventSelection: Equatable, Sendable {
    case all
    case names(Set<String>)
}

public enum ControlProtocol {
    /// The events a client can subscribe to.
    public static let eventNames = ["selected", "opened", "closed", "added", "removed", "load-error", "scanned", "screen-on", "screen-off", "shown", "rotated", "trashed", "restored", "marked", "unmarked", "moved", "copied",
                                     "ran", "display-lost", "display-back"]
    /// Requests the server answers itself, for this connection; they are not commands.
    public static let messageNames = ["subscribe", "unsubscribe"]
    /// Every command of the table, then those: whatever a key does, a program can ask for by
    /// the same name.
    public static let commandNames = CommandTable.names + messageNames

    struct Decoded: Sendable {
        /// Echoed back verbatim; null when the request had none or could not be read.
        var requestID: JSONValue
        var message: Result<ControlMessage, ControlError>
    }

    /// One request line, without its line ending.
    static func decode(_ line: some Collection<UInt8>) -> Decoded {
        let json: JSONValue
        do {
            json = try JSONValue.parse(line)
        } catch {
            return Decoded(requestID: .null, message: .failure(ControlError("invalid JSON: \(error)")))
        }
        guard case .object = json else {
            return Decoded(requestID: .null, message: .failure(ControlError("a request must be a JSON object like {\"command\": [\"get-state\"]}")))
        }
        let requestID = json["request_id"] ?? .null
        guard requestID.isScalar else {
            return Decoded(requestID: .null, message: .failure(ControlError("request_id must be a number, a string, a bool or null")))
        }
        guard let command = json["command"] else {
            return Decoded(requestID: requestID, message: .failure(ControlError("the request has no \"command\"")))
        }
        guard let words = command.arrayValue, let name = words.first else {
            return Decoded(requestID: requestID, message: .failure(ControlError("\"command\" must be an array [name, arguments…]")))
        }
        return Decoded(requestID: requestID, message: message(name: name, arguments: Array(words.dropFirst())))
    }

    static func message(name nameValue: JSONValue, arguments: [JSONValue]) -> Result<ControlMessage, ControlError> {
        guard let name = nameValue.stringValue else {
            return .failure(ControlError("the command name must be a string, got \(nameValue.brief)"))
        }
        do throws(ControlError) {
            switch name {
            case "subscribe": return .success(.subscribe(try selection(name, arguments)))
            case "unsubscribe": return .success(.unsubscribe(try selection(name, arguments)))
            default:
                guard let command = try CommandTable.command(name, arguments) else {
                    return .failure(ControlError("unknown command \(nameValue.brief) (commands: \(commandNames.joined(separator: ", ")))"))
                }
                return .success(.command(command))
            }
        } catch {
            return .failure(error)
        }
    }

    private static func selection(_ name: String, _ arguments: [JSONValue]) throws(ControlError) -> EventSelection {
        guard !arguments.isEmpty else { throw ControlError("\(name) needs event names or \"*\" (events: \(eventNames.joined(separator: ", ")))") }
        var names = Set<String>()
        for argument in arguments {
            guard let event = argument.stringValue else { throw ControlError("\(name): event names are strings, got \(argument.brief)") }
            if event == "*" { return .all }
            guard eventNames.contains(event) else {
                throw ControlError("\(name): unknown event \"\(event)\" (events: \(eventNames.joined(separator: ", ")))")
            }
            names.insert(event)
        }
        return .names(names)
    }

    /// The reply line for a request, newline included.
    static func replyLine(requestID: JSONValue, _ result: Result<JSONValue, ControlError>) -> String {
        let reply: JSONValue = switch result {
        case .success(let data): .object([("request_id", requestID), ("error", .string("success")), ("data", data)])
        case .failure(let error): .object([("request_id", requestID), ("error", .string(error.message))])
        }
        return reply.text + "\n"
    }

    /// An event line: the app's object with "event" first (added when the app left it out).
    static func eventLine(_ event: JSONValue, named name: String) -> String {
        let pairs = event.objectValue ?? [("data", event)]
        let line: JSONValue = pairs.first?.0 == "event" ? .object(pairs) : .object([("event", .string(name))] + pairs.filter { $0.0 != "event" })
        return line.text + "\n"
    }
}

// The control socket's wire format, after mpv's JSON IPC: one request object per line,
// `{"command": [name, args…], "request_id": id}`, answered by one line
// `{"request_id": id, "error": "success", "data": …}` or `{"request_id": id, "error": message}`.
// Pure: bytes in, typed requests and reply lines out; the server only moves them. Numbers are
// checked against Limits, the table the command line and the configuration file use too.
//
// Arguments: where a whole number is expected (an index, a column count, an offset) a JSON
// number or a string holding one is accepted, as mpv accepts "5" for 5 — shell scripts quote
// everything. Where a bool is expected ("animated") only true or false is. Anything else is an
// error reply naming the command and what it wanted.

import InputLimits

/// What one line asks for: a command for the app, or a change to this client's subscriptions,
/// which the server handles itself.
enum ControlMessage: Equatable, Sendable {
    case command(ControlCommand)
    case subscribe(EventSelection)
    case unsubscribe(EventSelection)
}

enum EventSelection: Equatable, Sendable {
    case all
    case names(Set<String>)
}

public enum ControlProtocol {
    /// The events a client can subscribe to.
    public static let eventNames = ["selected", "opened", "closed", "added", "removed", "load-error", "scanned", "screen-on", "screen-off", "shown"]
    /// Those with arguments or answers of their own, then every command a key can be bound to:
    /// whatever a key does, a program can ask for by the same name.
    public static let commandNames = ["get-state", "get-stats", "scroll-to", "select", "open", "set-columns",
                                      "subscribe", "unsubscribe", "screen"]
        + Command.simpleNames.map(\.name).filter { $0 != "open" }

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
            return .failure(ControlError("the command name must be a string, got \(brief(nameValue))"))
        }
        do throws(ControlError) {
            switch name {
            case "get-state": try expect(name, arguments, count: 0); return .success(.command(.getState))
            case "get-stats": try expect(name, arguments, count: 0); return .success(.command(.getStats))
            case "select":
                try expect(name, arguments, count: 1)
                return .success(.command(.select(try index(arguments[0], for: name))))
            case "open" where !arguments.isEmpty:
                // Without an index it is Return's open (one of the simple names below).
                try expect(name, arguments, count: 1)
                return .success(.command(.open(try index(arguments[0], for: name))))
            case "scroll-to":
                try expect(name, arguments, count: 1)
                return .success(.command(try scrollTo(arguments[0])))
            case "set-columns":
                try expect(name, arguments, count: 1)
                return .success(.command(.setColumns(try columns(arguments[0]))))
            case "screen":
                try expect(name, arguments, count: 1)
                guard let word = arguments[0].stringValue, let request = ScreenRequest(rawValue: word) else {
                    throw ControlError("screen needs \"on\", \"off\" or \"auto\", got \(brief(arguments[0]))")
                }
                return .success(.command(.screen(request)))
            case "slideshow" where !arguments.isEmpty:
                try expect(name, arguments, count: 1)
                guard let word = arguments[0].stringValue, let request = SlideshowRequest(rawValue: word) else {
                    let words = SlideshowRequest.allCases.map(\.rawValue).joined(separator: ", ")
                    throw ControlError("slideshow needs one of \(words); got \(brief(arguments[0]))")
                }
                return .success(.command(.slideshow(request)))
            case "subscribe": return .success(.subscribe(try selection(name, arguments)))
            case "unsubscribe": return .success(.unsubscribe(try selection(name, arguments)))
            default:
                if let simple = Command.simpleNames.first(where: { $0.name == name }) {
                    try expect(name, arguments, count: 0)
                    return .success(.command(simple.command))
                }
                return .failure(ControlError("unknown command \(brief(nameValue)) (commands: \(commandNames.joined(separator: ", ")))"))
            }
        } catch {
            return .failure(error)
        }
    }

    private static func expect(_ name: String, _ arguments: [JSONValue], count: Int) throws(ControlError) {
        guard arguments.count != count else { return }
        let wanted = count == 0 ? "no arguments" : count == 1 ? "1 argument" : "\(count) arguments"
        throw ControlError("\(name) takes \(wanted), got \(arguments.count)")
    }

    /// A whole number given as a JSON number or a string holding one.
    private static func wholeNumber(_ value: JSONValue) -> Int? {
        if let n = value.intValue { return n }
        if let s = value.stringValue { return Int(s) }
        return nil
    }

    /// A whole number within `limit` (Limits, the table the command line and the configuration
    /// file use too), or an error reply naming the command, the range and what came.
    private static func number(_ value: JSONValue, _ limit: Limit<Int>, for name: String, what: String? = nil) throws(ControlError) -> Int {
        guard let n = wholeNumber(value), limit.contains(n) else {
            throw ControlError("\(name) needs \(what.map { "\($0): " } ?? "")\(limit.expectation); got \(brief(value))")
        }
        return n
    }

    private static func index(_ value: JSONValue, for name: String) throws(ControlError) -> Int {
        try number(value, Limits.index, for: name, what: "a photo index")
    }

    private static func columns(_ value: JSONValue) throws(ControlError) -> Int? {
        if value.stringValue == Limits.columns.alternative { return nil }
        return try number(value, Limits.columns, for: "set-columns")
    }

    private static func scrollTo(_ value: JSONValue) throws(ControlError) -> Command {
        let usage = "scroll-to needs {\"index\": i} or {\"offset\": y}, with \"animated\": true to glide"
        guard let pairs = value.objectValue else { throw ControlError("\(usage); got \(brief(value))") }
        if let unknown = pairs.first(where: { !["index", "offset", "animated"].contains($0.0) }) {
            throw ControlError("\(usage); \"\(unknown.0)\" is not one of them")
        }
        var animated = false
        if let flag = value["animated"] {
            guard let b = flag.boolValue else { throw ControlError("scroll-to: \"animated\" must be true or false, got \(brief(flag))") }
            animated = b
        }
        switch (value["index"], value["offset"]) {
        case (let index?, nil):
            return .scrollTo(.index(try self.index(index, for: "scroll-to")), animated: animated)
        case (nil, let offset?):
            let y = offset.doubleValue ?? offset.stringValue.flatMap { Double($0) }
            guard let y, Limits.offset.contains(y) else {
                throw ControlError("scroll-to needs an offset: \(Limits.offset.expectation); got \(brief(offset))")
            }
            return .scrollTo(.offset(y), animated: animated)
        case (.some, .some):
            throw ControlError("scroll-to takes either \"index\" or \"offset\", not both")
        case (nil, nil):
            throw ControlError(usage)
        }
    }

    private static func selection(_ name: String, _ arguments: [JSONValue]) throws(ControlError) -> EventSelection {
        guard !arguments.isEmpty else { throw ControlError("\(name) needs event names or \"*\" (events: \(eventNames.joined(separator: ", ")))") }
        var names = Set<String>()
        for argument in arguments {
            guard let event = argument.stringValue else { throw ControlError("\(name): event names are strings, got \(brief(argument))") }
            if event == "*" { return .all }
            guard eventNames.contains(event) else {
                throw ControlError("\(name): unknown event \"\(event)\" (events: \(eventNames.joined(separator: ", ")))")
            }
            names.insert(event)
        }
        return .names(names)
    }

    /// A value as JSON, shortened, for an error message.
    private static func brief(_ value: JSONValue) -> String {
        let text = value.text
        return text.count <= 60 ? text : String(text.prefix(57)) + "…"
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

// How a command reads its one argument: from the socket's JSON, or from the words of `cascade ctl`
// and `[keys]` once ControlCommandLine.argument has made them JSON — one reader, so every way in
// checks the same and answers in the same words. Numbers are checked against Limits, the table
// the command line and the configuration file use too.
//
// Where a whole number is expected (an index, a column count, an offset) a JSON number or a
// string holding one is accepted, as mpv accepts "5" for 5 — shell scripts quote everything.
// Where a bool is expected ("animated") only true or false is. Anything else is an error naming
// the command and what it wanted.

import InputLimits
import Waterfall  // QuarterTurn

public struct CommandArgument: Sendable {
    /// What docs/control.md's table must say in the command's arguments column, piece by piece.
    public let documented: [String]
    /// The command for `value`, or an error naming the command `name` and what it wanted.
    let read: @Sendable (_ name: String, _ value: JSONValue) throws(ControlError) -> Command

    /// A photo index: a whole number from 0 up (whether a photo has it is the app's to check).
    static func index(_ make: @escaping @Sendable (Int) -> Command) -> CommandArgument {
        CommandArgument(documented: ["`i`"]) { name, value throws(ControlError) in
            make(try photoIndex(value, for: name))
        }
    }

    /// Photos by index or path: one, or a list of them (`[0, 3, "/photos/a.jpg"]`). A string
    /// holding a whole number is an index, as elsewhere; any other string is a path.
    static func photos(_ make: @escaping @Sendable ([PhotoReference]) -> Command) -> CommandArgument {
        CommandArgument(documented: ["`i`", "`[i, …]`", "`\"path\"`"]) { name, value throws(ControlError) in
            let items = value.arrayValue ?? [value]
            guard !items.isEmpty else { throw ControlError("\(name) needs a photo index, a path or a list of them; got []") }
            var references: [PhotoReference] = []
            for item in items {
                if let path = item.stringValue, Int(path) == nil {
                    guard !path.isEmpty else { throw ControlError("\(name): a path cannot be empty") }
                    references.append(.path(path))
                } else if wholeNumber(item) != nil {
                    references.append(.index(try photoIndex(item, for: name)))
                } else {
                    throw ControlError("\(name) needs a photo index, a path or a list of them; got \(item.brief)")
                }
            }
            return make(references)
        }
    }

    /// A number of columns, or auto.
    static let columns = CommandArgument(documented: ["`n`", "auto"]) { name, value throws(ControlError) in
        if value.stringValue == Limits.columns.alternative { return .setColumns(nil) }
        return .setColumns(try number(value, Limits.columns, for: name))
    }

    /// `on`, `off` or `auto`.
    static let screen = CommandArgument(documented: ScreenRequest.allCases.map { "`\"\($0.rawValue)\"`" }) { name, value throws(ControlError) in
        guard let word = value.stringValue, let request = ScreenRequest(rawValue: word) else {
            throw ControlError("\(name) needs \"on\", \"off\" or \"auto\", got \(value.brief)")
        }
        return .screen(request)
    }

    /// One of the slideshow's requests.
    static let slideshow = CommandArgument(documented: SlideshowRequest.allCases.map { "`\"\($0.rawValue)\"`" }) { name, value throws(ControlError) in
        guard let word = value.stringValue, let request = SlideshowRequest(rawValue: word) else {
            let words = SlideshowRequest.allCases.map(\.rawValue).joined(separator: ", ")
            throw ControlError("\(name) needs one of \(words); got \(value.brief)")
        }
        return .slideshow(request)
    }

    /// Degrees clockwise: 90, 180 or 270.
    static let rotation = CommandArgument(documented: ["`90`", "`180`", "`270`"]) { name, value throws(ControlError) in
        guard let degrees = wholeNumber(value), [90, 180, 270].contains(degrees), let turn = QuarterTurn(degrees: degrees) else {
            throw ControlError("\(name) needs 90, 180 or 270 (degrees clockwise); got \(value.brief)")
        }
        return .rotate(turn)
    }

    /// An order's name, "-" in front for its reverse.
    static let sort = CommandArgument(documented: SortRequest.Key.allCases.map { "`\"\($0.rawValue)\"`" }) { name, value throws(ControlError) in
        guard let word = value.stringValue, let request = SortRequest(word: word) else {
            let words = SortRequest.Key.allCases.map(\.rawValue).joined(separator: ", ")
            throw ControlError("\(name) needs one of \(words), a leading - to reverse it; got \(value.brief)")
        }
        return .sort(request)
    }

    /// `{"index": i}` or `{"offset": y}`, optionally with `"animated": true`.
    static let scrollTarget = CommandArgument(documented: [#"`{"index": i}`"#, #"`{"offset": y}`"#, #"`"animated": true`"#]) { name, value throws(ControlError) in
        let usage = "\(name) needs {\"index\": i} or {\"offset\": y}, with \"animated\": true to glide"
        guard let pairs = value.objectValue else { throw ControlError("\(usage); got \(value.brief)") }
        if let unknown = pairs.first(where: { !["index", "offset", "animated"].contains($0.0) }) {
            throw ControlError("\(usage); \"\(unknown.0)\" is not one of them")
        }
        var animated = false
        if let flag = value["animated"] {
            guard let b = flag.boolValue else { throw ControlError("\(name): \"animated\" must be true or false, got \(flag.brief)") }
            animated = b
        }
        switch (value["index"], value["offset"]) {
        case (let index?, nil):
            return .scrollTo(.index(try photoIndex(index, for: name)), animated: animated)
        case (nil, let offset?):
            let y = offset.doubleValue ?? offset.stringValue.flatMap { Double($0) }
            guard let y, Limits.offset.contains(y) else {
                throw ControlError("\(name) needs an offset: \(Limits.offset.expectation); got \(offset.brief)")
            }
            return .scrollTo(.offset(y), animated: animated)
        case (.some, .some):
            throw ControlError("\(name) takes either \"index\" or \"offset\", not both")
        case (nil, nil):
            throw ControlError(usage)
        }
    }

    /// A whole number given as a JSON number or a string holding one.
    private static func wholeNumber(_ value: JSONValue) -> Int? {
        if let n = value.intValue { return n }
        if let s = value.stringValue { return Int(s) }
        return nil
    }

    /// A whole number within `limit`, or an error naming the command, the range and what came.
    private static func number(_ value: JSONValue, _ limit: Limit<Int>, for name: String, what: String? = nil) throws(ControlError) -> Int {
        guard let n = wholeNumber(value), limit.contains(n) else {
            throw ControlError("\(name) needs \(what.map { "\($0): " } ?? "")\(limit.expectation); got \(value.brief)")
        }
        return n
    }

    private static func photoIndex(_ value: JSONValue, for name: String) throws(ControlError) -> Int {
        try number(value, Limits.index, for: name, what: "a photo index")
    }
}

extension JSONValue {
    /// The value as JSON, shortened, for an error message.
    var brief: String {
        let text = self.text
        return text.count <= 60 ? text : String(text.prefix(57)) + "…"
    }
}

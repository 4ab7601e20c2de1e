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
import Waterfall  // QuarterTurn, WallAxis

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

    /// One photo by its path.
    static func photoPath(_ make: @escaping @Sendable (String) -> Command) -> CommandArgument {
        CommandArgument(documented: ["`\"path\"`"]) { name, value throws(ControlError) in
            guard let path = value.stringValue, !path.isEmpty else { throw ControlError("\(name) needs a photo's path; got \(value.brief)") }
            return make(path)
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

    /// A number of rows, or auto.
    static let rows = CommandArgument(documented: ["`n`", "auto"]) { name, value throws(ControlError) in
        if value.stringValue == Limits.rows.alternative { return .setRows(nil) }
        return .setRows(try number(value, Limits.rows, for: name))
    }

    /// `vertical` or `horizontal`.
    static let direction = CommandArgument(documented: WallAxis.allCases.map { "`\"\($0.rawValue)\"`" }) { name, value throws(ControlError) in
        guard let word = value.stringValue, let axis = WallAxis(rawValue: word) else {
            throw ControlError("\(name) needs vertical or horizontal; got \(value.brief)")
        }
        return .setDirection(axis)
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

    /// `{"index": i}`, `{"offset": y}` or `{"date": "2019-03"}`, optionally with `"animated": true`.
    static let scrollTarget = CommandArgument(documented: [#"`{"index": i}`"#, #"`{"offset": y}`"#, #"`{"date": "YYYY[-MM[-DD]]"}`"#,
                                                          #"`"animated": true`"#]) { name, value throws(ControlError) in
        let usage = "\(name) needs {\"index\": i}, {\"offset\": y} or {\"date\": \"YYYY[-MM[-DD]]\"}, with \"animated\": true to glide"
        guard let pairs = value.objectValue else { throw ControlError("\(usage); got \(value.brief)") }
        if let unknown = pairs.first(where: { !["index", "offset", "date", "animated"].contains($0.0) }) {
            throw ControlError("\(usage); \"\(unknown.0)\" is not one of them")
        }
        var animated = false
        if let flag = value["animated"] {
            guard let b = flag.boolValue else { throw ControlError("\(name): \"animated\" must be true or false, got \(flag.brief)") }
            animated = b
        }
        let given = [value["index"], value["offset"], value["date"]].compactMap { $0 }
        guard given.count == 1 else {
            throw given.isEmpty ? ControlError(usage) : ControlError("\(name) takes one of \"index\", \"offset\" and \"date\", not several")
        }
        if let index = value["index"] {
            return .scrollTo(.index(try photoIndex(index, for: name)), animated: animated)
        }
        if let date = value["date"] {
            guard let period = date.stringValue.flatMap(DatePeriod.init) else {
                throw ControlError("\(name) needs a date as \"YYYY\", \"YYYY-MM\" or \"YYYY-MM-DD\"; got \(date.brief)")
            }
            return .scrollTo(.date(period), animated: animated)
        }
        let offset = value["offset"] ?? .null
        let y = offset.doubleValue ?? offset.stringValue.flatMap { Double($0) }
        guard let y, Limits.offset.contains(y) else {
            throw ControlError("\(name) needs an offset: \(Limits.offset.expectation); got \(offset.brief)")
        }
        return .scrollTo(.offset(y), animated: animated)
    }

    /// `move` and `copy`: a folder, or `{"to": DIR}` with `"index": i` or `"paths": [...]` for
    /// photos other than the targets.
    static func transfer(_ action: FileAction) -> CommandArgument {
        CommandArgument(documented: ["`DIR`", #"`{"to": DIR}`"#, #"`"index": i`"#, #"`"paths": […]`"#]) { name, value throws(ControlError) in
            if let folder = value.stringValue { return .transfer(action, to: try folderName(folder, for: name), .targets) }
            let usage = "\(name) needs a folder, or {\"to\": DIR} with \"index\" or \"paths\""
            let choice = try photoChoice(value, for: name, usage: usage, also: ["to"])
            guard let to = value["to"] else { throw ControlError(usage) }
            guard let folder = to.stringValue else { throw ControlError("\(name): \"to\" must be a folder, got \(to.brief)") }
            return .transfer(action, to: try folderName(folder, for: name), choice)
        }
    }

    /// `copy-path`: a photo index, or `{"index": i}` or `{"paths": [...]}`.
    static let copyPath = CommandArgument(documented: ["`i`", #"`{"index": i}`"#, #"`{"paths": […]}`"#]) { name, value throws(ControlError) in
        if wholeNumber(value) != nil { return .copyPath(.index(try photoIndex(value, for: name))) }
        return .copyPath(try photoChoice(value, for: name, usage: "\(name) needs an index, or {\"index\": i} or {\"paths\": [...]}"))
    }

    /// `run`: a configured command's name, or `{"name": NAME}` with `"index"` or `"paths"`.
    static let run = CommandArgument(documented: ["`NAME`", #"`{"name": NAME}`"#, #"`"index": i`"#, #"`"paths": […]`"#]) { name, value throws(ControlError) in
        if let command = value.stringValue, !command.isEmpty { return .run(command, .targets) }
        let usage = "\(name) needs a command's name, or {\"name\": NAME} with \"index\" or \"paths\""
        let choice = try photoChoice(value, for: name, usage: usage, also: ["name"])
        guard let command = value["name"]?.stringValue, !command.isEmpty else { throw ControlError(usage) }
        return .run(command, choice)
    }

    /// `"index"` or `"paths"` of an object, or the targets when it names neither.
    private static func photoChoice(_ value: JSONValue, for name: String, usage: String, also: [String] = []) throws(ControlError) -> PhotoChoice {
        guard let pairs = value.objectValue else { throw ControlError("\(usage); got \(value.brief)") }
        if let unknown = pairs.first(where: { !(["index", "paths"] + also).contains($0.0) }) {
            throw ControlError("\(usage); \"\(unknown.0)\" is not one of them")
        }
        switch (value["index"], value["paths"]) {
        case (nil, nil): return .targets
        case (let index?, nil): return .index(try photoIndex(index, for: name))
        case (nil, let paths?):
            guard let list = paths.arrayValue, !list.isEmpty else {
                throw ControlError("\(name): \"paths\" must be a list of files, got \(paths.brief)")
            }
            var files: [String] = []
            for item in list {
                guard let file = item.stringValue, !file.isEmpty, !file.utf8.contains(0) else {
                    throw ControlError("\(name): \"paths\" must hold file names, got \(item.brief)")
                }
                files.append(file)
            }
            return .paths(files)
        case (.some, .some): throw ControlError("\(name) takes either \"index\" or \"paths\", not both")
        }
    }

    private static func folderName(_ folder: String, for name: String) throws(ControlError) -> String {
        guard !folder.isEmpty, !folder.utf8.contains(0) else { throw ControlError("\(name) needs a folder's name, got \"\(folder)\"") }
        return folder
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

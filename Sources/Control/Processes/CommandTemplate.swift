// An on-select command as configured: split into words once, by POSIX shell-word rules, then
// filled in for each selection — and never given to a shell. The placeholders are replaced
// inside words *after* splitting, so whatever a photo is called (`$(reboot);.jpg`, quotes, a
// newline, a leading dash) it arrives as exactly the one argument it was written in. Nothing else
// a shell would do happens: `$VAR`, `$(…)`, backquotes, globs and `~` stay as written.
//
// Placeholders: `{path}` (the file's bytes, exactly), `{uri}` (its file:// URI), `{index}` (its
// place on the wall, from 0), wherever they stand in a word, quoted or not. Any other `{…}` is
// left as written. Values are put in and never looked at again, so a file named `{index}.jpg`
// stays that name.

public struct CommandTemplate: Sendable, Equatable, CustomStringConvertible {
    public struct SyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
        public let message: String
        public init(_ message: String) { self.message = message }
        public var description: String { message }
    }

    enum Part: Sendable, Equatable {
        case text([UInt8])
        case path
        case uri
        case index
    }

    /// The words as split, placeholders still in them.
    public let words: [String]
    let parts: [[Part]]

    public init(_ command: String) throws(SyntaxError) {
        words = try ShellWords.split(command)
        guard !words.isEmpty else { throw SyntaxError("the command is empty") }
        guard !words[0].isEmpty else { throw SyntaxError("the program name is empty") }
        parts = words.map(Self.parts(of:))
        try Self.refuseShellScriptPlaceholders(words: words, parts: parts)
    }

    /// The argv for one selection: argv[0] is looked up in PATH by the runner.
    public func arguments(path: [UInt8], uri: String, index: Int) -> [[UInt8]] {
        parts.map { word in
            word.reduce(into: [UInt8]()) { out, part in
                out += Self.value(of: part, path: path, uri: uri, index: index)
            }
        }
    }

    /// What `part` stands for in one selection.
    static func value(of part: Part, path: [UInt8], uri: String, index: Int) -> [UInt8] {
        switch part {
        case .text(let bytes): bytes
        case .path: path
        case .uri: Array(uri.utf8)
        case .index: Array(String(index).utf8)
        }
    }

    /// As above for a path that is valid UTF-8 text.
    public func arguments(path: String, uri: String, index: Int) -> [String] {
        arguments(path: Array(path.utf8), uri: uri, index: index).map { String(decoding: $0, as: UTF8.self) }
    }

    public var program: String { words[0] }

    /// The words as a shell would need them quoted — for logs and messages only.
    public var description: String { words.map(ShellWords.quote).joined(separator: " ") }

    /// Each placeholder, and the environment variable every on-select command gets its value in.
    static let placeholders: [(name: [UInt8], part: Part, variable: String)] = [
        (Array("{path}".utf8), .path, "CASCADE_PATH"), (Array("{uri}".utf8), .uri, "CASCADE_URI"),
        (Array("{index}".utf8), .index, "CASCADE_INDEX"),
    ]

    private static func parts(of word: String) -> [Part] {
        let bytes = Array(word.utf8)
        var parts: [Part] = []
        var text: [UInt8] = []
        var i = 0
        scanning: while i < bytes.count {
            if bytes[i] == UInt8(ascii: "{") {
                for (name, part, _) in placeholders where bytes[i...].starts(with: name) {
                    if !text.isEmpty { parts.append(.text(text)); text = [] }
                    parts.append(part)
                    i += name.count
                    continue scanning
                }
            }
            text.append(bytes[i])
            i += 1
        }
        if !text.isEmpty || parts.isEmpty { parts.append(.text(text)) }
        return parts
    }
}

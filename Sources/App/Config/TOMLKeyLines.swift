// TOMLKit tells where a syntax error is but not where a key was written, and an error about a
// key is only useful with its line. This finds the line of every top-level key and table header
// of a document toml++ has already accepted, stepping over strings (multi-line ones included),
// arrays and inline tables that span lines, and comments.
//
// The same walk finds strings that hold a NUL written as an escape (`\u0000`): TOMLKit hands
// strings over as C strings, so such a value would arrive cut short at the NUL, silently.

enum TOMLKeyLines {
    /// What one walk of a document toml++ has accepted finds.
    struct Found {
        /// First line (1-based) on which each top-level key or table header's first name
        /// appears; a key under a `[table]` header is listed as `inTable(table, key)`.
        var lines: [String: Int]
        /// The strings that hold an escaped NUL, in reading order.
        var nulStrings: [NulString]
    }

    /// A string with an escaped NUL: the line it starts on, the key it is the value of (nil in
    /// a table header), and its whole text.
    struct NulString: Equatable {
        var line: Int
        var key: String?
        var text: String
    }

    static func scan(_ text: String) -> Found {
        var scanner = Scanner(bytes: Array(text.utf8))
        let lines = scanner.run()
        return Found(lines: lines, nulStrings: scanner.nulStrings)
    }

    /// How `scan` names key `key` of table `table`: no top-level key can start with a bracket.
    static func inTable(_ table: String, _ key: String) -> String { "[\(table)]\(key)" }

    private struct Scanner {
        let bytes: [UInt8]
        var i = 0
        var line = 1
        var lines: [String: Int] = [:]
        /// After a `[table]` header, plain keys belong to that table, not to the top level.
        var table: String?
        /// The key whose value is being read, as a message names it (`keys.ctrl+o`).
        var statementKey: String?
        var nulStrings: [NulString] = []

        init(bytes: [UInt8]) { self.bytes = bytes }

        var atEnd: Bool { i >= bytes.count }
        var current: UInt8 { bytes[i] }

        func peek(_ offset: Int) -> UInt8? { i + offset < bytes.count ? bytes[i + offset] : nil }

        mutating func run() -> [String: Int] {
            while !atEnd {
                switch current {
                case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"): i += 1
                case UInt8(ascii: "\n"): line += 1; i += 1
                case UInt8(ascii: "#"): skipComment()
                case UInt8(ascii: "["):
                    statementKey = nil
                    i += 1
                    if !atEnd, current == UInt8(ascii: "[") { i += 1 }
                    skipBlanks()
                    let header = key()
                    record(header)
                    skipBlanks()
                    // A dotted header's keys are named by the whole header (`[sources.immich]url`).
                    var names = header.map { [$0] } ?? []
                    while !atEnd, current == UInt8(ascii: ".") {
                        i += 1
                        skipBlanks()
                        guard let name = key() else { break }
                        names.append(name)
                        skipBlanks()
                    }
                    table = !atEnd && current == UInt8(ascii: "]") && !names.isEmpty ? names.joined(separator: ".") : ""
                    skipToLineEnd()
                default:
                    statementKey = nil
                    let name = key()
                    statementKey = name.map { name in table.flatMap { $0.isEmpty ? nil : "\($0).\(name)" } ?? name }
                    if let table {
                        if !table.isEmpty, let name { record(TOMLKeyLines.inTable(table, name)) }
                    } else {
                        record(name)
                    }
                    skipValue()
                }
            }
            return lines
        }

        mutating func record(_ name: String?) {
            guard let name, lines[name] == nil else { return }
            lines[name] = line
        }

        mutating func skipBlanks() {
            while !atEnd, current == UInt8(ascii: " ") || current == UInt8(ascii: "\t") { i += 1 }
        }

        mutating func skipComment() {
            while !atEnd, current != UInt8(ascii: "\n") { i += 1 }
        }

        /// Header lines hold nothing after the closing bracket but blanks and a comment.
        mutating func skipToLineEnd() {
            while !atEnd, current != UInt8(ascii: "\n") {
                if current == UInt8(ascii: "\"") || current == UInt8(ascii: "'") { skipString() } else { i += 1 }
            }
        }

        /// The first name of a (possibly dotted) key: bare, "basic" or 'literal'.
        mutating func key() -> String? {
            guard !atEnd else { return nil }
            if current == UInt8(ascii: "\"") || current == UInt8(ascii: "'") {
                let start = i
                skipString()
                return TOMLQuotedKey.decode(bytes[start..<i])
            }
            let start = i
            while !atEnd, isBareKeyByte(current) { i += 1 }
            return i > start ? String(decoding: bytes[start..<i], as: UTF8.self) : nil
        }

        func isBareKeyByte(_ b: UInt8) -> Bool {
            (b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z")) || (b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z"))
                || (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9")) || b == UInt8(ascii: "_") || b == UInt8(ascii: "-")
        }

        /// The rest of a `key = value` statement: up to the newline that is outside every string
        /// and bracket.
        mutating func skipValue() {
            var depth = 0
            while !atEnd {
                switch current {
                case UInt8(ascii: "\n"):
                    if depth == 0 { return }
                    line += 1; i += 1
                case UInt8(ascii: "#"): skipComment()
                case UInt8(ascii: "\""), UInt8(ascii: "'"): skipString()
                case UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1; i += 1
                case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1; i += 1
                default: i += 1
                }
            }
        }

        /// A string of any of TOML's four kinds, starting at its opening quote; one that holds an
        /// escaped NUL is noted.
        mutating func skipString() {
            let start = i, startLine = line
            guard skipStringBody() else { return }
            nulStrings.append(NulString(line: startLine, key: statementKey,
                                        text: TOMLQuotedKey.decodeString(bytes[start..<i]) ?? String(decoding: bytes[start..<i], as: UTF8.self)))
        }

        /// True when the string held `\u0000` or `\U00000000`.
        mutating func skipStringBody() -> Bool {
            var nul = false
            let quote = current
            let escapes = quote == UInt8(ascii: "\"")
            let multiline = peek(1) == quote && peek(2) == quote
            i += multiline ? 3 : 1
            while !atEnd {
                let b = current
                if escapes, b == UInt8(ascii: "\\") {
                    if peek(1) == UInt8(ascii: "\n") { line += 1 }
                    if escapesNul { nul = true }
                    i += 2
                    continue
                }
                if b == UInt8(ascii: "\n") {
                    if !multiline { return nul } // toml++ would have refused this; do not run away.
                    line += 1
                }
                if b == quote {
                    if !multiline { i += 1; return nul }
                    if peek(1) == quote, peek(2) == quote {
                        i += 3
                        // Up to two more quotes right before the closing three belong to the content.
                        var extra = 0
                        while extra < 2, !atEnd, current == quote { i += 1; extra += 1 }
                        return nul
                    }
                }
                i += 1
            }
            return nul
        }

        /// At a backslash: `\u0000` or `\U00000000` follows.
        var escapesNul: Bool {
            let digits: Int
            switch peek(1) {
            case UInt8(ascii: "u"): digits = 4
            case UInt8(ascii: "U"): digits = 8
            default: return false
            }
            return (2 ..< 2 + digits).allSatisfy { peek($0) == UInt8(ascii: "0") }
        }
    }
}

/// A quoted key's name: 'literal' as written, "basic" with TOML's escapes undone.
enum TOMLQuotedKey {
    static func decode(_ raw: ArraySlice<UInt8>) -> String? {
        guard raw.count >= 2, let quote = raw.first, raw.last == quote else { return nil }
        return unescape(Array(raw.dropFirst().dropLast()), quote: quote)
    }

    /// A string value of any kind, for a message: a multi-line one loses its delimiters and the
    /// newline right after the opening one, as TOML reads it.
    static func decodeString(_ raw: ArraySlice<UInt8>) -> String? {
        guard let quote = raw.first, raw.count >= 6, raw.prefix(3).allSatisfy({ $0 == quote }),
              raw.suffix(3).allSatisfy({ $0 == quote }) else { return decode(raw) }
        var body = Array(raw.dropFirst(3).dropLast(3))
        if body.first == UInt8(ascii: "\n") { body.removeFirst() }
        return unescape(body, quote: quote)
    }

    private static func unescape(_ body: [UInt8], quote: UInt8) -> String? {
        if quote == UInt8(ascii: "'") { return String(decoding: body, as: UTF8.self) }
        var out: [UInt8] = []
        var i = 0
        while i < body.count {
            guard body[i] == UInt8(ascii: "\\"), i + 1 < body.count else { out.append(body[i]); i += 1; continue }
            let e = body[i + 1]
            i += 2
            switch e {
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: "\n"):
                // A line-ending backslash (multi-line strings): the blanks and newlines after it go.
                while i < body.count, [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: "\n")].contains(body[i]) { i += 1 }
            case UInt8(ascii: "u"), UInt8(ascii: "U"):
                let digits = e == UInt8(ascii: "u") ? 4 : 8
                guard i + digits <= body.count,
                      let code = UInt32(String(decoding: body[i..<(i + digits)], as: UTF8.self), radix: 16),
                      let scalar = Unicode.Scalar(code) else { return nil }
                out.append(contentsOf: Array(String(Character(scalar)).utf8))
                i += digits
            default: out.append(e)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}

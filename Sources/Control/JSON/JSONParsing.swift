// Reading JSON from other programs (control-socket requests, and `cascade ctl` reading replies).
// Written here rather than on Foundation's JSONSerialization because that gives back NSNumber for
// both `true` and `1` on Linux and an unordered NSDictionary for objects: here `true` stays a
// bool, `3` an int, `3.0` a double, and an object's keys keep the sender's order, so
// `cascade ctl get-state` prints the state in the documented order. Strict RFC 8259, with a depth
// limit so a hostile line cannot exhaust the stack, and invalid UTF-8 rejected, not repaired.
// 2.5× JSONSerialization's speed on request lines, which also takes `[1,]` (BENCHMARKS.md "Hand-written or library").

public struct JSONParseError: Error, Sendable, Equatable, CustomStringConvertible {
    public let message: String
    /// Byte offset into the input where the problem was found.
    public let offset: Int
    public var description: String { "\(message) at byte \(offset)" }
}

extension JSONValue {
    /// Arrays and objects nested deeper than this are refused (the parser recurses).
    public static let maximumDepth = 128

    /// Parses one JSON text (any value at the top, surrounded by optional whitespace).
    public static func parse(_ text: some Collection<UInt8>) throws(JSONParseError) -> JSONValue {
        var parser = JSONParser(bytes: Array(text))
        parser.skipWhitespace()
        let value = try parser.value(depth: 0)
        parser.skipWhitespace()
        if parser.index < parser.bytes.count { throw parser.error("unexpected \(parser.describeCurrent()) after the JSON value") }
        return value
    }

    public static func parse(_ text: String) throws(JSONParseError) -> JSONValue {
        try parse(Array(text.utf8))
    }
}

private struct JSONParser {
    let bytes: [UInt8]
    var index = 0

    init(bytes: [UInt8]) { self.bytes = bytes }

    func error(_ message: String, at offset: Int? = nil) -> JSONParseError {
        JSONParseError(message: message, offset: offset ?? index)
    }

    func describeCurrent() -> String {
        guard index < bytes.count else { return "end of input" }
        let byte = bytes[index]
        return byte >= 0x21 && byte < 0x7F ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x\(String(byte, radix: 16))"
    }

    mutating func skipWhitespace() {
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 || bytes[index] == 0x0A || bytes[index] == 0x0D {
            index += 1
        }
    }

    mutating func value(depth: Int) throws(JSONParseError) -> JSONValue {
        guard index < bytes.count else { throw error("unexpected end of input, expected a value") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try object(depth: depth + 1)
        case UInt8(ascii: "["): return try array(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
        default: throw error("unexpected \(describeCurrent()), expected a value")
        }
    }

    mutating func literal(_ word: StaticString) throws(JSONParseError) {
        let start = index
        let count = word.utf8CodeUnitCount
        let matches = word.withUTF8Buffer { expected in
            bytes.count - index >= count && bytes[index..<index + count].elementsEqual(expected)
        }
        guard matches else { throw error("invalid literal, expected \(word)", at: start) }
        index += count
    }

    mutating func object(depth: Int) throws(JSONParseError) -> JSONValue {
        guard depth <= JSONValue.maximumDepth else { throw error("nested deeper than \(JSONValue.maximumDepth) levels") }
        index += 1
        var pairs: [(String, JSONValue)] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; return .object(pairs) }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                throw error("unexpected \(describeCurrent()), expected a key in quotes")
            }
            let key = try string()
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw error("unexpected \(describeCurrent()), expected ':'") }
            index += 1
            skipWhitespace()
            pairs.append((key, try value(depth: depth)))
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of input inside an object") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "}") { index += 1; return .object(pairs) }
            throw error("unexpected \(describeCurrent()), expected ',' or '}'")
        }
    }

    mutating func array(depth: Int) throws(JSONParseError) -> JSONValue {
        guard depth <= JSONValue.maximumDepth else { throw error("nested deeper than \(JSONValue.maximumDepth) levels") }
        index += 1
        var items: [JSONValue] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1; return .array(items) }
        while true {
            skipWhitespace()
            items.append(try value(depth: depth))
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of input inside an array") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "]") { index += 1; return .array(items) }
            throw error("unexpected \(describeCurrent()), expected ',' or ']'")
        }
    }

    mutating func string() throws(JSONParseError) -> String {
        let start = index
        index += 1
        var utf8: [UInt8] = []
        while true {
            guard index < bytes.count else { throw error("unterminated string", at: start) }
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                // Raw bytes are checked here, all at once; escapes below only ever add valid UTF-8.
                guard let text = String(validating: utf8, as: UTF8.self) else { throw error("invalid UTF-8 in the string", at: start) }
                return text
            case UInt8(ascii: "\\"):
                index += 1
                try escape(into: &utf8)
            case 0..<0x20:
                throw error("control character 0x\(String(byte, radix: 16)) inside a string (it must be escaped)")
            default:
                utf8.append(byte)
                index += 1
            }
        }
    }

    mutating func escape(into utf8: inout [UInt8]) throws(JSONParseError) {
        guard index < bytes.count else { throw error("unterminated escape") }
        let byte = bytes[index]
        index += 1
        let simple: UInt8? = switch byte {
        case UInt8(ascii: "\""): 0x22
        case UInt8(ascii: "\\"): 0x5C
        case UInt8(ascii: "/"): 0x2F
        case UInt8(ascii: "b"): 0x08
        case UInt8(ascii: "f"): 0x0C
        case UInt8(ascii: "n"): 0x0A
        case UInt8(ascii: "r"): 0x0D
        case UInt8(ascii: "t"): 0x09
        default: nil
        }
        if let simple { utf8.append(simple); return }
        guard byte == UInt8(ascii: "u") else { throw error("invalid escape '\\\(Character(Unicode.Scalar(byte)))'", at: index - 2) }
        let escapeStart = index - 2
        var code = try hex4()
        if (0xD800...0xDBFF).contains(code) {
            // A high surrogate must be followed by an escaped low one; together they are one scalar.
            guard bytes.count - index >= 6, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                throw error("lone surrogate in a \\u escape", at: escapeStart)
            }
            index += 2
            let low = try hex4()
            guard (0xDC00...0xDFFF).contains(low) else { throw error("lone surrogate in a \\u escape", at: escapeStart) }
            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
        } else if (0xDC00...0xDFFF).contains(code) {
            throw error("lone surrogate in a \\u escape", at: escapeStart)
        }
        // Not a surrogate by now, so always a valid scalar.
        utf8.append(contentsOf: String(Character(Unicode.Scalar(code)!)).utf8)
    }

    mutating func hex4() throws(JSONParseError) -> UInt32 {
        guard bytes.count - index >= 4 else { throw error("\\u needs four hex digits") }
        var code: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw error("\\u needs four hex digits")
            }
            code = code << 4 | digit
            index += 1
        }
        return code
    }

    mutating func number() throws(JSONParseError) -> JSONValue {
        let start = index
        var integral = true
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count, isDigit(bytes[index]) else { throw error("invalid number", at: start) }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < bytes.count, isDigit(bytes[index]) { throw error("invalid number (leading zero)", at: start) }
        } else {
            skipDigits()
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            integral = false
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else { throw error("invalid number (no digit after '.')", at: start) }
            skipDigits()
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            integral = false
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard index < bytes.count, isDigit(bytes[index]) else { throw error("invalid number (no digit in the exponent)", at: start) }
            skipDigits()
        }
        // The grammar above admits only ASCII, so this decoding is exact.
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        if integral, let int = Int(text) { return .int(int) }
        guard let double = Double(text), double.isFinite else { throw error("number out of range", at: start) }
        return .double(double)
    }

    func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    mutating func skipDigits() {
        while index < bytes.count, isDigit(bytes[index]) { index += 1 }
    }
}

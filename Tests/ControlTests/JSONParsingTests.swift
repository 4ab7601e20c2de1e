import Control
import Testing

@Suite struct JSONParsingTests {
    @Test func boolsStayBoolsAndNumbersKeepTheirKind() throws {
        let value = try JSONValue.parse(#"[true, false, 1, 0, 1.5, 3.0, -7, 1e3, null]"#)
        guard case .array(let items) = value else { Issue.record("not an array"); return }
        #expect(items.count == 9)
        if case .bool(true) = items[0] {} else { Issue.record("true is \(items[0])") }
        if case .bool(false) = items[1] {} else { Issue.record("false is \(items[1])") }
        if case .int(1) = items[2] {} else { Issue.record("1 is \(items[2])") }
        if case .int(0) = items[3] {} else { Issue.record("0 is \(items[3])") }
        if case .double(1.5) = items[4] {} else { Issue.record("1.5 is \(items[4])") }
        if case .double(3.0) = items[5] {} else { Issue.record("3.0 is \(items[5])") }
        if case .int(-7) = items[6] {} else { Issue.record("-7 is \(items[6])") }
        if case .double(1000) = items[7] {} else { Issue.record("1e3 is \(items[7])") }
        #expect(items[8].isNull)
    }

    @Test func objectsKeepTheSendersKeyOrder() throws {
        let text = #"{"zeta":1,"alpha":{"y":2,"b":[3]},"mid":"x"}"#
        let value = try JSONValue.parse(text)
        #expect(value.objectValue?.map(\.0) == ["zeta", "alpha", "mid"])
        // Parsing and writing again gives the same text: ctl prints the server's data as sent.
        #expect(value.text == text)
    }

    @Test func escapesAndSurrogatePairsDecode() throws {
        let value = try JSONValue.parse(#""a\"b\\c\/d\n\t\u00e9\ud83d\ude00""#)
        #expect(value.stringValue == "a\"b\\c/d\n\té😀")
        #expect(try JSONValue.parse(Array("\"grüße 📷\"".utf8)).stringValue == "grüße 📷")
    }

    @Test func hugeIntegersBecomeDoublesNotErrors() throws {
        #expect(try JSONValue.parse("123456789012345678901234567890").doubleValue == 1.2345678901234568e29)
        #expect(try JSONValue.parse("9223372036854775807").intValue == Int.max)
    }

    @Test(arguments: [
        ("", "unexpected end of input"),
        ("{", "unexpected end of input"),
        ("{\"a\" 1}", "expected ':'"),
        ("[1,]", "expected a value"),
        ("[1 2]", "expected ',' or ']'"),
        ("{'a':1}", "expected a key in quotes"),
        ("01", "leading zero"),
        ("1.", "no digit after '.'"),
        ("-", "invalid number"),
        ("1e", "exponent"),
        ("tru", "expected true"),
        ("nul", "expected null"),
        ("\"abc", "unterminated string"),
        ("\"a\u{1}b\"", "control character"),
        ("\"\\x\"", "invalid escape"),
        ("\"\\u12\"", "four hex digits"),
        ("\"\\ud800\"", "lone surrogate"),
        ("\"\\udc00\"", "lone surrogate"),
        ("1 2", "after the JSON value"),
        ("1e999", "out of range"),
    ])
    func malformedInputIsRefusedWithAReason(input: String, reason: String) {
        #expect {
            try JSONValue.parse(input)
        } throws: { error in
            (error as? JSONParseError)?.message.contains(reason) == true
        }
    }

    @Test func invalidUTF8IsRefusedNotRepaired() {
        for bytes: [UInt8] in [[0x22, 0xFF, 0x22], [0x22, 0xC3, 0x22], [0x22, 0xED, 0xA0, 0x80, 0x22], [0x22, 0xC0, 0xAF, 0x22]] {
            #expect {
                try JSONValue.parse(bytes)
            } throws: { error in
                (error as? JSONParseError)?.message == "invalid UTF-8 in the string"
            }
        }
        // Outside strings a non-ASCII byte is simply not JSON.
        #expect(throws: JSONParseError.self) { try JSONValue.parse([0xFF]) }
    }

    @Test func deepNestingIsRefusedInsteadOfExhaustingTheStack() throws {
        let deep = String(repeating: "[", count: 100_000)
        #expect {
            try JSONValue.parse(deep)
        } throws: { error in
            (error as? JSONParseError)?.message.contains("nested deeper") == true
        }
        let fine = String(repeating: "[", count: JSONValue.maximumDepth) + String(repeating: "]", count: JSONValue.maximumDepth)
        #expect(try JSONValue.parse(fine).arrayValue != nil)
    }

    @Test func accessorsReadWhatTheAppNeeds() throws {
        let value = try JSONValue.parse(#"{"n": 4, "d": 4.0, "f": 4.5, "s": "x", "b": true, "k": 1, "k": 2}"#)
        #expect(value["n"]?.intValue == 4)
        #expect(value["d"]?.intValue == 4)
        #expect(value["f"]?.intValue == nil)
        #expect(value["f"]?.doubleValue == 4.5)
        #expect(value["s"]?.stringValue == "x")
        #expect(value["b"]?.boolValue == true)
        #expect(value["b"]?.intValue == nil)
        #expect(value["k"]?.intValue == 2)
        #expect(value["missing"] == nil)
        #expect(JSONValue.int(1)["n"] == nil)
    }
}

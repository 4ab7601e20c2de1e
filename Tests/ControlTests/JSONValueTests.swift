import Control
import Testing

@Suite struct JSONValueTests {
    @Test func objectsKeepTheirKeyOrderAndEscapeControlCharacters() {
        let value = JSONValue.object([("z", .int(1)), ("a", .string("line\nbreak \u{1}\"q\"")), ("n", .null)])
        #expect(value.text == #"{"z":1,"a":"line\nbreak \u0001\"q\"","n":null}"#)
    }
}

import Control
import Testing

@Suite struct ControlCommandLineTests {
    @Test func shellWordsBecomeTheJSONArgumentsCtlPromises() throws {
        #expect(try ControlCommandLine.argument("4") == .int(4))
        #expect(try ControlCommandLine.argument("-2") == .int(-2))
        #expect(try ControlCommandLine.argument("true") == .bool(true))
        #expect(try ControlCommandLine.argument("false") == .bool(false))
        #expect(try ControlCommandLine.argument("auto") == .string("auto"))
        #expect(try ControlCommandLine.argument("12.5") == .string("12.5"))
        #expect(try ControlCommandLine.argument(#"{"index":3}"#) == .object([("index", .int(3))]))
        #expect(try ControlCommandLine.argument("[1,2]") == .array([.int(1), .int(2)]))
        #expect(throws: JSONParseError.self) { try ControlCommandLine.argument("{index:3}") }
    }

    @Test func theSocketIsFoundWhereTheUnitsPutIt() {
        let none: (String) -> Bool = { _ in false }
        let all: (String) -> Bool = { _ in true }
        #expect(ControlCommandLine.defaultSocketPath(environment: ["CASCADE_CONTROL": "/tmp/c.sock", "XDG_RUNTIME_DIR": "/run/user/1"], fileExists: all) == "/tmp/c.sock")
        #expect(ControlCommandLine.defaultSocketPath(environment: ["XDG_RUNTIME_DIR": "/run/user/1"], fileExists: all) == "/run/user/1/cascade/control.sock")
        #expect(ControlCommandLine.defaultSocketPath(environment: ["XDG_RUNTIME_DIR": "/run/user/1"], fileExists: none) == "/run/cascade/control.sock")
        #expect(ControlCommandLine.defaultSocketPath(environment: [:], fileExists: all) == "/run/cascade/control.sock")
    }
}

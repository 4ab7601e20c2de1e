import Testing
@testable import Photos

@Suite("command-line arguments as bytes")
struct CommandLineArgumentsTests {
    @Test("valid UTF-8 is kept as it is; each other byte becomes its own character, so no two names meet")
    func escaping() {
        #expect(CommandLineArguments.escaped(Array("/home/ann/ü €.jpg".utf8)) == "/home/ann/ü €.jpg")
        let names: [[UInt8]] = [
            Array("p".utf8) + [0xFE], Array("p".utf8) + [0xFF], Array("p".utf8) + [0xC3],  // a cut sequence
            Array("p".utf8) + [0xC0, 0xAF],  // an overlong "/"
            Array("p".utf8) + [0xED, 0xA0, 0x80],  // a surrogate
            Array("p".utf8) + [0xE2, 0x82],  // a cut three-byte sequence
        ]
        let escaped = names.map(CommandLineArguments.escaped)
        #expect(Set(escaped).count == names.count, "\(escaped)")
        #expect(escaped.allSatisfy { !$0.contains("\u{FFFD}") })
        #expect(CommandLineArguments.escaped([0xC3, 0xA9, 0xFE, 0x41]) == "é\u{10FFFE}A")
    }

    @Test("a string that came from no escaped argument is its own UTF-8")
    func plainStrings() {
        #expect(PhotoPath(argument: "/srv/p\u{10FFFE}.jpg").bytes == Array("/srv/p\u{10FFFE}.jpg".utf8))
        #expect(PhotoPath(argument: "/srv/a.jpg") == PhotoPath("/srv/a.jpg"))
    }
}

// The command line as the kernel gives it: bytes. A file manager's "Open with" passes a file's
// name as it is on disk, and Linux names need not be UTF-8, while Swift's `CommandLine.arguments`
// (and so ArgumentParser) are strings with each invalid byte replaced by U+FFFD — `p\xfe.jpg`
// would name a file that does not exist. Here every argument becomes a string that keeps its
// bytes: each byte that is not part of valid UTF-8 is written as one private-use character
// (U+10FF00 + the byte), and `PhotoPath(argument:)` turns exactly those arguments back into their
// bytes. Only arguments that came escaped from this process's command line are turned back, so
// a name typed with such a character in a configuration file stays what it says.

#if canImport(Glibc)
import Glibc
#endif

public enum CommandLineArguments {
    /// This process's arguments, the program's name first, each invalid byte escaped.
    public static let all: [String] = raw.map(escaped)

    /// The escaped arguments, to their bytes; arguments that were valid UTF-8 are not here.
    static let bytesOfEscaped: [String: [UInt8]] = {
        var table: [String: [UInt8]] = [:]
        for bytes in raw where String(validating: bytes, as: UTF8.self) == nil { table[escaped(bytes)] = bytes }
        return table
    }()

    private static let raw: [[UInt8]] = (0..<Int(CommandLine.argc)).map { i in
        CommandLine.unsafeArgv[i].map { PhotoPath(cString: $0).bytes } ?? []
    }

    /// `bytes` as a string: valid UTF-8 as it is, every other byte as U+10FF00 + the byte.
    static func escaped(_ bytes: [UInt8]) -> String {
        var text = String.UnicodeScalarView()
        var at = 0
        while at < bytes.count {
            let length = sequenceLength(bytes[at])
            if at + length <= bytes.count, let valid = String(validating: bytes[at..<at + length], as: UTF8.self) {
                text.append(contentsOf: valid.unicodeScalars)
                at += length
            } else {
                text.append(Unicode.Scalar(0x10FF00 + UInt32(bytes[at]))!)
                at += 1
            }
        }
        return String(text)
    }

    /// How long a UTF-8 sequence starting with `lead` is (1 for a byte that starts none: it is
    /// then found invalid on its own).
    private static func sequenceLength(_ lead: UInt8) -> Int {
        switch lead {
        case 0xC2...0xDF: 2
        case 0xE0...0xEF: 3
        case 0xF0...0xF4: 4
        default: 1
        }
    }
}

extension PhotoPath {
    /// A path named on the command line (or in a configuration file): the bytes of an argument
    /// that was not UTF-8, else the string's own.
    public init(argument: String) {
        self.init(bytes: CommandLineArguments.bytesOfEscaped[argument] ?? Array(argument.utf8))
    }
}

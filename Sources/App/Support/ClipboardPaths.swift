// The text `copy-path` puts on the clipboard: the photos' paths, one a line. A name may hold a
// line break (or another control character, or bytes that are not UTF-8), and pasted as it is it
// would become two lines — two paths, or a command run early in a terminal. Such a path is
// written as one word quoted the way bash, zsh and ksh read `$'…'`: `$'/photos/two\nlines.jpg'`,
// which a shell takes back as the exact name. Every other path is written as it is, so the usual
// case pastes into a file chooser or a chat unchanged.

import Photos

enum ClipboardPaths {
    static func text(_ paths: [PhotoPath]) -> String {
        paths.map(line).joined(separator: "\n")
    }

    /// One path as one line.
    static func line(_ path: PhotoPath) -> String {
        let plain = String(validating: path.bytes, as: UTF8.self)
        guard let plain, !path.bytes.contains(where: { $0 < 0x20 || $0 == 0x7F }) else { return quoted(path.bytes) }
        return plain
    }

    /// `$'…'` with each control byte, each byte of an invalid UTF-8 sequence, `\` and `'` escaped.
    private static func quoted(_ bytes: [UInt8]) -> String {
        var out = "$'"
        var rest = bytes[...]
        while let first = rest.first {
            // The longest valid UTF-8 character at the front, kept as it is.
            if first >= 0x80, let (character, length) = leadingCharacter(rest) {
                out += character
                rest = rest.dropFirst(length)
                continue
            }
            switch first {
            case UInt8(ascii: "\n"): out += "\\n"
            case UInt8(ascii: "\t"): out += "\\t"
            case UInt8(ascii: "\r"): out += "\\r"
            case UInt8(ascii: "\\"): out += "\\\\"
            case UInt8(ascii: "'"): out += "\\'"
            case 0x20..<0x7F: out.unicodeScalars.append(Unicode.Scalar(first))
            default: out += "\\x" + (first < 0x10 ? "0" : "") + String(first, radix: 16)
            }
            rest = rest.dropFirst()
        }
        return out + "'"
    }

    private static func leadingCharacter(_ bytes: ArraySlice<UInt8>) -> (String, Int)? {
        for length in 2...4 where bytes.count >= length {
            if let text = String(validating: bytes.prefix(length), as: UTF8.self) { return (text, length) }
        }
        return nil
    }
}

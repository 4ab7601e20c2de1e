// POSIX shell-word splitting (XCU 2.2 and 2.6.5), and nothing else a shell does: 'single quotes'
// keep everything, "double quotes" honour \" \\ \$ \` and backslash-newline, a backslash outside
// quotes keeps the next character, blanks and newlines separate words. `#` starts no comment.
//
// The characters that start a pipeline, a list or a redirection (; | & < >) are refused when
// unquoted: a command written for a shell (`feh {path} &`, `… | logger`) would otherwise run
// with those characters as plain arguments and do something quietly different. Quoted, they are
// ordinary characters.

public enum ShellWords {
    public static func split(_ text: String) throws(CommandTemplate.SyntaxError) -> [String] {
        let bytes = Array(text.utf8)
        var words: [String] = []
        var word: [UInt8] = []
        var inWord = false // '' and "" make an (empty) word though they add no byte
        var i = 0

        func column(_ at: Int) -> Int { String(decoding: bytes[..<at], as: UTF8.self).count + 1 }

        while i < bytes.count {
            let b = bytes[i]
            switch b {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"):
                if inWord { words.append(String(decoding: word, as: UTF8.self)); word = []; inWord = false }
                i += 1
            case UInt8(ascii: "\\"):
                guard i + 1 < bytes.count else {
                    throw .init("a backslash at the end escapes nothing (character \(column(i)))")
                }
                // Backslash-newline joins lines; any other escaped character is itself.
                if bytes[i + 1] != UInt8(ascii: "\n") { word.append(bytes[i + 1]); inWord = true }
                i += 2
            case UInt8(ascii: "'"):
                guard let close = bytes[(i + 1)...].firstIndex(of: UInt8(ascii: "'")) else {
                    throw .init("the single quote at character \(column(i)) is never closed")
                }
                word += bytes[(i + 1)..<close]
                inWord = true
                i = close + 1
            case UInt8(ascii: "\""):
                let open = i
                i += 1
                inWord = true
                var closed = false
                while i < bytes.count {
                    let c = bytes[i]
                    if c == UInt8(ascii: "\"") { closed = true; i += 1; break }
                    if c == UInt8(ascii: "\\"), i + 1 < bytes.count {
                        let next = bytes[i + 1]
                        switch next {
                        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "$"), UInt8(ascii: "`"):
                            word.append(next); i += 2; continue
                        case UInt8(ascii: "\n"):
                            i += 2; continue
                        default: break // the backslash stays, as in a shell
                        }
                    }
                    word.append(c)
                    i += 1
                }
                guard closed else { throw .init("the double quote at character \(column(open)) is never closed") }
            case UInt8(ascii: ";"), UInt8(ascii: "|"), UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"):
                let c = Character(Unicode.Scalar(b))
                throw .init("'\(c)' (character \(column(i))) is shell syntax, and no shell runs this command; quote it to pass it as text, or run a shell yourself with the photo as an argument after the script: sh -c '… \"$1\" …' sh {path}")
            default:
                word.append(b)
                inWord = true
                i += 1
            }
        }
        if inWord { words.append(String(decoding: word, as: UTF8.self)) }
        return words
    }

    /// A word in single quotes unless it needs none — for showing a command to a person.
    static func quote(_ word: String) -> String {
        let plain = !word.isEmpty && word.utf8.allSatisfy { b in
            (b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z")) || (b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z"))
                || (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9")) || "-_./=:,+@%{}".utf8.contains(b)
        }
        if plain { return word }
        return "'" + word.replacingAll("'", with: #"'\''"#) + "'"
    }
}

private extension String {
    func replacingAll(_ target: Character, with replacement: String) -> String {
        var out = ""
        for c in self { if c == target { out += replacement } else { out.append(c) } }
        return out
    }
}

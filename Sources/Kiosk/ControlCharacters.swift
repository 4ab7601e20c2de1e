// Text from a file or a socket quoted back in a message: a NUL would end the message wherever it
// meets C (a terminal, the journal, a C string), a newline would split it, an escape sequence
// would drive the terminal. Such characters are shown as Swift writes them instead.

public extension String {
    /// `\0`, `\t`, `\n`, `\r`, and `\u{…}` for the other control characters, as Swift writes them.
    func escapingControlCharacters() -> String {
        guard unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else { return self }
        var text = ""
        for scalar in unicodeScalars {
            switch scalar {
            case "\0": text += "\\0"
            case "\t": text += "\\t"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case _ where scalar.properties.generalCategory == .control:
                text += "\\u{\(String(scalar.value, radix: 16))}"
            default: text.unicodeScalars.append(scalar)
            }
        }
        return text
    }
}

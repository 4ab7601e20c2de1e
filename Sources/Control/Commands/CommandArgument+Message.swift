// `message TEXT`: the words shown over the screen. Bounded, so that a message fits on a screen,
// and without control characters, which a text renderer would draw as boxes or not at all.

extension CommandArgument {
    /// The longest message: a few lines on a frame's screen.
    public static let messageLimit = 500

    static let message = CommandArgument(documented: ["`\"text\"`"]) { name, value throws(ControlError) in
        guard let text = value.stringValue else { throw ControlError("\(name) needs the text as a string, got \(value.brief)") }
        let shown = String(String.UnicodeScalarView(text.unicodeScalars.map { $0.properties.generalCategory == .control ? " " : $0 }))
            .split(whereSeparator: \.isWhitespace).joined(separator: " ")
        guard !shown.isEmpty else { throw ControlError("\(name) needs some text (message-clear takes it away)") }
        guard shown.count <= messageLimit else { throw ControlError("\(name): at most \(messageLimit) characters, got \(shown.count)") }
        return .message(shown)
    }
}

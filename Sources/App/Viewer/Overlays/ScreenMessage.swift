// A message from the home over whatever is on screen (`message`, Home Assistant's text entity):
// "Dinner's ready" in a panel at the bottom, for a minute or until `message-clear`. It needs no
// key to go away: a frame on a wall has nobody to press one.

struct ScreenMessage {
    /// How long a message stays.
    static let duration: Double = 60
    /// Characters on a line before it wraps at a space.
    static let lineLength = 48

    let text: String
    /// When it goes, on the scene's clock.
    let until: Double

    init(_ text: String, now: Double) {
        self.text = text
        until = now + Self.duration
    }

    var lines: [String] { Self.wrapped(text) }

    /// `text` in lines of at most `lineLength` characters, broken between words where it can.
    static func wrapped(_ text: String) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            var word = Substring(word)
            while word.count > Self.lineLength {
                if !line.isEmpty { lines.append(line); line = "" }
                lines.append(String(word.prefix(Self.lineLength)))
                word = word.dropFirst(Self.lineLength)
            }
            if line.isEmpty {
                line = String(word)
            } else if line.count + 1 + word.count <= Self.lineLength {
                line += " " + word
            } else {
                lines.append(line)
                line = String(word)
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }
}

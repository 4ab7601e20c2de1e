// One row of the command table: a command as the socket, `cascade ctl` and `[keys]` name it, how
// its argument is read, and the keys that give it on each screen with what the help says for them.

public struct CommandRow: Sendable {
    /// The words that name it: one (`next`), or two where one value of an argument is a command
    /// with keys of its own (`slideshow next`, which the slideshow's → gives, is not `next`, which
    /// the photo view's → gives).
    public let words: [String]
    /// What the words alone ask for; nil when an argument is needed (`select`).
    public let command: Command?
    /// How one more word is read (`select 3`, `open 3`); nil when the words are all.
    public let argument: CommandArgument?
    /// The keys that give `command`, per screen. A screen without a key for it still performs it
    /// when a program asks.
    public let keys: [CommandKeys]
    /// Held down, its keys repeat (scrolling, stepping, zooming); the others act once per press —
    /// holding Return must not flip between the wall and the photo.
    public let repeats: Bool
    /// It only asks: a program that only watches the wall does not count as someone using it
    /// (the attract drift goes on).
    public let isQuery: Bool

    /// The command's name, the first word.
    public var name: String { words[0] }

    init(_ words: String, _ command: Command?, argument: CommandArgument? = nil, repeats: Bool = false,
         query: Bool = false, keys: [CommandKeys] = []) {
        self.words = words.split(separator: " ").map(String.init)
        self.command = command
        self.argument = argument
        self.keys = keys
        self.repeats = repeats
        self.isQuery = query
    }
}

/// The standard keys of a command on some screens, and the words the help shows beside them
/// there (`zoom-in` is "bigger tiles" on the wall and "zoom in" on a photo).
public struct CommandKeys: Sendable {
    public let modes: [ViewerMode]
    public let chords: [DefaultChord]
    public let help: String

    init(_ modes: [ViewerMode], _ chords: [DefaultChord], _ help: String) {
        self.modes = modes; self.chords = chords; self.help = help
    }
}

// A standard key of the command table, as data: Control knows no keyboard, so the table names a
// key as a configuration file's `[keys]` section does and App turns it into a chord.
//
// Not the `[keys]` string itself: there a key names its modifiers exactly ("k" is k without Shift
// or Ctrl), while the standard keys mostly leave them free — K and Ctrl+k move the cursor as k
// does, Q quits — and pin them only where another binding needs the other form (Space and
// Shift+Space, g and G, s and S, letters whose Ctrl form is left to others).

public struct DefaultChord: Sendable, Equatable, ExpressibleByStringLiteral {
    /// The key as `[keys]` names it: `up`, `pagedown`, `space`, `return`, `f1`, `+`, `?`, a letter
    /// or a digit; a capital letter wants Shift.
    public let key: String
    /// nil: with Shift or without.
    public let shift: Bool?
    /// nil: with Ctrl or without.
    public let control: Bool?

    public init(_ key: String, shift: Bool? = nil, control: Bool? = nil) {
        self.key = key; self.shift = shift; self.control = control
    }

    /// The key with any modifiers.
    public init(stringLiteral key: String) { self.init(key) }
}

// The screens of the viewer, each with its own keys and its own help. A struct of named values
// rather than an enum: a new screen adds its mode as one more constant (an extension of its own
// will do) and names it in the command table's rows; no switch over every mode has to learn it.
// `get-state` reports the raw value as "mode".

public struct ViewerMode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public var description: String { rawValue }

    /// The wall of tiles.
    public static let wall = ViewerMode(rawValue: "wall")
    /// One photo, opened from the wall.
    public static let detail = ViewerMode(rawValue: "detail")
    /// The photo frame.
    public static let slideshow = ViewerMode(rawValue: "slideshow")
}

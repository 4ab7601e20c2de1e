// What other programs can ask of the wall through the control socket (issue #5 §5), already
// checked and typed: the app receives these and never sees JSON.

public enum ScrollTarget: Sendable, Equatable {
    /// Bring photo `index` into view.
    case index(Int)
    /// Scroll so the top of the screen shows wall coordinate y. Any finite number: the app
    /// clamps it to the wall as it does a fling.
    case offset(Double)
}

public enum ControlCommand: Sendable, Equatable {
    case getState
    /// The frame loop's health: frames, stalls, input handled, textures against the budget.
    case getStats
    case scrollTo(ScrollTarget, animated: Bool)
    /// Exactly what a tap on tile `index` does. The index is ≥ 0; whether a photo has it is the
    /// app's to check (it answers with a ControlError).
    case select(Int)
    case open(Int)
    case close
    /// nil = automatic, as `--columns auto`.
    case setColumns(Int?)
    case reload
    case quit
    /// `screen on|off|auto`: hold the screen lit or dark, or hand it back to the schedule and idle timeout.
    case screen(ScreenRequest)
}

public enum ScreenRequest: String, Sendable, Equatable, CaseIterable { case on, off, auto }

/// A command the app could not carry out; the message goes to the client as the reply's "error".
public struct ControlError: Error, Sendable, Equatable, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

import Waterfall

/// A key the viewer has a meaning for, whatever keyboard layout or driver produced it.
public enum Key: Sendable, Equatable {
    case up, down, left, right
    case pageUp, pageDown, home, end
    case enter, escape, backspace, space, tab
    /// Delete: the photo to the trash.
    case delete
    /// `+`, keypad `+`, and Shift+`=` (where `+` is the shifted `=`).
    case plus
    /// `=` unshifted: nsxiv's and imv's actual size; the wall takes it as `+` (nobody should need
    /// Shift to zoom).
    case equals
    case minus
    /// `?` (Shift+/ on most layouts) and F1: the keys every viewer uses for help.
    case question, f1
    /// `>` and `<` (Shift+. and Shift+, on most layouts): nsxiv's rotate keys.
    case greater, less
    /// A letter or digit, lowercase; Shift is in `KeyPress.shift` (`G` = shift + "g").
    case character(Character)
}

public struct KeyPress: Sendable, Equatable {
    public var key: Key
    public var shift = false
    public var control = false
    public var alt = false
    /// The key is held down and the system repeats it.
    public var isRepeat = false
    public init(_ key: Key, shift: Bool = false, control: Bool = false, alt: Bool = false, isRepeat: Bool = false) {
        self.key = key; self.shift = shift; self.control = control; self.alt = alt; self.isRepeat = isRepeat
    }
}

/// What the window reports, in the wall's terms: pointers and wheels in logical pixels (the
/// core's `InputEvent`), keys, and the few window changes the app reacts to.
public enum ScreenEvent: Sendable, Equatable {
    case input(InputEvent)
    case key(KeyPress)
    /// The window's logical or pixel size changed (resize, full screen, moved to a HiDPI screen).
    case resized
    /// The window's contents were lost (uncovered, restored) and must be drawn again.
    case exposed
    /// The window was hidden or minimised: nobody sees it until it is exposed again.
    case hidden
    /// A worker finished something for the frame loop (decoded pixels, a scan).
    case wake
    /// The window was closed, or SIGINT / SIGTERM arrived.
    case quit
    /// The mouse, no button held, came within `EventSource.hoverEdge` of the window's right edge
    /// (true) or left that band (false): where the date scrubber's rail is.
    case edgeHovered(Bool)
    /// The mouse, no button held, came within `EventSource.hoverBottom` of the window's bottom
    /// edge (true) or left that band: where the open photo's filmstrip shows.
    case bottomHovered(Bool)
    /// The mouse's right button pressed at a point (logical pixels, in the turned picture): what
    /// a desktop viewer answers with the photo's details.
    case secondaryClick(Point)
    /// On the console, the kernel said a display output changed (plugged, unplugged, forced):
    /// the loop reads the wall's connector again (`ConsoleOutput`).
    case displayChanged
}

// Keys, as nsxiv, feh and imv users expect them (DESIGN.md §6). One table binds them and
// describes them: the help overlay (`?`, F1) is drawn from it, so it cannot drift from what
// the keys do. The same key means different things on the wall and on one photo — an arrow
// moves the cursor on the wall and steps to the next photo in the detail view — so every
// binding names the modes it holds in.

import Screen
import Waterfall

enum ViewerAction: Equatable {
    case quit, toggleFullscreen, reload, toggleStats
    case toggleHelp, toggleInfo
    case moveCursor(CursorMove)
    case open
    case back
    case pageDown, pageUp, top, bottom
    case zoomIn, zoomOut, resetZoom
    case next, previous, first, last
}

extension ViewerAction {
    /// Held down, these repeat (scrolling, stepping, zooming); the others act once per press —
    /// holding Return must not flip between the wall and the photo.
    var repeats: Bool {
        switch self {
        case .moveCursor, .pageDown, .pageUp, .zoomIn, .zoomOut, .next, .previous: true
        default: false
        }
    }
}

/// The viewer's two screens, each with its own keys.
enum ViewerMode: String, CaseIterable, Sendable {
    case wall, detail
}

/// One action, the keys that do it, and the words the help shows for it.
struct KeyBinding {
    /// A key and the modifiers it needs. Alt is never ours (window managers use it).
    struct Chord: Equatable {
        var key: Key
        /// nil: with Shift or without.
        var shift: Bool?
        /// nil: with Ctrl or without; false for letters whose Ctrl form belongs to others.
        var control: Bool?

        init(_ key: Key, shift: Bool? = nil, control: Bool? = nil) {
            self.key = key; self.shift = shift; self.control = control
        }

        func matches(_ press: KeyPress) -> Bool {
            press.key == key && !press.alt && shift.map { $0 == press.shift } ?? true
                && control.map { $0 == press.control } ?? true
        }

        /// As the help shows it: "G" for Shift+g, "Shift+Space".
        var label: String {
            let name: String
            switch key {
            case .up: name = "↑"
            case .down: name = "↓"
            case .left: name = "←"
            case .right: name = "→"
            case .pageUp: name = "PgUp"
            case .pageDown: name = "PgDn"
            case .home: name = "Home"
            case .end: name = "End"
            case .enter: name = "Return"
            case .escape: name = "Esc"
            case .backspace: name = "Backspace"
            case .space: name = "Space"
            case .tab: name = "Tab"
            case .plus: name = "+"
            case .minus: name = "-"
            case .question: return "?"
            case .f1: name = "F1"
            case .character(let c):
                return shift == true ? String(c).uppercased() : String(c)
            }
            return shift == true ? "Shift+" + name : name
        }
    }

    let modes: Set<ViewerMode>
    let chords: [Chord]
    let action: ViewerAction
    let description: String

    init(_ modes: Set<ViewerMode>, _ chords: [Chord], _ action: ViewerAction, _ description: String) {
        self.modes = modes; self.chords = chords; self.action = action; self.description = description
    }
}

enum KeyBindings {
    private static let both: Set<ViewerMode> = [.wall, .detail]

    /// In the order the help lists them; the first binding a press matches wins.
    static let table: [KeyBinding] = [
        KeyBinding([.wall], [.init(.up), .init(.character("k"))], .moveCursor(.up), "cursor up"),
        KeyBinding([.wall], [.init(.down), .init(.character("j"))], .moveCursor(.down), "cursor down"),
        KeyBinding([.wall], [.init(.left), .init(.character("h"))], .moveCursor(.left), "cursor left"),
        KeyBinding([.wall], [.init(.right), .init(.character("l"))], .moveCursor(.right), "cursor right"),
        KeyBinding([.wall], [.init(.enter)], .open, "open the photo at the cursor"),
        KeyBinding([.wall], [.init(.escape), .init(.backspace)], .back, "hide the cursor"),
        KeyBinding([.wall], [.init(.pageDown), .init(.space, shift: false)], .pageDown, "page down"),
        KeyBinding([.wall], [.init(.pageUp), .init(.space, shift: true)], .pageUp, "page up"),
        KeyBinding([.wall], [.init(.home), .init(.character("g"), shift: false)], .top, "top of the wall"),
        KeyBinding([.wall], [.init(.end), .init(.character("g"), shift: true)], .bottom, "bottom of the wall"),
        KeyBinding([.wall], [.init(.plus)], .zoomIn, "bigger tiles (fewer columns)"),
        KeyBinding([.wall], [.init(.minus)], .zoomOut, "smaller tiles (more columns)"),

        KeyBinding([.detail], [.init(.right), .init(.down), .init(.character("l")), .init(.character("j")),
                               .init(.character("n")), .init(.pageDown), .init(.space, shift: false)],
                   .next, "next photo"),
        KeyBinding([.detail], [.init(.left), .init(.up), .init(.character("h")), .init(.character("k")),
                               .init(.character("p")), .init(.pageUp), .init(.space, shift: true)],
                   .previous, "previous photo"),
        KeyBinding([.detail], [.init(.escape), .init(.backspace), .init(.enter)], .back, "back to the wall"),
        KeyBinding([.detail], [.init(.home), .init(.character("g"), shift: false)], .first, "first photo"),
        KeyBinding([.detail], [.init(.end), .init(.character("g"), shift: true)], .last, "last photo"),
        KeyBinding([.detail], [.init(.plus)], .zoomIn, "zoom in"),
        KeyBinding([.detail], [.init(.minus)], .zoomOut, "zoom out"),
        KeyBinding([.detail], [.init(.character("0"))], .resetZoom, "fit the photo to the window"),

        KeyBinding(both, [.init(.character("i"), control: false)], .toggleInfo, "photo information"),
        KeyBinding(both, [.init(.question), .init(.f1)], .toggleHelp, "this help"),
        KeyBinding(both, [.init(.character("f"), control: false)], .toggleFullscreen, "full screen"),
        KeyBinding(both, [.init(.character("s"), control: false)], .toggleStats, "frame statistics"),
        KeyBinding(both, [.init(.character("r"), control: false)], .reload, "reload the folders"),
        KeyBinding(both, [.init(.character("q"))], .quit, "quit"),
    ]

    static func action(for press: KeyPress, in mode: ViewerMode) -> ViewerAction? {
        table.first { $0.modes.contains(mode) && $0.chords.contains { $0.matches(press) } }?.action
    }

    static func wall(_ press: KeyPress) -> ViewerAction? { action(for: press, in: .wall) }
    static func detail(_ press: KeyPress) -> ViewerAction? { action(for: press, in: .detail) }

    /// The help overlay's lines for `mode`: the keys, a tab, what they do.
    static func help(for mode: ViewerMode) -> [String] {
        table.filter { $0.modes.contains(mode) }.map { binding in
            binding.chords.map(\.label).joined(separator: " ") + "\t" + binding.description
        }
    }
}

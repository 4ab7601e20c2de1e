// A key and the modifiers it needs, as the key table matches presses against it, as the help
// shows it ("G", "Shift+Space"), and as a configuration file writes it ("ctrl+o", "shift+space").

import Control
import Screen

extension KeyBinding {
    /// Alt is never ours (window managers use it).
    struct Chord: Equatable, Sendable {
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
            case .delete: name = "Delete"
            case .space: name = "Space"
            case .tab: name = "Tab"
            case .plus: name = "+"
            case .equals: name = "="
            case .minus: name = "-"
            case .question: return control == true ? "Ctrl+?" : "?"
            case .greater: return control == true ? "Ctrl+>" : ">"
            case .less: return control == true ? "Ctrl+<" : "<"
            case .f1: name = "F1"
            case .character(let c):
                name = shift == true ? String(c).uppercased() : String(c)
                // "Ctrl+A" alone would read as Ctrl+a.
                return control == true ? (shift == true ? "Ctrl+Shift+" : "Ctrl+") + name : name
            }
            let shifted = shift == true ? "Shift+" + name : name
            return control == true ? "Ctrl+" + shifted : shifted
        }
    }
}

extension KeyBinding.Chord {
    private static let names: [String: Key] = [
        "up": .up, "down": .down, "left": .left, "right": .right,
        "pageup": .pageUp, "pgup": .pageUp, "pagedown": .pageDown, "pgdn": .pageDown,
        "home": .home, "end": .end, "return": .enter, "enter": .enter, "escape": .escape, "esc": .escape,
        "backspace": .backspace, "delete": .delete, "del": .delete, "space": .space, "tab": .tab, "plus": .plus, "+": .plus, "=": .equals, "equals": .equals,
        "minus": .minus, "-": .minus, "?": .question, "question": .question, "f1": .f1,
        ">": .greater, "greater": .greater, "<": .less, "less": .less,
    ]

    /// `ctrl+o`, `shift+space`, `G`, `f1`: modifiers joined by `+`, then a key. Without `shift+`
    /// the key is meant unshifted, except where the key itself needs Shift (`?`, `+`); without
    /// `ctrl+` it is meant without Ctrl.
    init(parsing text: String) throws(ControlError) {
        var parts = text.split(separator: "+", omittingEmptySubsequences: false).map(String.init)
        // "+" alone, or "ctrl++": the last part is the plus key.
        if parts.count >= 2, parts[parts.count - 1].isEmpty, parts[parts.count - 2].isEmpty {
            parts.removeLast(2)
            parts.append("+")
        }
        guard let last = parts.popLast(), !last.isEmpty else { throw ControlError("\"\(text)\" names no key") }
        var shift = false, control = false
        for modifier in parts {
            switch modifier.lowercased() {
            case "shift": shift = true
            case "ctrl", "control": control = true
            case "alt", "meta", "super": throw ControlError("\"\(text)\": \(modifier) is left to the window manager")
            default: throw ControlError("\"\(text)\": unknown modifier \"\(modifier)\" (ctrl, shift)")
            }
        }
        guard let (key, capital) = Self.key(named: last) else {
            throw ControlError("\"\(text)\": unknown key \"\(last)\" (a letter, a digit, or one of \(Self.names.keys.sorted().joined(separator: " ")))")
        }
        if capital { shift = true }
        let shiftInherent = key == .question || key == .plus || key == .greater || key == .less
        self.init(key, shift: shift ? true : (shiftInherent ? nil : false), control: control)
    }

    /// A key by the name `[keys]` gives it; `capital` for a capital letter, which wants Shift.
    private static func key(named name: String) -> (key: Key, capital: Bool)? {
        if let named = names[name.lowercased()] { return (named, false) }
        guard name.count == 1, let c = name.first, c.isASCII, c.isLetter || c.isNumber else { return nil }
        return (.character(Character(c.lowercased())), c.isUppercase)
    }

    /// A standard key of the command table; nil for a name no key has.
    init?(_ standard: DefaultChord) {
        guard let (key, capital) = Self.key(named: standard.key) else { return nil }
        self.init(key, shift: standard.shift ?? (capital ? true : nil), control: standard.control)
    }
}

// Keys, as nsxiv, feh and imv users expect them (docs/desktop.md). The command table
// (CommandTable) names each command's standard keys and describes them: the bindings and the help
// overlay (`?`, F1) are made from it, so the help cannot drift from what the keys do, and the
// configuration file's `[keys]` section adds to it. The same key
// means different things on the wall and on one photo — an arrow moves the cursor on the wall
// and steps to the next photo in the detail view — so every binding names the modes it holds in.

import Control
import Screen
import Waterfall

/// One command, the keys that give it, and the words the help shows for it.
struct KeyBinding: Sendable {
    let modes: Set<ViewerMode>
    let chords: [Chord]
    let command: Command
    let description: String

    init(_ modes: Set<ViewerMode>, _ chords: [Chord], _ command: Command, _ description: String) {
        self.modes = modes; self.chords = chords; self.command = command; self.description = description
    }
}

struct KeyBindings: Sendable {
    /// In the order the help lists them; the first binding a press matches wins.
    let table: [KeyBinding]

    /// Whether the help lists the keys that act on Immich: without a server they only say so.
    let listsImmich: Bool

    /// The standard keys, after `configured` ones (which therefore win).
    init(configured: [ConfigKeyBinding] = [], immich: Bool = true) {
        table = configured.map(\.binding) + Self.standard
        listsImmich = immich
    }

    func command(for press: KeyPress, in mode: ViewerMode) -> Command? {
        table.first { $0.modes.contains(mode) && $0.chords.contains { $0.matches(press) } }?.command
    }

    /// The first key that gives `command`, as the help names it; nil when none does.
    func label(for command: Command) -> String? {
        table.first { $0.command == command }?.chords.first?.label
    }

    /// The help overlay's lines for `mode`: the keys, a tab, what they do. Neighbours that do
    /// the same (the four Shift+arrows) share a line: the panel has to fit a small screen.
    func help(for mode: ViewerMode) -> [String] {
        var lines: [(keys: [String], description: String)] = []
        for binding in table where binding.modes.contains(mode) {
            if !listsImmich, case .immich = binding.command { continue }
            let keys = binding.chords.map(\.label)
            if lines.last?.description == binding.description { lines[lines.count - 1].keys += keys } else { lines.append((keys, binding.description)) }
        }
        return lines.map { $0.keys.joined(separator: " ") + "\t" + $0.description }
    }

    // The standard table alone, as tests and the help of a viewer without a configuration see it.
    static let builtIn = KeyBindings()
    static var table: [KeyBinding] { builtIn.table }
    static func command(for press: KeyPress, in mode: ViewerMode) -> Command? { builtIn.command(for: press, in: mode) }
    static func wall(_ press: KeyPress) -> Command? { command(for: press, in: .wall) }
    static func detail(_ press: KeyPress) -> Command? { command(for: press, in: .detail) }
    static func help(for mode: ViewerMode) -> [String] { builtIn.help(for: mode) }

    /// The command table's keys, row by row. A key the table names but no Chord knows is left
    /// out rather than stopping the viewer; KeyBindingTests holds the table to keys that exist.
    static let standard: [KeyBinding] = CommandTable.rows.flatMap { row -> [KeyBinding] in
        guard let command = row.command else { return [] }
        return row.keys.map { keys in
            KeyBinding(Set(keys.modes), keys.chords.compactMap { KeyBinding.Chord($0) }, command, keys.help)
        }
    }
}

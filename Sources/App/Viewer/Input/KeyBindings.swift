// Keys, as nsxiv, feh and imv users expect them (docs/desktop.md). One table binds them to
// commands and describes them: the help overlay (`?`, F1) is drawn from it, so it cannot drift
// from what the keys do, and the configuration file's `[keys]` section adds to it. The same key
// means different things on the wall and on one photo — an arrow moves the cursor on the wall
// and steps to the next photo in the detail view — so every binding names the modes it holds in.

import Control
import Screen
import Waterfall

/// The keys' name for the commands they give, from before keys and socket shared one type.
typealias ViewerAction = Command

/// The viewer's two screens, each with its own keys.
enum ViewerMode: String, CaseIterable, Sendable {
    case wall, detail, slideshow
}

/// One command, the keys that give it, and the words the help shows for it.
struct KeyBinding: Sendable {
    let modes: Set<ViewerMode>
    let chords: [Chord]
    let command: Command
    let description: String

    init(_ modes: Set<ViewerMode>, _ chords: [Chord], _ command: Command, _ description: String) {
        self.modes = modes; self.chords = chords; self.command = command; self.description = description
    }

    var action: Command { command }
}

struct KeyBindings: Sendable {
    /// In the order the help lists them; the first binding a press matches wins.
    let table: [KeyBinding]

    /// The standard keys, after `configured` ones (which therefore win).
    init(configured: [ConfigKeyBinding] = []) {
        table = configured.map(\.binding) + Self.standard
    }

    func command(for press: KeyPress, in mode: ViewerMode) -> Command? {
        table.first { $0.modes.contains(mode) && $0.chords.contains { $0.matches(press) } }?.command
    }

    /// The help overlay's lines for `mode`: the keys, a tab, what they do.
    func help(for mode: ViewerMode) -> [String] {
        table.filter { $0.modes.contains(mode) }.map { binding in
            binding.chords.map(\.label).joined(separator: " ") + "\t" + binding.description
        }
    }

    // The standard table alone, as tests and the help of a viewer without a configuration see it.
    static let builtIn = KeyBindings()
    static var table: [KeyBinding] { builtIn.table }
    static func action(for press: KeyPress, in mode: ViewerMode) -> Command? { builtIn.command(for: press, in: mode) }
    static func wall(_ press: KeyPress) -> Command? { action(for: press, in: .wall) }
    static func detail(_ press: KeyPress) -> Command? { action(for: press, in: .detail) }
    static func help(for mode: ViewerMode) -> [String] { builtIn.help(for: mode) }

    private static let both: Set<ViewerMode> = [.wall, .detail]
    private static let everywhere = Set(ViewerMode.allCases)

    static let standard: [KeyBinding] = [
        KeyBinding([.wall], [.init(.up), .init(.character("k"))], .moveCursor(.up), "cursor up"),
        KeyBinding([.wall], [.init(.down), .init(.character("j"))], .moveCursor(.down), "cursor down"),
        KeyBinding([.wall], [.init(.left), .init(.character("h"))], .moveCursor(.left), "cursor left"),
        KeyBinding([.wall], [.init(.right), .init(.character("l"))], .moveCursor(.right), "cursor right"),
        KeyBinding([.wall], [.init(.enter)], .openAtCursor, "open the photo at the cursor"),
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

        KeyBinding([.wall, .detail], [.init(.character("s"), shift: true, control: false)], .slideshow(.start), "slideshow"),
        KeyBinding([.slideshow], [.init(.right), .init(.character("l")), .init(.character("n")), .init(.pageDown)],
                   .slideshow(.next), "next photo"),
        KeyBinding([.slideshow], [.init(.left), .init(.character("h")), .init(.character("p")), .init(.pageUp)],
                   .slideshow(.previous), "previous photo"),
        KeyBinding([.slideshow], [.init(.space)], .slideshow(.togglePause), "pause or go on"),
        KeyBinding([.slideshow], [.init(.escape), .init(.backspace), .init(.character("s"), control: false)], .back,
                   "back to the wall at this photo"),

        KeyBinding(both, [.init(.character("i"), control: false)], .toggleInfo, "photo information"),
        KeyBinding(everywhere, [.init(.question), .init(.f1)], .toggleHelp, "this help"),
        KeyBinding(everywhere, [.init(.character("f"), control: false)], .toggleFullscreen, "full screen"),
        KeyBinding(both, [.init(.character("s"), shift: false, control: false)], .toggleStats, "frame statistics"),
        KeyBinding(both, [.init(.character("r"), control: false)], .reload, "reload the folders"),
        KeyBinding(everywhere, [.init(.character("q"))], .quit, "quit"),
    ]
}

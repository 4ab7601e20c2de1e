import CSDL2
import Control
import Foundation
import Testing
@testable import App
@testable import Screen
import Waterfall

/// The keys nsxiv, feh and imv users expect, from the SDL key the keyboard reports to the
/// action the viewer takes.
@Suite("key bindings", .serialized)
@MainActor
struct KeyBindingTests {
    private func wall(_ sym: SDL_KeyCode, _ mod: SDL_Keymod = KMOD_NONE) -> Command? {
        SDLEvents.press(sym, mod).flatMap(KeyBindings.wall)
    }

    private func detail(_ sym: SDL_KeyCode, _ mod: SDL_Keymod = KMOD_NONE) -> Command? {
        SDLEvents.press(sym, mod).flatMap(KeyBindings.detail)
    }

    @Test("on the wall: arrows and hjkl move the cursor, Return opens, Esc and Backspace go back")
    func wallCursorKeys() {
        #expect(wall(SDLK_UP) == .moveCursor(.up))
        #expect(wall(SDLK_DOWN) == .moveCursor(.down))
        #expect(wall(SDLK_LEFT) == .moveCursor(.left))
        #expect(wall(SDLK_RIGHT) == .moveCursor(.right))
        #expect(wall(SDLK_k) == .moveCursor(.up))
        #expect(wall(SDLK_j) == .moveCursor(.down))
        #expect(wall(SDLK_h) == .moveCursor(.left))
        #expect(wall(SDLK_l) == .moveCursor(.right))
        #expect(wall(SDLK_RETURN) == .openAtCursor)
        #expect(wall(SDLK_KP_ENTER) == .openAtCursor)
        #expect(wall(SDLK_ESCAPE) == .back)
        #expect(wall(SDLK_BACKSPACE) == .back)
    }

    @Test("on the wall: PgUp/PgDn, Space and Shift+Space page; Home/End and g/G go to the ends; +/- zoom")
    func wallScrollKeys() {
        #expect(wall(SDLK_PAGEDOWN) == .pageDown)
        #expect(wall(SDLK_PAGEUP) == .pageUp)
        #expect(wall(SDLK_SPACE) == .pageDown)
        #expect(wall(SDLK_SPACE, KMOD_LSHIFT) == .pageUp)
        #expect(wall(SDLK_HOME) == .top)
        #expect(wall(SDLK_END) == .bottom)
        #expect(wall(SDLK_g) == .top)
        #expect(wall(SDLK_g, KMOD_RSHIFT) == .bottom, "G")
        #expect(wall(SDLK_PLUS) == .zoomIn)
        #expect(wall(SDLK_EQUALS) == .zoomIn, "the unshifted + key")
        #expect(wall(SDLK_KP_PLUS) == .zoomIn)
        #expect(wall(SDLK_MINUS) == .zoomOut)
        #expect(wall(SDLK_KP_MINUS) == .zoomOut)
    }

    @Test("everywhere: f full screen, r reload, s stats, q quit; with Ctrl or Alt they are not ours")
    func sharedKeys() {
        for binding in [wall, detail] {
            #expect(binding(SDLK_f, KMOD_NONE) == .toggleFullscreen)
            #expect(binding(SDLK_r, KMOD_NONE) == .reload)
            #expect(binding(SDLK_s, KMOD_NONE) == .toggleStats)
            #expect(binding(SDLK_q, KMOD_NONE) == .quit)
            #expect(binding(SDLK_q, KMOD_LSHIFT) == .quit, "Q")
            #expect(binding(SDLK_f, KMOD_LCTRL) == nil)
            #expect(binding(SDLK_r, KMOD_RCTRL) == nil)
            #expect(binding(SDLK_q, KMOD_LALT) == nil)
            #expect(binding(SDLK_F5, KMOD_NONE) == nil, "keys the viewer has no meaning for do nothing")
        }
        #expect(wall(SDLK_TAB) == nil)
    }

    @Test("in the detail view: arrows, Space, n/p and PgUp/PgDn step through photos; Esc, Backspace and Return go back")
    func detailKeys() {
        for sym in [SDLK_RIGHT, SDLK_DOWN, SDLK_l, SDLK_j, SDLK_n, SDLK_PAGEDOWN, SDLK_SPACE] {
            #expect(detail(sym) == .next, "\(sym)")
        }
        for sym in [SDLK_LEFT, SDLK_UP, SDLK_h, SDLK_k, SDLK_p, SDLK_PAGEUP] {
            #expect(detail(sym) == .previous, "\(sym)")
        }
        #expect(detail(SDLK_SPACE, KMOD_LSHIFT) == .previous)
        #expect(detail(SDLK_ESCAPE) == .back)
        #expect(detail(SDLK_BACKSPACE) == .back)
        #expect(detail(SDLK_RETURN) == .back)
        #expect(detail(SDLK_HOME) == .first)
        #expect(detail(SDLK_END) == .last)
        #expect(detail(SDLK_g) == .first)
        #expect(detail(SDLK_g, KMOD_LSHIFT) == .last)
        #expect(detail(SDLK_PLUS) == .zoomIn)
        #expect(detail(SDLK_MINUS) == .zoomOut)
        #expect(detail(SDLK_0) == .resetZoom)
    }

    @Test("keys arrive through SDL's queue as presses with their modifiers; releases are not presses")
    func keysThroughTheQueue() throws {
        let events = EventSource(windowSize: Size(width: 400, height: 300))
        try withSDLEventQueue {
            var release = SDLEvents.key(SDLK_q)
            release.type = SDL_KEYUP.rawValue
            let received = events.throughQueue([SDLEvents.key(SDLK_j), SDLEvents.key(SDLK_g, KMOD_LSHIFT),
                                                release, SDLEvents.key(SDLK_SPACE, KMOD_RSHIFT)])
            let presses = received.compactMap { if case .key(let press) = $0 { press } else { nil } }
            #expect(received.count == presses.count, "only key presses came out")
            #expect(presses.compactMap(KeyBindings.wall) == [.moveCursor(.down), .bottom, .pageUp])
            #expect(presses.compactMap(KeyBindings.detail) == [.next, .last, .previous])
        }
    }

    @Test("j on the wall puts the highlight on the top-left tile on screen, then on the tile below it")
    func cursorKeysMoveTheHighlight() throws {
        let library = try ColourLibrary(count: 30)
        let h = try WallHarness(library)
        h.layout()
        let theme = h.drawer.theme

        func highlighted(_ index: Int) -> Bool {
            guard let item = h.drawn(index) else { return false }
            // The ring goes round the tile in the 10-px gap: 4 px of accent, 1 px dark next to the tile.
            return h.colour(at: Point(x: item.frame.midX, y: item.frame.minY - 3))?.matches(theme.highlight, tolerance: 2) ?? false
        }

        for expected in [0, nil as Int?] {
            guard let action = SDLEvents.press(SDLK_j).flatMap(KeyBindings.wall), case .moveCursor(let move) = action else {
                Issue.record("j is not a cursor key")
                return
            }
            h.wall.moveCursor(move)
            h.run(for: 2, untilStill: true)
            h.draw()
            let cursor = try #require(h.wall.cursor)
            if let expected { #expect(cursor == expected, "the first press picks the top-left tile") }
            else {
                // The tile below the first one in its column.
                let below = (1..<library.entries.count).first { h.view.layout.lane(at: $0) == h.view.layout.lane(at: 0) }
                #expect(cursor == below)
            }
            #expect(h.wall.isOnScreen(cursor))
            #expect(highlighted(cursor), "tile \(cursor) carries the highlight")
            #expect((0..<library.entries.count).filter { $0 != cursor }.allSatisfy { !highlighted($0) }, "only one tile is highlighted")
        }
    }
}

@Suite("the command table's keys")
struct StandardKeyTests {
    @Test("every key the command table names is a key a press can match")
    func everyTableKeyExists() {
        for row in CommandTable.rows {
            for keys in row.keys {
                for chord in keys.chords {
                    #expect(KeyBinding.Chord(chord) != nil, "\(row.words): no key is named \"\(chord.key)\"")
                }
            }
        }
        #expect(KeyBindings.standard.count == CommandTable.rows.map(\.keys.count).reduce(0, +))
    }
}

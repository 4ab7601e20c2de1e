// Keys, as nsxiv, feh and imv users expect them (DESIGN.md §6). Two maps, because the same
// key means different things on the wall and on one photo: an arrow moves the cursor on the
// wall and steps to the next photo in the detail view.

import Screen
import Waterfall

enum ViewerAction: Equatable {
    case quit, toggleFullscreen, reload, toggleStats
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

enum KeyBindings {
    static func wall(_ press: KeyPress) -> ViewerAction? {
        if let shared = shared(press) { return shared }
        switch press.key {
        case .up, .character("k"): return .moveCursor(.up)
        case .down, .character("j"): return .moveCursor(.down)
        case .left, .character("h"): return .moveCursor(.left)
        case .right, .character("l"): return .moveCursor(.right)
        case .enter: return .open
        case .escape, .backspace: return .back
        case .pageDown: return .pageDown
        case .space: return press.shift ? .pageUp : .pageDown
        case .pageUp: return .pageUp
        case .home: return .top
        case .end: return .bottom
        case .character("g"): return press.shift ? .bottom : .top
        case .plus: return .zoomIn
        case .minus: return .zoomOut
        default: return nil
        }
    }

    static func detail(_ press: KeyPress) -> ViewerAction? {
        if let shared = shared(press) { return shared }
        switch press.key {
        case .right, .down, .character("l"), .character("j"), .character("n"), .pageDown: return .next
        case .space: return press.shift ? .previous : .next
        case .left, .up, .character("h"), .character("k"), .character("p"), .pageUp: return .previous
        case .escape, .backspace, .enter: return .back
        case .home: return .first
        case .end: return .last
        case .character("g"): return press.shift ? .last : .first
        case .plus: return .zoomIn
        case .minus: return .zoomOut
        case .character("0"): return .resetZoom
        default: return nil
        }
    }

    private static func shared(_ press: KeyPress) -> ViewerAction? {
        guard !press.alt else { return nil }
        switch press.key {
        case .character("q"): return .quit
        case .character("f"): return press.control ? nil : .toggleFullscreen
        case .character("r"): return press.control ? nil : .reload
        case .character("s"): return press.control ? nil : .toggleStats
        default: return nil
        }
    }
}

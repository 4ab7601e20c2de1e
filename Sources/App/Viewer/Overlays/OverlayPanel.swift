// The panel drawn over whichever screen is on top at a key: the help (`?`, F1), drawn from the
// key table itself, and the info panel (`i`) for the photo the screen is about. At most one
// shows at a time; Esc closes it before it means anything else. `get-state` tells its text, so
// other programs (and tests) can read what is on screen.

import Control
import Photos
import Screen
import Waterfall

enum ViewerOverlay: String {
    case help, info
}

@MainActor
struct OverlayPanel {
    /// The panel on screen, and what was last drawn of it.
    private(set) var shown: ViewerOverlay?
    private var drawn: (lines: [String], rect: PixelRect)?
    let info: InfoPanel

    init(info: InfoPanel) { self.info = info }

    mutating func toggle(_ kind: ViewerOverlay, over screen: any ViewerScreen) {
        shown = shown == kind ? nil : kind
        if shown == .info { screen.infoPanelOpened() }
    }

    mutating func show(_ kind: ViewerOverlay, over screen: any ViewerScreen) {
        shown = kind
        if shown == .info { screen.infoPanelOpened() }
    }

    /// Esc closes the panel on screen instead of going back; true when it did.
    mutating func takes(_ press: KeyPress) -> Bool {
        guard shown != nil, press.key == .escape, !press.alt else { return false }
        shown = nil
        return true
    }

    /// What the panel says over `screen`, one string per line, a tab between its columns. The
    /// info panel ends with the marks, while there are any: whether this photo is one, and how many.
    func lines(over screen: any ViewerScreen, keys: KeyBindings, marks: PhotoMarks) -> [String] {
        switch shown {
        case .help:
            let pointer = PointerHelp.lines(for: screen.mode, immich: keys.listsImmich)
            return keys.help(for: screen.mode) + (pointer.isEmpty ? [] : [""] + pointer)
        case .info:
            guard let subject = screen.infoSubject else { return ["No photo"] }
            let lines = info.lines(for: subject.entry, note: subject.note)
            guard !marks.isEmpty else { return lines }
            return lines + ["Marked\t" + (marks.contains(subject.entry.path) ? "yes, " : "no, ") + "\(marks.count) marked"]
        case nil: return []
        }
    }

    mutating func draw(over screen: any ViewerScreen, keys: KeyBindings, marks: PhotoMarks, with drawer: TileDrawer) {
        guard let shown else { drawn = nil; return }
        let lines = lines(over: screen, keys: keys, marks: marks)
        // The info sits by the tile it describes, and so follows the cursor; over a photo filling
        // the screen it keeps to the corner.
        var placement = TileDrawer.PanelPlacement.topRight
        if shown == .help { placement = .centre } else if let tile = screen.infoAnchor { placement = .beside(tile) }
        drawn = drawer.drawPanel(lines, placement: placement).map { (lines, $0) }
    }

    /// `get-state`'s "overlay": its kind, lines and where its band was drawn (window pixels). The
    /// rect is told only once these very lines were drawn: the info panel's EXIF lines arrive
    /// between frames, and a rect of the shorter panel beside the longer text would be untrue.
    func state(over screen: any ViewerScreen, keys: KeyBindings, marks: PhotoMarks, scale: Double) -> JSONValue {
        guard let shown else { return .null }
        var fields: [(String, JSONValue)] = [("kind", .string(shown.rawValue)), ("mode", .string(screen.mode.rawValue))]
        if shown == .info, let subject = screen.infoSubject {
            fields.append(("path", .string(subject.entry.path.string)))
            fields.append(("complete", .bool(info.isComplete)))
        }
        let lines = lines(over: screen, keys: keys, marks: marks)
        fields.append(("lines", .array(lines.map { .string($0) })))
        if let drawn, drawn.lines == lines {
            let rect = drawn.rect
            fields.append(("rect", .rect(Rect(x: Double(rect.x) / scale, y: Double(rect.y) / scale,
                                              width: Double(rect.width) / scale, height: Double(rect.height) / scale))))
        }
        return .object(fields)
    }
}

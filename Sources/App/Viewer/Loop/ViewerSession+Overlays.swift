// The panels drawn over the wall or the photo at a key: the help (`?`, F1), drawn from the
// key table itself, and the info panel (`i`) for the photo at the cursor or the one open. At
// most one shows at a time; Esc closes it before it means anything else. `get-state` tells
// their text, so other programs (and tests) can read what is on screen.

import Control
import Photos
import Screen
import Waterfall

enum ViewerOverlay: String {
    case help, info
}

extension ViewerSession {
    var mode: ViewerMode { stack.top.mode }

    func toggleOverlay(_ kind: ViewerOverlay) {
        overlay = overlay == kind ? nil : kind
        if overlay == .info { stack.top.infoPanelOpened() }
    }

    /// Esc closes the panel on screen instead of going back; true when it did.
    func overlayTakes(_ press: KeyPress) -> Bool {
        guard overlay != nil, press.key == .escape, !press.alt else { return false }
        overlay = nil
        return true
    }

    /// The photo the info panel is about and how it is shown, when not whole.
    private var infoSubject: (entry: PhotoEntry, note: String?)? { stack.top.infoSubject }

    /// What the panel on screen says, one string per line, a tab between its columns.
    var overlayLines: [String] {
        switch overlay {
        case .help: keys.help(for: mode)
        case .info: infoSubject.map { infoPanel.lines(for: $0.entry, note: $0.note) } ?? ["No photo"]
        case nil: []
        }
    }

    func drawOverlay() {
        guard let overlay else { overlayDrawn = nil; return }
        let lines = overlayLines
        overlayDrawn = drawer.drawPanel(lines, placement: overlay == .help ? .centre : .topRight).map { (lines, $0) }
    }

    /// `get-state`'s "overlay": its kind, lines and where its band was drawn (window pixels). The
    /// rect is told only once these very lines were drawn: the info panel's EXIF lines arrive
    /// between frames, and a rect of the shorter panel beside the longer text would be untrue.
    var overlayState: JSONValue {
        guard let overlay else { return .null }
        var fields: [(String, JSONValue)] = [("kind", .string(overlay.rawValue)), ("mode", .string(mode.rawValue))]
        if overlay == .info, let subject = infoSubject {
            fields.append(("path", .string(subject.entry.path.string)))
            fields.append(("complete", .bool(infoPanel.isComplete)))
        }
        let lines = overlayLines
        fields.append(("lines", .array(lines.map { .string($0) })))
        if let drawn = overlayDrawn, drawn.lines == lines {
            let rect = drawn.rect
            let scale = window.renderer.scale
            fields.append(("rect", .rect(Rect(x: Double(rect.x) / scale, y: Double(rect.y) / scale,
                                              width: Double(rect.width) / scale, height: Double(rect.height) / scale))))
        }
        return .object(fields)
    }
}

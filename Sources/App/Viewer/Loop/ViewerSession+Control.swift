// The control socket's requests, answered on the frame loop (the only thread that may touch
// the wall) by the same `perform` that keys use, and what `get-state` tells of the screen.

import Control
import Foundation
import Photos
import Waterfall

extension ViewerSession {
    /// Answers every request waiting in the socket's mailbox.
    func answerControlRequests() {
        guard let control = daemon.control else { return }
        for request in control.takeRequests() {
            control.reply(to: request, perform(request.command, from: .control))
        }
    }

    /// `get-state`: what is on screen, in the wall's coordinates (as the selection event).
    var state: JSONValue {
        let view = wall.view
        // From the layout, not the last frame's draw list: a request answered right after a
        // scroll or a folder change sees the wall as it now is.
        let visible: [JSONValue] = view.layout.indices(in: view.viewportRect).sorted().map { index in
            let path = wall.entries[index].path
            let frame = view.layout.frame(at: index)
            return .object([
                ("index", .int(index)), ("path", .string(path.string)), ("uri", .string(path.uri)),
                ("rect", .rect(frame)), ("column", .int(view.layout.column(at: index))),
                // Where it is in the window now: a script points at it, a test checks it stays put.
                ("screen", .rect(frame.offsetBy(dx: 0, dy: -view.contentOffset))),
            ])
        }
        return .object([
            ("count", .int(wall.entries.count)),
            ("columns", .int(view.layout.columnCount)),
            ("width", .double(view.viewportSize.width)),
            ("height", .double(view.viewportSize.height)),
            ("offset", .double(view.contentOffset)),
            ("contentHeight", .double(view.contentHeight)),
            ("mode", .string(mode.rawValue)),
            ("selected", (openIndex ?? wall.cursor).map { .int($0) } ?? .null),
            ("cursor", wall.cursor.map { .int($0) } ?? .null),
            ("moving", .bool(view.isAnimating)),
            ("visible", .array(visible)),
            ("overlay", overlayState),
        ] + screenState + slideshowState)
    }
}

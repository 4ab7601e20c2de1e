// The control socket's requests, answered on the frame loop (the only thread that may touch
// the screens) by the same `perform` that keys use, and what `get-state` tells of the screen.

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

    /// `get-state`: every screen's fields, bottom up (a screen above replaces a field of the
    /// same name: the photo's "mode"), then the session's own.
    var state: JSONValue {
        var fields: [(String, JSONValue)] = []
        for screen in stack.screens {
            for (name, value) in screen.stateFields {
                if let at = fields.firstIndex(where: { $0.0 == name }) { fields[at].1 = value } else { fields.append((name, value)) }
            }
        }
        return .object(fields + [("overlay", overlay.state(over: stack.top, keys: keys, scale: window.renderer.scale))] + screenState)
    }
}

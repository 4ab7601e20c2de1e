// The control socket's commands, answered on the frame loop (the only thread that may touch
// the wall). Each does exactly what the matching input does: `select` is a tap, `reload` is
// the r key.

import Control
import Foundation
import Photos
import Waterfall

extension ViewerSession {
    /// Answers every request waiting in the socket's mailbox.
    func answerControlRequests() {
        guard let control = daemon.control else { return }
        for request in control.takeRequests() {
            control.reply(to: request, perform(request.command))
        }
    }

    func perform(_ command: ControlCommand) -> Result<JSONValue, ControlError> {
        if command != .getState, command != .getStats {
            // A program driving the wall counts as someone using it: the attract drift stops.
            // (One only watching it does not.)
            idle.noteInput(now: ProcessClock.now())
            dirty = true
        }
        let count = wall.entries.count
        func check(_ index: Int) -> ControlError? {
            (0..<count).contains(index) ? nil
                : ControlError("no photo at index \(index) (the wall has \(count))")
        }
        switch command {
        case .getState:
            return .success(state)
        case .getStats:
            return .success(health)
        case let .scrollTo(.index(index), animated):
            if let error = check(index) { return .failure(error) }
            wall.view.scrollToCell(at: index, position: .top, animated: animated)
        case let .scrollTo(.offset(y), animated):
            guard y.isFinite else { return .failure(ControlError("offset must be a finite number")) }
            wall.view.scrollTo(offset: y, animated: animated)
        case .select(let index):
            if let error = check(index) { return .failure(error) }
            // A tap lands on the wall; with a photo open the wall is behind it, so it closes first.
            if detail != nil { closeDetail() }
            wall.view.selectCell(at: index)
        case .open(let index):
            if let error = check(index) { return .failure(error) }
            // The open photo's own list may predate folder changes: a fresh one is opened.
            if detail != nil { closeDetail() }
            openDetail(index)
        case .close:
            closeDetail()
        case .setColumns(let n):
            // The socket has checked already; the same table, the same words, for any other caller.
            if let n, !Limits.columns.contains(n) {
                return .failure(ControlError("set-columns needs \(Limits.columns.expectation); got \(n)"))
            }
            wall.view.setColumns(n.map { .fixed($0) } ?? .automatic)
        case .reload:
            if scan == nil { rescan() }
        case .quit:
            running = false
        case .screen(let request):
            performScreen(request)
        }
        return .success(.null)
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
            ("mode", .string(detail == nil ? "wall" : "detail")),
            ("selected", (openIndex ?? wall.cursor).map { .int($0) } ?? .null),
            ("cursor", wall.cursor.map { .int($0) } ?? .null),
            ("moving", .bool(view.isAnimating)),
            ("visible", .array(visible)),
            ("overlay", overlayState),
        ] + screenState)
    }
}

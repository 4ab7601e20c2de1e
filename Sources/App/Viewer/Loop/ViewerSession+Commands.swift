// The one place a Command is carried out, whichever way it came: a key (KeyBindings), a gesture,
// or the control socket. A key and a socket request naming the same command do the same thing.

import Control
import Screen
import Waterfall

/// Where a command came from; only what the person at the screen may do differs by it.
enum CommandOrigin: Sendable {
    case key, touch, control
}

extension ViewerSession {
    @discardableResult
    func perform(_ command: Command, from origin: CommandOrigin = .control) -> Result<JSONValue, ControlError> {
        if !command.isQuery {
            // A program driving the wall counts as someone using it: the attract drift stops.
            idle.noteInput(now: ProcessClock.now())
            dirty = true
        }
        let view = wall.view
        let count = wall.entries.count
        func check(_ index: Int) -> ControlError? {
            (0..<count).contains(index) ? nil
                : ControlError("no photo at index \(index) (the wall has \(count))")
        }
        switch command {
        case .getState: return .success(state)
        case .getStats: return .success(health)
        case let .scrollTo(.index(index), animated):
            if let error = check(index) { return .failure(error) }
            view.scrollToCell(at: index, position: .top, animated: animated)
        case let .scrollTo(.offset(y), animated):
            guard y.isFinite else { return .failure(ControlError("offset must be a finite number")) }
            view.scrollTo(offset: y, animated: animated)
        case .pageDown: view.scrollTo(offset: scrollTarget + view.viewportSize.height * 0.9, animated: true)
        case .pageUp: view.scrollTo(offset: scrollTarget - view.viewportSize.height * 0.9, animated: true)
        case .top: view.scrollTo(offset: 0, animated: true)
        case .bottom: view.scrollTo(offset: view.contentHeight, animated: true)
        case .moveCursor(let move): wall.moveCursor(move)
        case .select(let index):
            if let error = check(index) { return .failure(error) }
            // A tap lands on the wall; with a photo open the wall is behind it, so it closes first.
            if detail != nil { closeDetail() }
            view.selectCell(at: index)
        case .open(let index):
            if let error = check(index) { return .failure(error) }
            // The open photo's own list may predate folder changes: a fresh one is opened.
            if detail != nil { closeDetail() }
            openDetail(index)
        case .openAtCursor:
            // Return in the middle of a drag: the wall will not see the rest of it. (A tap that
            // opens a photo has already ended its gesture.)
            view.handle(.pointerCancelled(id: EventSource.mousePointer, time: 0))
            if let cursor = wall.cursor, wall.isOnScreen(cursor) {
                view.selectCell(at: cursor)
            } else if let first = view.layout.firstTile(in: view.viewportRect) {
                view.selectCell(at: first)
            }
        case .close: closeDetail()
        case .back: if slideshow != nil { stopSlideshow() } else if detail != nil { closeDetail() } else { wall.cursor = nil }
        case .setColumns(let n):
            // The socket has checked already; the same table, the same words, for any other caller.
            if let n, !Limits.columns.contains(n) {
                return .failure(ControlError("set-columns needs \(Limits.columns.expectation); got \(n)"))
            }
            view.setColumns(n.map { .fixed($0) } ?? .automatic)
        case .zoomIn: if let detail { detail.zoom(by: 1.25) } else { view.zoom(by: 1, holdingCell: wall.cursor) }
        case .zoomOut: if let detail { detail.zoom(by: 0.8) } else { view.zoom(by: -1, holdingCell: wall.cursor) }
        case .resetZoom: detail?.resetZoom()
        case .next: if let slideshow { slideshow.next() } else { detail?.next() }
        case .previous: if let slideshow { slideshow.back() } else { detail?.previous() }
        case .first: detail?.show(0)
        case .last: if let detail { detail.show(detail.entries.count - 1) }
        case .toggleHelp: toggleOverlay(.help)
        case .toggleInfo: toggleOverlay(.info)
        case .toggleStats: statsPanel.shown.toggle()
        case .toggleFullscreen: window.setFullscreen(!window.isFullscreen)
        case .reload: if !scanning { rescan() }
        case .quit:
            // A kiosk's keyboard may not end it unless allowed; its owner's socket may.
            if origin == .key, !options.quitKeys { log.debug("quit key ignored (kiosk)") } else { running = false }
        case .screen(let request): performScreen(request)
        case .slideshow(let request): return performSlideshow(request)
        }
        return .success(.null)
    }

    /// Where the wall is headed: the end of the glide under way, else where it is. Paging
    /// from there makes two presses (or a held key's repeats) go two pages, not one.
    private var scrollTarget: Double { wall.view.scroll.destination }
}

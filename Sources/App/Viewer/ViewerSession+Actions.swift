// What each key's action does (KeyBindings maps the keys to them): on the wall the cursor,
// paging and column zoom; on one photo stepping and zoom; in both the panels, full screen,
// reload and quit.

import Screen

extension ViewerSession {
    func perform(_ action: ViewerAction) {
        let view = wall.view
        switch action {
        case .quit:
            if options.quitKeys { running = false } else { log.debug("quit key ignored (kiosk)") }
        case .toggleFullscreen: window.setFullscreen(!window.isFullscreen)
        case .toggleStats: showStats.toggle()
        case .toggleHelp: toggleOverlay(.help)
        case .toggleInfo: toggleOverlay(.info)
        case .reload: if !scanning { rescan() }
        case .moveCursor(let move): wall.moveCursor(move)
        case .open:
            // Return in the middle of a drag: the wall will not see the rest of it. (A tap that
            // opens a photo has already ended its gesture.)
            view.handle(.pointerCancelled(id: EventSource.mousePointer, time: 0))
            if let cursor = wall.cursor, wall.isOnScreen(cursor) {
                view.selectCell(at: cursor)
            } else if let first = view.layout.firstTile(in: view.viewportRect) {
                view.selectCell(at: first)
            }
        case .back: if detail != nil { closeDetail() } else { wall.cursor = nil }
        case .pageDown: view.scrollTo(offset: scrollTarget + view.viewportSize.height * 0.9, animated: true)
        case .pageUp: view.scrollTo(offset: scrollTarget - view.viewportSize.height * 0.9, animated: true)
        case .top: view.scrollTo(offset: 0, animated: true)
        case .bottom: view.scrollTo(offset: view.contentHeight, animated: true)
        case .zoomIn: if let detail { detail.zoom(by: 1.25) } else { view.zoom(by: 1, holdingCell: wall.cursor) }
        case .zoomOut: if let detail { detail.zoom(by: 0.8) } else { view.zoom(by: -1, holdingCell: wall.cursor) }
        case .resetZoom: detail?.resetZoom()
        case .next: detail?.next()
        case .previous: detail?.previous()
        case .first: detail?.show(0)
        case .last: if let detail { detail.show(detail.entries.count - 1) }
        }
    }

    /// Where the wall is headed: the end of the glide under way, else where it is. Paging
    /// from there makes two presses (or a held key's repeats) go two pages, not one.
    private var scrollTarget: Double { wall.view.scroll.destination }
}

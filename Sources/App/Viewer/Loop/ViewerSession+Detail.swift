// Selection and the detail view: a tap, Return or the control socket's `select` fires the
// engine's did-select callback, which lands here, tells other programs and opens the photo.

import Photos

extension ViewerSession {
    /// A tap on a tile, Return on the cursor, or (later) the control socket's `select`.
    func select(_ index: Int) {
        let entries = wall.entries
        guard index >= 0, index < entries.count else { return }
        emit(.selected(index: index, path: entries[index].path, rect: wall.view.layout.frame(at: index),
                              offset: wall.view.drawnOffset))
        wall.cursor = index
        runOnSelect(index)
        openDetail(index)
    }

    func openDetail(_ index: Int) {
        showDetail(index)
        emit(.opened(index: index, path: wall.entries[index].path))
    }

    func showDetail(_ index: Int) {
        detail?.close()
        let screen = DetailScreen(drawer: drawer, entries: wall.entries, index: index, viewportSize: window.size,
                                  decodes: decodes, source: wall.source, tilePicture: wall.copyOfPicture, log: log,
                                  animation: DetailAnimation(decodes: animations, source: wall.source, renderer: drawer.renderer, log: log))
        screen.onCommand = { [unowned self] command in perform(command, from: .touch) }
        screen.onChange = { [unowned self, unowned screen] i in
            wall.cursor = openIndex ?? i
            window.setTitle("cascade — " + screen.entries[i].name)
        }
        detail = screen
        window.setTitle("cascade — " + wall.entries[index].name)
    }

    /// The open photo's index on the wall. The folder may have changed while it was open, so
    /// it is found by path rather than by the index the detail view started from.
    var openIndex: Int? {
        guard let detail else { return nil }
        let path = detail.entry.path
        if detail.index < wall.entries.count, wall.entries[detail.index].path == path { return detail.index }
        return wall.entries.firstIndex { $0.path == path }
    }

    func closeDetail() {
        guard let detail else { return }
        let index = openIndex ?? detail.index
        detail.close()
        self.detail = nil
        window.setTitle(title)
        if index < wall.entries.count {
            wall.cursor = index
            wall.view.scrollToCell(at: index, position: .visible)
        }
        emit(.closed(index: index))
    }
}

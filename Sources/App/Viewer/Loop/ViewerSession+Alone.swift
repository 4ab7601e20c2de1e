// `cascade photo.jpg` — the way a file manager's "Open with" starts an image viewer: the photo
// opens at once in the detail view, alone, while its folder is walked; when the folder's wall
// arrives the photo takes its place in it, without being decoded again or leaving the screen,
// and next/previous walk the folder in the wall's order. Esc then shows the folder's wall with
// that photo in view and the cursor on it.

import Photos

extension ViewerSession {
    /// Opens `entry` as the only photo, before the scan of its folder is in.
    func openAlone(_ entry: PhotoEntry) {
        alonePhoto = entry
        wall.show([entry])
        showDetail(0)
    }

    /// The folder's wall is on `wall` (from the photo index, or the walk when `final`): the
    /// photo named alone gets its place there — the `opened` event names it, the cursor is on
    /// it — and the open detail view takes the folder's list.
    ///
    /// The photo index may predate the photo; only the walk's answer is final. A photo the walk
    /// does not list (a hidden file: folders' hidden entries are skipped) stays alone, its wall
    /// the photo by itself and unwatched, as when several files are named.
    func placeAlonePhoto(final: Bool) {
        guard let entry = alonePhoto else { return }
        let path = entry.path
        let index: Int
        if let found = wall.entries.firstIndex(where: { $0.path == path }) {
            index = found
        } else {
            guard final else { return }
            // The entry read before the window opened: no header is read again on the frame loop.
            log.info("\(path) is not among the photos of its folder (hidden?): shown alone")
            daemon.live?.stop()
            daemon.live = nil
            wall.show([entry])
            index = 0
        }
        alonePhoto = nil
        wall.cursor = index
        if detail != nil {
            rehomeDetail(at: index)
            emit(.opened(index: index, path: path))
        } else {
            // Closed before the folder came: the wall it left shows the photo.
            wall.view.scrollToCell(at: index, position: .visible)
        }
    }

    /// The wall changed under the open photo (its folder arrived, a reload): the detail view
    /// takes the wall's list with the photo at `index`, keeping what it shows. While the photo's
    /// own decode is on its way that waits for it (`detailRehomePending`), so the first frame
    /// of the photo is never delayed by the folder.
    func rehomeDetail(at index: Int? = nil) {
        guard let detail, let index = index ?? openIndex else {
            detailRehomePending = false
            return
        }
        detailRehomePending = !detail.adopt(wall.entries, index: index)
    }
}

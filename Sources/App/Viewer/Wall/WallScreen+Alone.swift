// `cascade photo.jpg` — the way a file manager's "Open with" starts an image viewer: the photo
// opens at once in the detail view, alone, while its folder is walked; when the folder's wall
// arrives the photo takes its place in it, without being decoded again or leaving the screen,
// and next/previous walk the folder in the wall's order. Esc then shows the folder's wall with
// that photo in view and the cursor on it.

import Photos

extension WallScreen {
    /// Opens `entry` as the only photo, before the scan of its folder is in.
    func openAlone(_ entry: PhotoEntry) {
        alonePhoto = entry
        show([entry])
        openPhoto(0, announced: false)
    }

    /// The folder's wall is on the wall (from the photo index, or the walk when `final`): the
    /// photo named alone gets its place there — the `opened` event names it, the cursor is on
    /// it — and the open detail view takes the folder's list.
    ///
    /// The photo index may predate the photo; only the walk's answer is final. A photo the walk
    /// does not list (a hidden file: folders' hidden entries are skipped) stays alone, its wall
    /// the photo by itself; true then, and its folder is not to be watched.
    @discardableResult
    func placeAlonePhoto(final: Bool) -> Bool {
        guard let entry = alonePhoto else { return false }
        let path = entry.path
        let index: Int
        var shownAlone = false
        if let found = entries.firstIndex(where: { $0.path == path }) {
            index = found
        } else {
            guard final else { return false }
            // The entry read before the window opened: no header is read again on the frame loop.
            host?.parts.log.info("\(path) is not among the photos of its folder (hidden?): shown alone")
            show([entry])
            index = 0
            shownAlone = true
        }
        alonePhoto = nil
        cursor = index
        if let openedPhoto {
            openedPhoto.rehome(entries, at: index)
            host?.emit(.opened(index: index, path: path))
        } else {
            // Closed before the folder came: the wall it left shows the photo.
            view.scrollToCell(at: index, position: .visible)
        }
        return shownAlone
    }
}

// The session's side of remembering where each folder's wall was left (WallPlaces): the place put
// back once the scan has found its photos, recorded when the folder shown changes and at exit.

import Screen

extension ViewerSession {
    /// The remembered place of the folder shown, put back when it is due: once its photos are on
    /// the wall, or when the scan ends without them. Not over a photo open on the wall.
    ///
    /// Put back from the photo index's wall, it is put back again when the walk's differences
    /// have come in (unless someone has moved since): photos arriving above it reflow a masonry
    /// wall, and the engine then holds whichever tile is at the top of the screen, which in
    /// another column count need not be the photo remembered.
    func restorePlace(scanEnded: Bool) {
        guard let places, let place = places.pending else { return }
        defer { if scanEnded { places.pending = nil } }
        guard stack.isAtBottom, wall.alonePhoto == nil else { return }
        if wall.restore(place, scanEnded: scanEnded) { dirty = true }
    }

    /// Another folder is shown (a reload's): the one left is remembered where it was.
    func foldersChanged() {
        guard let places else { return }
        leavePlace()
        places.shows(WallPlaces.key(scanPaths), restoring: true)
    }

    /// The folder shown is left as it is now, and the file written.
    func leavePlace() {
        guard let places else { return }
        places.leave(at: wall.place(configured: options.style.columns))
        places.save()
    }
}

extension ScreenEvent {
    /// Someone moving the wall themselves: a remembered place not yet put back is given up
    /// rather than yank the wall from under them.
    var movesThePlace: Bool {
        switch self {
        case .key: true
        case .input(.pointerDown), .input(.wheel): true
        default: false
        }
    }
}

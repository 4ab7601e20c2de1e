// The photo as a screen on the stack: the commands it answers itself (stepping, zooming, going
// back), those it leaves to the wall beneath it (scrolling the wall behind the photo) and those
// it closes for (a tile selected, the slideshow started), and how it follows the wall's photos.

import Control
import Photos

extension DetailScreen {
    func perform(_ command: Command, from origin: CommandOrigin) -> CommandOutcome {
        switch command {
        case .close, .back: host?.dismiss(self)
        case .zoomIn: zoom(by: 1.25)
        case .zoomOut: zoom(by: 0.8)
        case .resetZoom: resetZoom()
        case .actualSize: toggleActualSize()
        case .next: next()
        case .previous: previous()
        case .first: show(0)
        case .last: show(entries.count - 1)
        case .toggleFilmstrip: toggleFilmstrip()
        // The wall is behind the photo: a tile chosen there, or the slideshow, replaces it.
        case .select, .open, .openAtCursor, .slideshow(.start): return .closeThenBeneath
        default: return .beneath
        }
        return .ok
    }

    func tick(at now: Double) -> Bool {
        let animated = host?.windowVisible ?? true ? advanceAnimation(to: now) : false
        let held = holdTouch(at: now)
        takeOriginals()
        return filmstripLingerEnded(at: now) || animated || held
    }

    func needsFrame(at now: Double) -> Bool { needsFrame }

    func nextDeadline(after now: Double) -> Double {
        // The zoom's percentage goes when its time is up.
        let zoomLabelGoes = zoomShownUntil > now ? zoomShownUntil : .infinity
        return host?.windowVisible ?? true ? min(nextAnimationChange, zoomLabelGoes, filmstripDeadline, longPressDue) : .infinity
    }

    func accept(frames finished: AnimationDecodes.Finished, now: Double) { animation?.accept(finished, now: now) }

    /// A dark screen means nobody is looking: the next visitor finds the wall, not the last photo.
    func screenPower(on: Bool, at now: Double) {
        if !on { host?.dismiss(self) }
    }

    /// A folder's live edits leave its list as it is. After a rescan or a re-sort the photo stays
    /// open if it is still there (found by path: its index may have moved), and closes if it is
    /// gone. One the viewer itself took away (trashed) gives way to its neighbour, the next one,
    /// or the one before at the end; the last photo closes.
    func photosChanged(_ entries: [PhotoEntry], by change: PhotosChange) {
        if change == .folder { return }
        if change == .viewer, !entries.contains(where: { $0.path == entry.path }) {
            let kept = Set(entries.map(\.path))
            let after = self.entries[(index + 1)...].firstIndex { kept.contains($0.path) }
            let before = self.entries[..<index].lastIndex { kept.contains($0.path) }
            guard let neighbour = after ?? before else {
                host?.dismiss(self)
                return
            }
            show(neighbour)
        }
        if let index = entries.firstIndex(where: { $0.path == entry.path }) {
            rehome(entries, at: index)
        } else {
            host?.dismiss(self)
        }
    }

    /// The wall changed under the photo (its folder arrived, a reload): it takes the wall's list
    /// with the photo at `index`, keeping what it shows. While the photo's own decode is on its
    /// way that waits for it (`pendingHome`), so its first frame is never delayed by the folder.
    func rehome(_ newEntries: [PhotoEntry], at index: Int) {
        pendingHome = adopt(newEntries, index: index) ? nil : (newEntries, index)
    }

    var rehomePending: Bool { pendingHome != nil }

    func dismissed() { onDismissed?() }

    /// `zoom`: the photo's size on screen against its pixels, 100 at 1:1 (null when unknown);
    /// `filmstrip`: whether the strip shows, and its thumbnails in view with their rects.
    var stateFields: [(String, JSONValue)] {
        [("mode", .string(mode.rawValue)), ("zoom", viewport.percent.map { .double(($0 * 10).rounded() / 10) } ?? .null),
         ("filmstrip", filmstripState)]
    }

    var infoSubject: (entry: PhotoEntry, note: String?)? { (entry, problem(at: index)) }
}

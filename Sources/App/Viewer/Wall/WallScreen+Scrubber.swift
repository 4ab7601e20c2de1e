// When the wall opens its date scrubber (Scrub/ScrubberScreen): it scrolls under someone's
// hand (wheel, drag, fling, keys, a program), the mouse comes to its right edge, or a press
// lands there. Not for the kiosk's idle drift, not for a relayout that keeps the same photos
// in view (a folder's edit, a resize), and not on a horizontal wall.

import Waterfall

extension WallScreen {
    /// The frame's layout found the wall at `offset`.
    func noteScrolled(to offset: Double) {
        guard offset != scrubSeenOffset else { return }
        scrubSeenOffset = offset
        if !movedByClock { showScrubber() }
    }

    /// The mouse came to the right edge (true) or left it.
    func edgeHovered(_ near: Bool) {
        if near { showScrubber()?.hovering = true } else { scrubber?.hovering = false }
    }

    /// Puts the scrubber over the wall if it is not there, or keeps it a while longer; nil when
    /// the wall has nowhere to scroll (or is not on a stack).
    @discardableResult
    func showScrubber() -> ScrubberScreen? {
        if let scrubber {
            scrubber.noteActivity()
            return scrubber
        }
        // The rail, its labels and the marks strip are laid down the right edge; a wall scrolling
        // sideways has no rail, and a press at its right edge is the wall's.
        guard let host, view.axis == .vertical, view.contentLength > view.viewportSize.height else { return nil }
        let made = ScrubberScreen(wall: self, clock: host.clock)
        scrubber = made
        host.push(made)
        return made
    }
}

// A finger held still on a screen that reads its own gestures (the slideshow, the photo view)
// becomes a long press after half a second, with no event to say so: the screen's clock must
// wake for it. Events carry a clock of their own; the last one tells how far it is from the
// scene's.

import Waterfall

struct HeldTouch {
    private var gestures = GestureRecognizer()
    /// The events' clock minus the scene's, as of the last event.
    private var lead = 0.0

    /// `event`, which came at the scene's `now`, through the recogniser.
    mutating func handle(_ event: InputEvent, now: Double?, emit: (Gesture) -> Void) {
        if let now { lead = event.time - now }
        gestures.handle(event, emit: emit)
    }

    /// When, on the scene's clock, the finger down becomes a long press; never when none is.
    var due: Double { gestures.longPressDeadline.map { $0 - lead } ?? .infinity }

    /// The scene's clock reached `now`: a finger held long enough is a long press. True when it was.
    mutating func tick(at now: Double, emit: (Gesture) -> Void) -> Bool {
        guard due <= now else { return false }
        gestures.advance(to: now + lead, emit: emit)
        return true
    }
}

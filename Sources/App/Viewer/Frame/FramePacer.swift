// When the frame loop starts a frame, and when a moving frame goes to the screen.
//
// A vsync'd present holds every frame to the next refresh and returns just after it, so the
// next frame has a whole refresh for its work, and a frame that took 14 ms after one that took
// 4 ms still reaches the screen one refresh after it. SDL's software renderer on X11 presents
// without waiting (and a GPU driver may have vsync off): each frame is shown as soon as it is
// drawn, the gaps between presents follow the work of each frame, and that 14 ms frame lands
// 26 ms after the 4 ms one — a visible hitch from a frame that fitted in its refresh. A
// glide's landing frames vary like that on two cores shared with the decoders. Where the
// present does not wait, the pacer keeps the vsync rhythm by the clock instead: a moving frame
// starts as soon as the previous one is presented and is presented one refresh after it (at
// once if it is later than that). It costs what vsync costs: a frame shows up to a refresh
// after its work began.

struct FramePacer {
    let refreshInterval: Double
    /// Presenting does not wait for the refresh, so the pacer holds moving frames itself.
    let holdsPresents: Bool
    /// When the previous moving frame started presenting; nil at rest, so the first frame of a
    /// motion (a click, a key press) goes at once.
    private var lastPresent: Double?
    private var lastStart = -Double.infinity

    init(refreshInterval: Double, holdsPresents: Bool) {
        self.refreshInterval = refreshInterval
        self.holdsPresents = holdsPresents
    }

    /// The earliest time the next frame may start. Frames are a refresh apart at most, or a
    /// stream of input would spin a core; a moving frame whose present will be held starts at
    /// once, with the whole refresh for its work.
    func startTime(moving: Bool) -> Double {
        if holdsPresents, moving, lastPresent != nil { return -.infinity }
        return lastStart + refreshInterval * 0.95
    }

    mutating func starting(at time: Double) {
        lastStart = time
    }

    /// When a frame drawn now may be presented: nil for at once.
    func presentTime(moving: Bool) -> Double? {
        guard holdsPresents, moving, let lastPresent else { return nil }
        return lastPresent + refreshInterval
    }

    /// A frame started presenting at `time`.
    mutating func presenting(at time: Double, moving: Bool) {
        lastPresent = moving ? time : nil
    }
}

// When a slideshow moves on, and how far a crossfade has got — from the clock, never by counting
// frames, so a fade takes its set time on a screen that draws 10 frames a second as on one that
// draws 60 (the complaint about fades on a slow Pi). A slide's time starts when it is shown, which
// is when its pixels are in: a slow decode delays the change, it never shortens the next slide.


public struct SlideshowTiming: Sendable, Equatable {
    /// Seconds each slide stays, its transition included.
    public var interval: Double
    /// Seconds of the crossfade into a slide; 0 = a cut.
    public var transition: Double
    /// When the slide on screen began to show; nil before the first.
    public private(set) var shownAt: Double?
    /// When a pause began; nil while running.
    public private(set) var pausedAt: Double?

    public init(interval: Double, transition: Double) {
        self.interval = max(interval, 0.1)
        self.transition = min(max(transition, 0), self.interval / 2)
    }

    public var isPaused: Bool { pausedAt != nil }

    /// A slide began to show at `now` (a step, by the clock or by hand).
    public mutating func shown(at now: Double) {
        shownAt = now
        if pausedAt != nil { pausedAt = now }
    }

    public mutating func pause(at now: Double) {
        if pausedAt == nil { pausedAt = now }
    }

    /// Goes on with the time the slide had left when paused.
    public mutating func resume(at now: Double) {
        guard let pausedAt else { return }
        if let shownAt { self.shownAt = shownAt + (now - pausedAt) }
        self.pausedAt = nil
    }

    /// When the next slide is due; infinity while paused or before the first.
    public var nextDue: Double {
        guard let shownAt, pausedAt == nil else { return .infinity }
        return shownAt + interval
    }

    public func isDue(at now: Double) -> Bool { now >= nextDue }

    /// How far the slide on screen has faded in over the one before, 0…1.
    public func fade(at now: Double) -> Double {
        guard let shownAt, transition > 0 else { return 1 }
        return min(max((now - shownAt) / transition, 0), 1)
    }

    /// When the fade into the slide on screen ends.
    public var fadeEnd: Double { (shownAt ?? .infinity) + transition }

    /// Whether frames are needed for a fade in progress (while paused a fade still finishes).
    public func isFading(at now: Double) -> Bool { fade(at: now) < 1 }

    /// Ken Burns: how far along its slow move the slide is, 0…1, over the whole interval.
    public func travel(at now: Double) -> Double {
        guard let shownAt else { return 0 }
        let end = pausedAt ?? now
        return min(max((end - shownAt) / interval, 0), 1)
    }
}

/// A kiosk's attract mode: when nobody has touched the wall for a while it drifts along at a
/// slow, steady speed so passers-by see it is alive — down a wall in columns, sideways along a
/// ticker's rows, since all it sees is the offset along the wall's axis. At the end it rests,
/// glides back to the start (the scroll model's spring, so the return is smooth rather than a
/// cut), rests again and starts over. A wall that fits on one screen never moves: nothing to
/// show, no frames spent.

import Waterfall

public struct AttractScroll: Sendable {
    public enum Step: Equatable, Sendable {
        /// Set the offset to this (no animation: the drift itself is the animation).
        case drift(to: Double)
        /// Start the glide back to the start of the wall.
        case glideToStart
        /// Nothing to do until `until` (a rest) — no frame is needed before then.
        case rest(until: Double)
    }

    /// Logical pixels per second.
    public var speed: Double
    /// Seconds spent at the end and at the start before moving on.
    public var pause: Double

    private enum Phase: Equatable, Sendable {
        case drifting(last: Double?)
        case resting(until: Double, thenReturn: Bool)
        case returning
    }
    private var phase = Phase.drifting(last: nil)

    public init(speed: Double, pause: Double = 3) {
        self.speed = speed
        self.pause = pause
    }

    /// Begins again (input stopped it; it resumes from wherever the wall is).
    public mutating func restart() { phase = .drifting(last: nil) }

    /// What to do at `now`. `gliding`: the return glide is still under way.
    public mutating func step(offset: Double, maxOffset: Double, now: Double, gliding: Bool) -> Step {
        guard maxOffset > 0.5 else { phase = .drifting(last: nil); return .rest(until: .infinity) }
        switch phase {
        case .drifting(let last):
            // The first frame after a pause moves nothing: a long gap between frames (the loop
            // slept) must not become a jump.
            let dt = last.map { min(max(0, now - $0), 0.1) } ?? 0
            let next = min(offset + speed * dt, maxOffset)
            if next >= maxOffset - 0.5 {
                phase = .resting(until: now + pause, thenReturn: true)
                return .drift(to: maxOffset)
            }
            phase = .drifting(last: now)
            return .drift(to: next)
        case let .resting(until, thenReturn):
            if now < until { return .rest(until: until) }
            if thenReturn {
                phase = .returning
                return .glideToStart
            }
            phase = .drifting(last: nil)
            return step(offset: offset, maxOffset: maxOffset, now: now, gliding: gliding)
        case .returning:
            if gliding && offset > 0.5 { return .rest(until: now) }
            phase = .resting(until: now + pause, thenReturn: false)
            return .rest(until: now + pause)
        }
    }
}

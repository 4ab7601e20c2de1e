// The time the screens, the idle logic, the screen's schedule and the slideshow go by. It is
// passed in rather than read from a global so tests move it by hand instead of sleeping; the
// loop's own pacing and the cost of a frame are measured on the process's clock, which a
// test's made-up time must never distort.

import Foundation

@MainActor
protocol SceneClock: AnyObject {
    /// Monotonic seconds: animations, fades, timeouts.
    var now: Double { get }
    /// The calendar's date: the screen's schedule, the slideshow caption's clock.
    var date: Date { get }
}

/// The process's clocks, for the running viewer.
@MainActor
final class SystemClock: SceneClock {
    var now: Double { ProcessClock.now() }
    var date: Date { Date() }
}

/// A clock that moves only when told, for tests (and for anything replaying a recorded run).
@MainActor
final class ManualClock: SceneClock {
    var now: Double
    var date: Date

    init(now: Double = 1000, date: Date = Date(timeIntervalSince1970: 1_800_000_000)) {
        self.now = now
        self.date = date
    }

    /// Moves both readings on together, as time does.
    func advance(by seconds: Double) {
        now += seconds
        date += seconds
    }
}

// The time the screens, the idle logic, the screen's schedule and the slideshow go by. It is
// passed in rather than read from a global so tests move it by hand instead of sleeping; the
// loop's own pacing and the cost of a frame are measured on the process's clock, which a
// test's made-up time must never distort. So are the daemon's duties to the world outside
// (systemd's watchdog, the pause between reloads): they keep real time whatever the scene's does.

import Foundation

@MainActor
protocol SceneClock: AnyObject {
    /// Monotonic seconds: animations, fades, timeouts.
    var now: Double { get }
    /// The calendar's date: the screen's schedule, the slideshow caption's clock.
    var date: Date { get }
    /// Scene seconds per real second: the loop divides a wait for the scene by it.
    var rate: Double { get }
}

/// The process's clocks, for the running viewer. A `rate` above 1 runs the scene's time (and
/// its calendar) that many times faster than the world's, from the moment the clock is made:
/// a soak lives a photo frame's day — its slides, its schedule's spells — in an hour
/// (`CASCADE_CLOCK_RATE`, for tests only).
@MainActor
final class SystemClock: SceneClock {
    let rate: Double
    private let startedAt: Double
    private let startDate: Date

    init(rate: Double = 1) {
        self.rate = rate
        startedAt = ProcessClock.now()
        startDate = Date()
    }

    var now: Double { rate == 1 ? ProcessClock.now() : startedAt + (ProcessClock.now() - startedAt) * rate }
    var date: Date { rate == 1 ? Date() : startDate + (ProcessClock.now() - startedAt) * rate }

    /// The rate `CASCADE_CLOCK_RATE` asks for, 1 without it; a failure saying why when it is no
    /// number from 1 to 1000 — a soak's typo must not run the frame at another speed.
    nonisolated static func rate(from environment: [String: String]) -> Result<Double, ClockRateError> {
        guard let text = environment["CASCADE_CLOCK_RATE"] else { return .success(1) }
        guard let rate = Double(text), rate.isFinite, (1...1000).contains(rate) else {
            return .failure(ClockRateError(text: text))
        }
        return .success(rate)
    }
}

struct ClockRateError: Error, CustomStringConvertible {
    let text: String
    var description: String { "CASCADE_CLOCK_RATE=\(text): not a number from 1 to 1000 (scene seconds per real second, for soak tests)" }
}

/// A clock that moves only when told, for tests (and for anything replaying a recorded run).
@MainActor
final class ManualClock: SceneClock {
    var now: Double
    var date: Date
    let rate: Double = 1

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

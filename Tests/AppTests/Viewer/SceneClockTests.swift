import Foundation
import Testing
@testable import App

/// The scene's clock for a soak that lives a photo frame's day in an hour: the scene's time and
/// its calendar run together at the rate asked, and only a sensible rate is taken.
@Suite("the scene's clock at a rate")
@MainActor
struct SceneClockTests {
    @Test("at 24×, a tenth of a real second is at least 2.4 scene seconds, on the monotonic clock and the calendar alike")
    func runsFasterTogether() {
        let clock = SystemClock(rate: 24)
        let (now, date) = (clock.now, clock.date)
        Thread.sleep(forTimeInterval: 0.1)
        let moved = clock.now - now, dated = clock.date.timeIntervalSince(date)
        #expect(moved >= 2.4, "moved \(moved) s")
        #expect(abs(dated - moved) < 0.05, "the calendar moved \(dated) s, the clock \(moved) s")
    }

    @Test("at 1×, the process's clock and the calendar as they are")
    func realTime() {
        let clock = SystemClock()
        #expect(abs(clock.now - ProcessClock.now()) < 0.01)
        #expect(abs(clock.date.timeIntervalSinceNow) < 0.01)
    }

    @Test("CASCADE_CLOCK_RATE: unset is 1, a number from 1 to 1000 is taken, anything else refused by its text",
          arguments: [(nil, 1.0), ("24", 24.0), ("1000", 1000.0), ("2.5", 2.5)] as [(String?, Double?)]
            + [("0", nil), ("0.5", nil), ("1001", nil), ("nan", nil), ("inf", nil), ("24x", nil), ("", nil)])
    func rateFromTheEnvironment(text: String?, expected: Double?) {
        let result = SystemClock.rate(from: text.map { ["CASCADE_CLOCK_RATE": $0] } ?? [:])
        switch (result, expected) {
        case (.success(let rate), let expected?):
            #expect(rate == expected)
        case (.failure(let error), nil):
            #expect(error.description.hasPrefix("CASCADE_CLOCK_RATE=\(text ?? ""):"))
        default:
            Issue.record("\(text ?? "unset") gave \(result)")
        }
    }
}

import Foundation
import Testing
import Waterfall
@testable import App

/// The screen schedule on real dates, through Europe/Berlin's daylight-saving change days:
/// 07:00 is 07:00 on the wall clock, whatever the UTC offset that day.
@Suite struct ScheduleClockTests {
    let berlin = TimeZone(identifier: "Europe/Berlin")!

    func utc(_ text: String) -> Date { try! Date(text, strategy: .iso8601) }

    func clock(_ schedule: String) -> ScheduleClock {
        ScheduleClock(schedule: try! ScreenSchedule(parsing: schedule), timeZone: berlin)
    }

    @Test func theWeekendAcrossTheSpringChangeEndsAtSevenOnTheWallClock() {
        let weekdays = clock("Mon-Fri 07:00-22:00")
        // Friday 27 March 2026, 23:00 CET; the clocks go forward on Sunday the 29th.
        let friday = utc("2026-03-27T22:00:00Z")
        #expect(!weekdays.isOn(at: friday))
        #expect(weekdays.nextChange(after: friday) == utc("2026-03-30T05:00:00Z"), "Monday 07:00 CEST is 05:00 UTC, not 06:00")
        #expect(weekdays.isOn(at: utc("2026-03-30T05:00:00Z")))
        #expect(!weekdays.isOn(at: utc("2026-03-30T04:59:59Z")))
    }

    @Test func aTimeTheSpringChangeSkipsChangesWhenTheClockJumpsPastIt() {
        let night = clock("Sun 02:30-10:00")
        // Sunday 29 March 2026, 01:00 CET: 02:30 never shows; at 02:00 CET the clock reads 03:00 CEST.
        let before = utc("2026-03-29T00:00:00Z")
        #expect(night.nextChange(after: before) == utc("2026-03-29T01:00:00Z"))
        #expect(night.isOn(at: utc("2026-03-29T01:00:00Z")))
    }

    @Test func aTimeTheAutumnChangeRepeatsChangesAtItsFirstShowing() {
        let night = clock("Sun 02:30-10:00")
        // Sunday 25 October 2026, 01:00 CEST; 02:30 shows twice, first at 00:30 UTC.
        let before = utc("2026-10-24T23:00:00Z")
        #expect(night.nextChange(after: before) == utc("2026-10-25T00:30:00Z"))
        #expect(night.isOn(at: utc("2026-10-25T00:30:00Z")))
        // And the range ends at 10:00 CET, 09:00 UTC, on the 25-hour day.
        #expect(night.nextChange(after: utc("2026-10-25T00:30:00Z")) == utc("2026-10-25T09:00:00Z"))
    }

    @Test func aRangeAcrossMidnightEndsOnTheNextDate() {
        let friday = clock("Fri 18:00-02:00")
        // Friday 3 July 2026, 20:00 CEST.
        let evening = utc("2026-07-03T18:00:00Z")
        #expect(friday.isOn(at: evening))
        #expect(friday.nextChange(after: evening) == utc("2026-07-04T00:00:00Z"), "Saturday 02:00 CEST")
    }
}

// The screen schedule against the real calendar: a moment becomes the wall-clock weekday and
// time a person in this time zone reads, and the schedule's next wall-clock change becomes a
// moment again. Daylight saving lives here only: an hour that is skipped (spring) changes at
// the first moment the clock shows a later time, one that repeats (autumn) at its first
// occurrence. The time zone is injected so tests can live through Europe/Berlin's change days.

import Foundation
import Waterfall
import Kiosk

struct ScheduleClock: Sendable {
    let schedule: ScreenSchedule
    private let calendar: Calendar

    init(schedule: ScreenSchedule, timeZone: TimeZone = .current) {
        self.schedule = schedule
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        self.calendar = calendar
    }

    func wallClock(at date: Date) -> WallClock {
        let fields = calendar.dateComponents([.weekday, .hour, .minute, .second], from: date)
        return WallClock(weekday: Weekday(gregorian: fields.weekday ?? 2) ?? .monday,
                         hour: fields.hour ?? 0, minute: fields.minute ?? 0, second: fields.second ?? 0)
    }

    func isOn(at date: Date) -> Bool { schedule.isOn(at: wallClock(at: date)) }

    /// The moment the schedule next turns the screen on or off; nil when it never does.
    func nextChange(after date: Date) -> Date? {
        guard let change = schedule.nextChange(after: wallClock(at: date)) else { return nil }
        // Whole local dates, not 24-hour steps: a day with a daylight-saving change is 23 or 25 h.
        guard let day = calendar.date(byAdding: .day, value: change.daysAhead, to: calendar.startOfDay(for: date)) else { return nil }
        return calendar.date(bySettingHour: change.hour, minute: change.minute, second: 0, of: day,
                             matchingPolicy: .nextTime, repeatedTimePolicy: .first, direction: .forward)
    }
}

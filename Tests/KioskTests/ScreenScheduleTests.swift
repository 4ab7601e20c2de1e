import Testing
@testable import Waterfall
@testable import Kiosk

/// The kiosk's screen schedule read as its owner wrote it, and the answers the frame loop asks
/// of it: lit now? when next changing?
@Suite struct ScreenScheduleTests {
    let weekdaysAndWeekend = "Mon-Fri 07:00-22:00, Sat-Sun 09:00-23:00"

    @Test func weekdaysAndTheWeekendHaveTheirOwnHours() throws {
        let schedule = try ScreenSchedule(parsing: weekdaysAndWeekend)
        #expect(!schedule.isOn(at: WallClock(weekday: .monday, hour: 6, minute: 59, second: 59)))
        #expect(schedule.isOn(at: WallClock(weekday: .monday, hour: 7, minute: 0)))
        #expect(schedule.isOn(at: WallClock(weekday: .friday, hour: 21, minute: 59, second: 59)))
        #expect(!schedule.isOn(at: WallClock(weekday: .friday, hour: 22, minute: 0)), "the end is exclusive")
        #expect(!schedule.isOn(at: WallClock(weekday: .saturday, hour: 8, minute: 0)), "a Saturday morning sleeps in")
        #expect(schedule.isOn(at: WallClock(weekday: .sunday, hour: 22, minute: 30)))
    }

    @Test func theNextChangeIsAWallClockTimeOnALaterDate() throws {
        let schedule = try ScreenSchedule(parsing: weekdaysAndWeekend)
        #expect(schedule.nextChange(after: WallClock(weekday: .monday, hour: 12, minute: 0))
            == .init(daysAhead: 0, hour: 22, minute: 0, on: false))
        #expect(schedule.nextChange(after: WallClock(weekday: .monday, hour: 23, minute: 0))
            == .init(daysAhead: 1, hour: 7, minute: 0, on: true))
        // Friday night: off until Saturday 09:00.
        #expect(schedule.nextChange(after: WallClock(weekday: .friday, hour: 22, minute: 0))
            == .init(daysAhead: 1, hour: 9, minute: 0, on: true))
        // Sunday night: across the end of the week to Monday 07:00.
        #expect(schedule.nextChange(after: WallClock(weekday: .sunday, hour: 23, minute: 30))
            == .init(daysAhead: 1, hour: 7, minute: 0, on: true))
    }

    @Test func aRangeThatEndsBeforeItStartsCrossesMidnight() throws {
        let schedule = try ScreenSchedule(parsing: "Fri 18:00-02:00")
        #expect(schedule.isOn(at: WallClock(weekday: .friday, hour: 23, minute: 59)))
        #expect(schedule.isOn(at: WallClock(weekday: .saturday, hour: 1, minute: 59)), "Friday's night goes on into Saturday")
        #expect(!schedule.isOn(at: WallClock(weekday: .saturday, hour: 2, minute: 0)))
        #expect(!schedule.isOn(at: WallClock(weekday: .friday, hour: 1, minute: 0)), "Thursday night is not Friday's")
        #expect(schedule.nextChange(after: WallClock(weekday: .friday, hour: 20, minute: 0))
            == .init(daysAhead: 1, hour: 2, minute: 0, on: false))
        let sunday = try ScreenSchedule(parsing: "Sun 22:00-01:00")
        #expect(sunday.isOn(at: WallClock(weekday: .monday, hour: 0, minute: 30)), "Sunday's night wraps into Monday")
    }

    @Test func dayRangesWrapAndFullNamesAndDailyAreUnderstood() throws {
        let weekend = try ScreenSchedule(parsing: "fri-MON 10:00-12:00")
        #expect(weekend.isOn(at: WallClock(weekday: .sunday, hour: 11, minute: 0)))
        #expect(weekend.isOn(at: WallClock(weekday: .monday, hour: 11, minute: 0)))
        #expect(!weekend.isOn(at: WallClock(weekday: .tuesday, hour: 11, minute: 0)))
        let daily = try ScreenSchedule(parsing: "daily 08:00-20:00")
        #expect(Weekday.allCases.allSatisfy { daily.isOn(at: WallClock(weekday: $0, hour: 8, minute: 0)) })
        let saturday = try ScreenSchedule(parsing: "Saturday 0:00-24:00")
        #expect(saturday.isOn(at: WallClock(weekday: .saturday, hour: 23, minute: 59, second: 59)))
        #expect(!saturday.isOn(at: WallClock(weekday: .sunday, hour: 0, minute: 0)))
    }

    @Test func aScheduleOnAllWeekNeverChanges() throws {
        let always = try ScreenSchedule(parsing: "Mon-Sun 00:00-24:00")
        #expect(always.isOn(at: WallClock(weekday: .wednesday, hour: 3, minute: 0)))
        #expect(always.nextChange(after: WallClock(weekday: .wednesday, hour: 3, minute: 0)) == nil)
    }

    @Test func overlappingEntriesJoin() throws {
        let schedule = try ScreenSchedule(parsing: "Mon 08:00-12:00, Mon 11:00-14:00")
        #expect(schedule.nextChange(after: WallClock(weekday: .monday, hour: 9, minute: 0))
            == .init(daysAhead: 0, hour: 14, minute: 0, on: false))
    }

    @Test(arguments: [
        ("", "is empty"),
        ("Mon-Fry 07:00-22:00", "unknown day 'Fry'"),
        ("Mon-Fri 07:00-22:00, Sat 25:00-23:00", "'25:00' is not a time"),
        ("Mon 07:00", "'07:00' is not a time range"),
        ("Mon-Fri 7-22", "'7' is not a time"),
        ("Mon 07:00-07:00", "starts and ends at the same time"),
        ("Mon 07:60-08:00", "'07:60' is not a time"),
        ("07:00-22:00", "should be days then hours"),
        ("Mon-Fri 07:00-22:00,", "empty entry"),
        ("Mon-Tue-Wed 07:00-08:00", "not a day or a range"),
        ("Mon 24:00-02:00", "'24:00' is not a time from 00:00 to 23:59"),
    ])
    func aBadScheduleNamesTheBadPart(text: String, expected: String) {
        #expect {
            _ = try ScreenSchedule(parsing: text)
        } throws: { error in
            "\(error)".contains(expected)
        }
    }

    @Test func theErrorQuotesTheEntryAtFault() {
        do {
            _ = try ScreenSchedule(parsing: "Mon-Fri 07:00-22:00, Sat-Sun 09:00-23:61")
            Issue.record("accepted a minute 61")
        } catch {
            #expect(error.part == "Sat-Sun 09:00-23:61")
            #expect(error.description == "screen schedule 'Sat-Sun 09:00-23:61': '23:61' is not a time from 00:00 to 24:00")
        }
    }

    @Test func aNulInTheTextIsQuotedEscapedNotCut() {
        do {
            _ = try ScreenSchedule(parsing: "Mon\0day 07:00-22:00")
            Issue.record("accepted a day with a NUL in it")
        } catch {
            // A NUL ends the message wherever it meets C (a terminal, the journal): shown escaped,
            // everything after it is still read.
            #expect(!error.description.utf8.contains(0))
            #expect(error.description == #"screen schedule 'Mon\0day 07:00-22:00': unknown day 'Mon\0day' (days are Mon, Tue, Wed, Thu, Fri, Sat, Sun, or 'daily')"#)
        }
    }

    @Test func foundationWeekdayNumbersStartOnSunday() {
        #expect(Weekday(gregorian: 1) == .sunday)
        #expect(Weekday(gregorian: 2) == .monday)
        #expect(Weekday(gregorian: 7) == .saturday)
        #expect(Weekday(gregorian: 0) == nil)
    }
}

/// When the screen is lit: schedule, idle timeout, commands and touches together.
@Suite struct ScreenPowerTests {
    @Test func theIdleTimeoutTurnsItOffAndATouchWakesIt() {
        var power = ScreenPower(idleAfter: 60, now: 0)
        var changed = power.update(now: 59, scheduleOn: nil)
        #expect(!changed)
        #expect(power.isOn && power.reason == .auto)
        #expect(power.nextIdleDeadline == 60, "the loop sleeps exactly until it is due")
        changed = power.update(now: 60, scheduleOn: nil)
        #expect(changed)
        #expect(!power.isOn && power.reason == .idle)
        #expect(power.nextIdleDeadline == .infinity, "off, nothing is due but input")
        power.noteInput(now: 100)
        changed = power.update(now: 100, scheduleOn: nil)
        #expect(changed)
        #expect(power.isOn)
        #expect(power.nextIdleDeadline == 160)
    }

    @Test func outsideTheScheduleItIsOffAndTheScheduleComingOnStartsTheIdleTimeAfresh() {
        var power = ScreenPower(idleAfter: 600, now: 0)
        power.update(now: 0, scheduleOn: false)
        #expect(!power.isOn && power.reason == .schedule)
        // Hours of darkness, then the schedule opens: on, and not idle at once.
        var changed = power.update(now: 30_000, scheduleOn: true)
        #expect(changed)
        #expect(power.isOn && power.reason == .schedule)
        changed = power.update(now: 30_599, scheduleOn: true)
        #expect(!changed)
        changed = power.update(now: 30_600, scheduleOn: true)
        #expect(changed)
        #expect(power.reason == .idle)
    }

    @Test func aTouchOutsideTheScheduleWakesItForTheIdleTime() {
        var power = ScreenPower(idleAfter: 120, now: 0)
        power.update(now: 0, scheduleOn: false)
        power.noteInput(now: 10)
        var changed = power.update(now: 10, scheduleOn: false)
        #expect(changed)
        #expect(power.isOn && power.reason == .input)
        #expect(power.nextIdleDeadline == 130)
        changed = power.update(now: 130, scheduleOn: false)
        #expect(changed)
        #expect(!power.isOn && power.reason == .schedule)

        var noIdle = ScreenPower(idleAfter: nil, now: 0)
        noIdle.update(now: 0, scheduleOn: false)
        noIdle.noteInput(now: 10)
        noIdle.update(now: 10, scheduleOn: false)
        #expect(noIdle.isOn)
        #expect(noIdle.nextIdleDeadline == 10 + noIdle.wakeFor, "without an idle timeout a touch still does not light it for ever")
    }

    @Test func commandsHoldUntilAutoOrTheNextScheduleChange() {
        var power = ScreenPower(idleAfter: 60, now: 0)
        power.update(now: 0, scheduleOn: true)
        power.command(.off, now: 5)
        var changed = power.update(now: 5, scheduleOn: true)
        #expect(changed)
        #expect(!power.isOn && power.reason == .command)
        power.command(.on, now: 6)
        power.update(now: 6, scheduleOn: true)
        #expect(power.isOn && power.reason == .command)
        changed = power.update(now: 1000, scheduleOn: true)
        #expect(!changed, "a held on ignores the idle timeout")
        #expect(power.nextIdleDeadline == .infinity)
        // The schedule closes: the hold ends with it.
        changed = power.update(now: 2000, scheduleOn: false)
        #expect(changed)
        #expect(!power.isOn && power.reason == .schedule)
        power.command(.on, now: 2001)
        power.update(now: 2001, scheduleOn: false)
        #expect(power.isOn)
        power.command(.auto, now: 2002)
        power.update(now: 2002, scheduleOn: false)
        #expect(!power.isOn && power.reason == .schedule, "auto hands it back to the schedule")
    }

    @Test func inputEndsAHeldOff() {
        var power = ScreenPower(idleAfter: nil, now: 0)
        power.command(.off, now: 1)
        power.update(now: 1, scheduleOn: nil)
        #expect(!power.isOn)
        power.noteInput(now: 2)
        let changed = power.update(now: 2, scheduleOn: nil)
        #expect(changed)
        #expect(power.isOn && power.reason == .auto)
    }
}

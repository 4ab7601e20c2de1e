// The frame loop's side of the screen's power: reads the schedule against the clock now and
// then (never per frame), keeps the ScreenPower rules, and decides which input only wakes the
// screen. The touch that wakes it must not also select the tile under the finger, so that
// finger's whole gesture is swallowed, up to its lift; a key that wakes it does nothing else,
// nor do its repeats while held.

import Foundation
import Screen
import Waterfall
import Kiosk

@MainActor
final class ScreenController {
    private(set) var power: ScreenPower
    private(set) var clock: ScheduleClock?
    /// Monotonic time of the next look at the schedule.
    private var nextScheduleCheck = -Double.infinity
    private var scheduleOn: Bool?
    /// Pointers whose gesture woke the screen.
    private var swallowing: Set<Int> = []
    private var swallowingKeyRepeats = false
    /// The screen did not power down (no DPMS) and the log said so: once is enough.
    var blackScreenLogged = false
    /// Off, shown as a black window rather than powered down.
    var drawnBlack = false

    /// The schedule is looked at again at least this often, so a clock set by NTP or a resume
    /// from suspend is noticed within a minute.
    static let longestScheduleWait: Double = 60

    init(schedule: ScreenSchedule?, offAfter: Double?, now: Double, timeZone: TimeZone = .current) {
        power = ScreenPower(idleAfter: offAfter, now: now)
        clock = schedule.map { ScheduleClock(schedule: $0, timeZone: timeZone) }
    }

    var isOn: Bool { power.isOn }

    func configure(schedule: ScreenSchedule?, offAfter: Double?) {
        power.idleAfter = offAfter
        if schedule != clock?.schedule {
            clock = schedule.map { ScheduleClock(schedule: $0) }
            nextScheduleCheck = -.infinity
        }
    }

    /// Brings the state up to `now` (monotonic) and `date` (the wall clock); true when the
    /// screen turned on or off.
    func update(now: Double, date: Date) -> Bool {
        if let clock, now >= nextScheduleCheck {
            scheduleOn = clock.isOn(at: date)
            let untilChange = clock.nextChange(after: date).map { $0.timeIntervalSince(date) } ?? .infinity
            nextScheduleCheck = now + min(Self.longestScheduleWait, max(0.05, untilChange))
        } else if clock == nil {
            scheduleOn = nil
        }
        return power.update(now: now, scheduleOn: scheduleOn)
    }

    func command(_ command: ScreenPower.Command, now: Double) {
        power.command(command, now: now)
    }

    /// Someone came into the room (a presence sensor): as a touch would, with nothing to swallow.
    func notePresence(now: Double) {
        power.noteInput(now: now)
    }

    /// When the loop must wake for the screen even if no event comes.
    var deadline: Double {
        min(clock == nil ? .infinity : nextScheduleCheck, power.nextIdleDeadline)
    }

    /// Input arrived. Whether the wall may act on it: false for input that only woke the screen,
    /// and for the rest of the gesture (or key repeats) that woke it.
    func admits(_ event: ScreenEvent, now: Double) -> Bool {
        let wasOff = !power.isOn
        power.noteInput(now: now)
        switch event {
        case .input(let input):
            let pointer: Int?, ends: Bool
            switch input {
            case let .pointerDown(id, _, _), let .pointerMoved(id, _, _): pointer = id; ends = false
            case let .pointerUp(id, _, _), let .pointerCancelled(id, _): pointer = id; ends = true
            default: pointer = nil; ends = false
            }
            if wasOff {
                if let pointer, !ends, case .pointerDown = input { swallowing.insert(pointer) }
                return false
            }
            guard let pointer, !swallowing.isEmpty else { return true }
            if swallowing.contains(pointer) {
                if ends { swallowing.remove(pointer) }
                return false
            }
            // A second finger landing while the waking one is still down is part of the same touch.
            if case .pointerDown = input { swallowing.insert(pointer); return false }
            return true
        case .key(let press):
            if wasOff { swallowingKeyRepeats = true; return false }
            if press.isRepeat, swallowingKeyRepeats { return false }
            swallowingKeyRepeats = false
            return true
        case .secondaryClick:
            return !wasOff
        default:
            return true
        }
    }
}

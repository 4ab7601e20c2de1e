// Whether a kiosk's screen should be lit, from its schedule, how long nobody touched it, and
// what the control socket last said. Pure: times are seconds on one monotonic clock handed in,
// and whether the schedule is on now comes in as a value (the caller reads the wall clock).
//
// The rules (docs/control.md; docs/kiosk.md, "The screen sleeps and wakes"):
// - Inside the schedule (or with none) the screen is on until nobody touched it for `idleAfter`.
// - Outside the schedule it is off; a touch or key still wakes it, and it goes off again after
//   `idleAfter` (or `wakeFor` when there is no idle timeout).
// - `screen on` / `screen off` hold until `screen auto` or the schedule's next change, whichever
//   comes first. A held "on" ignores the idle timeout; input ends a held "off" (someone is there).
// - The schedule coming on, `auto`, and the start all count as activity, so the idle timeout
//   runs from them rather than turning the screen off the moment it came on.

public struct ScreenPower: Sendable {
    public enum Reason: String, Sendable {
        /// Inside the schedule (on) or outside it (off).
        case schedule
        /// Off: nobody touched it for the idle timeout.
        case idle
        /// `screen on` / `screen off` through the control socket.
        case command
        /// On outside the schedule, because someone touched it.
        case input
        /// On: no schedule, and no idle timeout has run out.
        case auto
    }

    public enum Command: String, Sendable, CaseIterable { case on, off, auto }

    /// Seconds without input before the screen goes off; nil = never.
    public var idleAfter: Double?
    /// How long a touch outside the schedule keeps it on when there is no idle timeout.
    public var wakeFor: Double = 300

    public private(set) var isOn = true
    public private(set) var reason = Reason.auto
    private var lastActivity: Double
    private var hold: Command?
    /// The schedule's state at the last update; nil = no schedule.
    private var scheduleOn: Bool?
    /// Outside the schedule: when someone last woke it by hand.
    private var wokenOutside = false

    public init(idleAfter: Double?, now: Double) {
        self.idleAfter = idleAfter
        lastActivity = now
    }

    /// Someone touched the screen or pressed a key.
    public mutating func noteInput(now: Double) {
        lastActivity = now
        if hold == .off { hold = nil }
        if scheduleOn == false { wokenOutside = true }
    }

    public mutating func command(_ command: Command, now: Double) {
        lastActivity = now
        wokenOutside = false
        hold = command == .auto ? nil : command
    }

    /// Where the screen should be at `now`, given whether the schedule is on (nil: none).
    /// Returns true when `isOn` changed.
    @discardableResult
    public mutating func update(now: Double, scheduleOn newSchedule: Bool?) -> Bool {
        if newSchedule != scheduleOn {
            // A schedule change ends a hold, and its own "on" is activity.
            if scheduleOn != nil || newSchedule != nil { hold = nil }
            if newSchedule == true { lastActivity = now }
            wokenOutside = false
            scheduleOn = newSchedule
        }
        let was = isOn
        (isOn, reason) = decide(now: now)
        return isOn != was
    }

    private func decide(now: Double) -> (Bool, Reason) {
        switch hold {
        case .on: return (true, .command)
        case .off: return (false, .command)
        case .auto, nil: break
        }
        let idle = now - lastActivity
        if scheduleOn == false {
            guard wokenOutside, idle < (idleAfter ?? wakeFor) else { return (false, .schedule) }
            return (true, .input)
        }
        if let idleAfter, idle >= idleAfter { return (false, .idle) }
        return (true, scheduleOn == true ? .schedule : .auto)
    }

    /// When the idle timeout next turns the screen off, if nothing else happens first.
    public var nextIdleDeadline: Double {
        guard isOn, hold == nil else { return .infinity }
        if scheduleOn == false { return wokenOutside ? lastActivity + (idleAfter ?? wakeFor) : .infinity }
        return idleAfter.map { lastActivity + $0 } ?? .infinity
    }
}

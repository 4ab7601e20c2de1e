// When the frame loop should send WATCHDOG=1. The ping must come from the loop itself — a timer
// thread would keep pinging while the loop hangs, which defeats the watchdog — so the loop asks
// this pacer each frame, with its own monotonic clock, instead of reading a clock here.

public struct WatchdogPacer: Sendable {
    /// Seconds between pings (`SystemdNotifier.watchdogInterval`, half the watchdog timeout).
    public let interval: Double
    private var lastPing: Double?

    public init(interval: Double) {
        self.interval = interval
    }

    /// True, and counted as a ping, on the first call and whenever `interval` seconds have passed
    /// since the last ping. `now` is any monotonic clock in seconds.
    public mutating func isDue(at now: Double) -> Bool {
        if let lastPing, now - lastPing < interval, now >= lastPing { return false }
        lastPing = now
        return true
    }

    /// How long the loop may sleep waiting for input before the next ping is due (0 when due
    /// now): a loop that waits for events must wake up in time to ping.
    public func secondsUntilDue(at now: Double) -> Double {
        guard let lastPing, now >= lastPing else { return 0 }
        return max(0, lastPing + interval - now)
    }
}

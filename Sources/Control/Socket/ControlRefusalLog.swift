// The warning for clients turned away while every place is taken. Refusals come in floods — a
// script reconnecting in a loop makes hundreds of thousands (docs/reliability.md, "Under abuse") — so
// the first is logged at once and the rest are counted and summed up in one line per interval
// for as long as they last. Lives on the server's loop, like the client table that owns it.

import Logging
import NIOCore

final class ControlRefusalLog {
    private let log: Logger
    private let interval: TimeAmount
    private let loop: EventLoop
    private let maximumClients: Int
    /// Refusals since the last line; nil when no interval is running (the next one is logged).
    private var unlogged: Int?

    init(log: Logger, interval: Duration, loop: EventLoop, maximumClients: Int) {
        self.log = log
        self.interval = TimeAmount(interval)
        self.loop = loop
        self.maximumClients = maximumClients
    }

    func refused() {
        if let count = unlogged {
            unlogged = count + 1
            return
        }
        log.warning("control socket: refusing a client, \(maximumClients) are connected already")
        unlogged = 0
        scheduleSummary()
    }

    /// At shutdown: the refusals of an interval cut short are said too.
    func flush() {
        guard let count = unlogged, count > 0 else { return }
        log.warning("control socket: refused \(count) more clients before closing (at most \(maximumClients) at once)")
        unlogged = nil
    }

    private func scheduleSummary() {
        let this = NIOLoopBound(self, eventLoop: loop)
        loop.scheduleTask(in: interval) {
            let this = this.value
            guard let count = this.unlogged, count > 0 else {
                this.unlogged = nil
                return
            }
            let seconds = Double(this.interval.nanoseconds) / 1e9
            this.log.warning("control socket: refused \(count) more clients in the last \(seconds.formatted) s (at most \(this.maximumClients) at once)")
            this.unlogged = 0
            this.scheduleSummary()
        }
    }
}

private extension Double {
    /// "10" rather than "10.0", "0.2" as it is.
    var formatted: String { self == rounded() ? String(Int(self)) : String(self) }
}

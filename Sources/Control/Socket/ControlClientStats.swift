// How many control clients hold a place now and how many were turned away, for get-stats. The
// server's loop writes them; the frame loop reads them without waiting for that loop.

import Synchronization

public struct ControlClientStats: Sendable, Equatable {
    /// Connections holding one of the `maximumClients` places (those being closed included).
    public var connected: Int
    /// Connections refused since the server started because every place was taken.
    public var refused: Int
}

final class ControlClientCounters: Sendable {
    let connected = Atomic<Int>(0)
    let refused = Atomic<Int>(0)

    var stats: ControlClientStats {
        ControlClientStats(connected: connected.load(ordering: .relaxed), refused: refused.load(ordering: .relaxed))
    }
}

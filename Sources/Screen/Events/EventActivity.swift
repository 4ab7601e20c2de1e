// How the frame loop keeps up with its input, seen from the event queue: how many events it
// took of each kind, and the longest time it went without looking at the queue at all — a
// stall, during which a tap, a key or a decoder's wake-up sat unanswered. Waiting inside
// `next(waitingUpTo:)` is not a stall (the loop is listening); everything between two looks
// at the queue is (handling an event, a frame, a folder change, a control request).

public struct EventActivity: Sendable, Equatable {
    /// Pointer presses, moves, releases and cancels (mouse button 1 and fingers).
    public internal(set) var pointer = 0
    public internal(set) var wheel = 0
    /// Key presses the wall knows (releases and unknown keys never reach the loop).
    public internal(set) var key = 0
    public internal(set) var resized = 0
    /// Wake-ups from other threads: decodes finished, a scan, a control request, a folder change.
    public internal(set) var wake = 0
    /// Exposures, shows, quit.
    public internal(set) var other = 0

    /// The longest time between two looks at the queue, seconds.
    public internal(set) var longestStall = 0.0
    /// Looks at the queue that came more than 50 ms / 250 ms after the previous one: a frame
    /// at 60 Hz is 16.7 ms, so these are three and fifteen frames missed.
    public internal(set) var stallsOver50ms = 0
    public internal(set) var stallsOver250ms = 0
    /// The last stalls over 50 ms, oldest first: when each ended (on `EventSource.clock()`)
    /// and how long it was. A few dozen are kept — enough for a monitor that asks every second
    /// to see each one, and to tell the first frame's start-up cost from a stall under load.
    public internal(set) var recentStalls: [Stall] = []
    public static let recentStallsKept = 32

    public struct Stall: Sendable, Equatable {
        public var endedAt: Double
        public var seconds: Double
    }

    /// When the loop last came back from the queue; nil before the first look (start-up work
    /// before the loop runs is not a stall of the loop).
    var lastLook: Double?

    public init() {}

    public var input: Int { pointer + wheel + key }
    public var total: Int { pointer + wheel + key + resized + wake + other }

    /// The loop looks at the queue again, `now` seconds on a monotonic clock.
    mutating func looking(at now: Double) {
        guard let lastLook else { return }
        let gap = now - lastLook
        longestStall = max(longestStall, gap)
        if gap > 0.05 {
            stallsOver50ms += 1
            if recentStalls.count == Self.recentStallsKept { recentStalls.removeFirst() }
            recentStalls.append(Stall(endedAt: now, seconds: gap))
        }
        if gap > 0.25 { stallsOver250ms += 1 }
    }

    /// The look is over (with or without an event); the loop goes back to its work.
    mutating func lookedAway(at now: Double, taking event: ScreenEvent?) {
        lastLook = now
        switch event {
        case nil: break
        case .input(.wheel)?: wheel += 1
        case .input?, .secondaryClick?: pointer += 1
        case .key?: key += 1
        case .resized?: resized += 1
        case .wake?: wake += 1
        case .exposed?, .hidden?, .quit?, .edgeHovered?, .bottomHovered?, .displayChanged?: other += 1
        }
    }
}

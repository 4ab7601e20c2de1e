import CSDL2
import Synchronization

/// Wakes the frame loop from any thread: the loop sleeps in SDL_WaitEvent while nothing moves
/// (in `ConsoleWait` on the console), and a worker that finished a decode pushes one SDL user
/// event to end that sleep.
///
/// At most one wake event is queued at a time, so a burst of a thousand decodes costs the
/// event queue one slot, not a thousand (SDL's queue holds 65535 and drops the rest).
public final class Waker: Sendable {
    /// SDL user event types are handed out once per process.
    static let eventType: UInt32 = SDL_RegisterEvents(1)
    private let queued = Atomic<Bool>(false)

    public init() {}

    /// Safe from any thread; never blocks.
    public func wake() {
        guard !queued.exchange(true, ordering: .acquiringAndReleasing) else { return }
        var event = SDL_Event()
        event.type = Waker.eventType
        if SDL_PushEvent(&event) != 1 {
            // Queue full or SDL not started: the next wake tries again.
            queued.store(false, ordering: .releasing)
            return
        }
        // On the console the loop sleeps in poll(2), not in SDL (ConsoleWait).
        Doorbell.ring()
    }

    /// The frame loop calls this *before* collecting what the workers left, so a result that
    /// arrives while it collects queues a new wake instead of being missed.
    public func acknowledge() {
        queued.store(false, ordering: .releasing)
    }
}

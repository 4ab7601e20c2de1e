// SIGHUP's reread of the configuration, kept off the frame loop: the files are read and parsed
// on a thread of their own (a near-1 MiB schedule takes seconds in a debug build), and the
// loop only applies what comes back. However many SIGHUPs arrive while a read is under way,
// they make one more read, started once that one is in and at least `minimumGap` after it
// started: a script that sends hundreds a second costs a read a second, and the read after
// the last signal still sees the last file written.

import Dispatch
import Locking

@MainActor
final class ConfigReload {
    /// Between the starts of two reads, seconds.
    static let minimumGap = 1.0

    /// The options read; nil when the viewer has no files to reread (only the folders are
    /// scanned again).
    typealias Outcome = Result<ViewerOptions?, any Error>

    private final class Mailbox: Sendable {
        let outcome = Locked<Outcome?>(nil)
    }
    private let mailbox = Mailbox()
    private let queue = DispatchQueue(label: "cascade.config-reload", qos: .utility)
    private let wake: @Sendable () -> Void
    /// A read is under way; its outcome is not taken yet.
    private(set) var reading = false
    /// A SIGHUP came that no read started since has answered.
    private var wanted = false
    private var lastStart = -Double.infinity

    init(wake: @escaping @Sendable () -> Void) { self.wake = wake }

    /// A SIGHUP: a read is owed.
    func request() { wanted = true }

    /// Starts the owed read when none is under way and the gap since the last start has
    /// passed; true when it started.
    func startIfDue(at now: Double, reread: (@Sendable () throws -> ViewerOptions)?) -> Bool {
        guard wanted, !reading, now >= lastStart + Self.minimumGap else { return false }
        wanted = false
        reading = true
        lastStart = now
        queue.async { [mailbox, wake] in
            let outcome = Outcome { try reread?() }
            mailbox.outcome.withLock { $0 = outcome }
            wake()
        }
        return true
    }

    /// The finished read, once.
    func take() -> Outcome? {
        guard reading, let outcome = mailbox.outcome.withLock({ $0.take() }) else { return nil }
        reading = false
        return outcome
    }

    /// When the loop must wake to start an owed read; infinity when none waits on the clock
    /// (one under way wakes the loop itself when it is in).
    var deadline: Double { wanted && !reading ? lastStart + Self.minimumGap : .infinity }
}

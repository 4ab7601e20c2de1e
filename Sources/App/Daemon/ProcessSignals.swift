// The signals a service gets: SIGHUP (reread the configuration) and SIGTERM/SIGINT (stop). They
// are caught from the very start of the viewer — a reload or a stop that arrives while the window
// is still opening must neither kill the process nor leave the control socket behind — by
// dispatch sources on a queue of their own (never in a signal handler, where almost nothing is
// safe), and handed to the frame loop as flags plus a wake-up. SDL installs its own SIGTERM
// handler only where the default action is still set, so with these ignored it stays out.

import Dispatch
import Foundation
import Synchronization

@MainActor
final class ProcessSignals {
    private final class Flags: Sendable {
        let hangup = Atomic<Bool>(false)
        let stop = Atomic<Bool>(false)
    }
    private let flags = Flags()
    private var sources: [DispatchSourceSignal] = []

    /// `wake` may fail while SDL is not up yet; the loop looks at the flags on every pass anyway.
    init(wake: @escaping @Sendable () -> Void) {
        let queue = DispatchQueue(label: "cascade.signals")
        for number in [SIGHUP, SIGTERM, SIGINT] {
            // The default actions end the process; a dispatch source needs them ignored.
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            // @Sendable: otherwise the closure would inherit the main actor and trap on the queue.
            source.setEventHandler { @Sendable [flags] in
                if number == SIGHUP { flags.hangup.store(true, ordering: .releasing) } else { flags.stop.store(true, ordering: .releasing) }
                wake()
            }
            source.resume()
            sources.append(source)
        }
    }

    /// True once per SIGHUP (several before the loop looks count as one).
    func takeHangup() -> Bool {
        flags.hangup.exchange(false, ordering: .acquiringAndReleasing)
    }

    /// SIGTERM or SIGINT arrived.
    var stopRequested: Bool { flags.stop.load(ordering: .acquiring) }

    func cancel() {
        for source in sources { source.cancel() }
        sources = []
    }
}

// SIGHUP means "reread the configuration" for a daemon. The signal is caught by a dispatch
// source on a queue of its own (never in a signal handler, where almost nothing is safe) and
// handed to the frame loop as a flag plus a wake-up.

import Dispatch
import Foundation
import Synchronization

@MainActor
final class HangupSignal {
    private final class Flag: Sendable {
        let raised = Atomic<Bool>(false)
    }
    private let flag = Flag()
    private let source: DispatchSourceSignal

    init(wake: @escaping @Sendable () -> Void) {
        // The default action of SIGHUP ends the process; the dispatch source needs it ignored.
        signal(SIGHUP, SIG_IGN)
        source = DispatchSource.makeSignalSource(signal: SIGHUP, queue: DispatchQueue(label: "cascade.sighup"))
        // @Sendable: otherwise the closure would inherit the main actor and trap on the queue.
        source.setEventHandler { @Sendable [flag] in
            flag.raised.store(true, ordering: .releasing)
            wake()
        }
        source.resume()
    }

    /// True once per SIGHUP (several before the loop looks count as one).
    func take() -> Bool {
        flag.raised.exchange(false, ordering: .acquiringAndReleasing)
    }

    func cancel() {
        source.cancel()
    }
}

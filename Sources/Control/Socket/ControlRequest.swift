// A command waiting for the app, and the mailbox that hands commands from the socket's thread to
// the frame loop.

import Locking
import Synchronization

public struct ControlRequest: Sendable {
    public let command: Command
    /// Which server and connection asked, and the request_id to echo: opaque to the app.
    let server: UInt64
    let client: UInt64
    let requestID: JSONValue
}

/// Tells servers apart, so a request kept across a restart of the socket (a SIGHUP that
/// changes --control) is never answered to whichever client of the new one has the same number.
let nextServerID = Atomic<UInt64>(1)

/// Filled on the event loop, emptied by the frame loop; `wake` tells the frame loop to look.
final class ControlMailbox: Sendable {
    private let waiting = Locked<[ControlRequest]>([])
    private let wake: @Sendable () -> Void

    init(wake: @escaping @Sendable () -> Void) { self.wake = wake }

    /// One wake per batch: a read with ten lines wakes the frame loop once.
    func post(_ requests: [ControlRequest]) {
        guard !requests.isEmpty else { return }
        waiting.withLock { $0.append(contentsOf: requests) }
        wake()
    }

    func take() -> [ControlRequest] {
        waiting.withLock { queue in
            defer { queue = [] }
            return queue
        }
    }
}

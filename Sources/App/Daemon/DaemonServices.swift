// What makes the viewer a daemon, gathered in one place the frame loop consults: SIGHUP,
// systemd's notify socket and watchdog, the control socket, on-select commands and the folder
// watcher. Each reaches the loop the same way — a mailbox plus a wake-up — because the loop
// owns SDL and never runs a dispatch queue.

import Foundation
import Logging

@MainActor
final class DaemonServices {
    let hangup: HangupSignal
    /// A SIGHUP's rescan is under way; systemd hears READY=1 when it is on screen.
    var reloading = false

    init(wake: @escaping @Sendable () -> Void) {
        hangup = HangupSignal(wake: wake)
    }

    func shutdown() {
        hangup.cancel()
    }
}

// What makes the viewer a daemon, gathered in one place the frame loop consults: SIGHUP,
// systemd's notify socket and watchdog, the control socket, on-select commands and the folder
// watcher. Each reaches the loop the same way — a mailbox plus a wake-up — because the loop
// owns SDL and never runs a dispatch queue.

import Control
import Foundation
import Logging
import Photos

@MainActor
final class DaemonServices {
    /// nil when the session runs without them (tests drive it a frame at a time).
    let signals: ProcessSignals?
    /// A SIGHUP came while a scan was under way: another scan follows it.
    var rescanPending = false
    /// systemd's notify socket, when started by systemd with `Type=notify`.
    let notifier: SystemdNotifier?
    /// The JSON control socket (`--control`).
    let control: ControlServer?
    /// When the frame loop next owes systemd a WATCHDOG=1.
    var watchdog: WatchdogPacer?
    /// Runs `--on-select` for every selection; replaced when SIGHUP changes the command.
    var onSelect: CommandRunner?
    /// The folders' watcher, from the latest scan.
    var live: LiveFolders?
    /// systemd has heard READY=1 (after the first frame, and again after each reload).
    var ready = false
    /// A SIGHUP's rescan is under way; systemd hears READY=1 when it is on screen.
    var reloading = false

    init(signals: ProcessSignals?, notifier: SystemdNotifier?, control: ControlServer?) {
        self.signals = signals
        self.notifier = notifier
        self.control = control
        watchdog = notifier?.watchdogInterval.map { WatchdogPacer(interval: $0) }
    }

    /// The scan's progress as systemd's status line (`systemctl status` shows it), a few times
    /// a second (ScanStatusLine).
    static func scanStatus(_ notifier: SystemdNotifier?) -> (@Sendable (ScanProgress) -> Void)? {
        guard let notifier else { return nil }
        let line = ScanStatusLine()
        return { progress in
            if let text = line.text(for: progress, at: ProcessClock.now()) { notifier.status(text) }
        }
    }

    func shutdown() {
        notifier?.stopping()
        // Replies already owed (a `quit` request's among them) go out before the socket goes.
        control?.shutdown()
        live?.stop()
        signals?.cancel()
    }
}

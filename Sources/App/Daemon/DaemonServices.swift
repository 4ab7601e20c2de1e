// What makes the viewer a daemon, gathered in one place the frame loop consults: SIGHUP,
// systemd's notify socket and watchdog, the control socket, on-select commands and the folder
// watcher. Each reaches the loop the same way — a mailbox plus a wake-up — because the loop
// owns SDL and never runs a dispatch queue.

import Control
import Foundation
import Immich
import Logging
import Photos

@MainActor
final class DaemonServices {
    /// nil when the session runs without them (tests drive it a frame at a time).
    let signals: ProcessSignals?
    /// SIGHUP's reread of the configuration, on a thread of its own.
    let reload: ConfigReload
    /// A SIGHUP came while a scan was under way: another scan follows it.
    private(set) var rescanPending = false
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
    private(set) var ready = false
    /// A SIGHUP's rescan is under way; systemd hears READY=1 when it is on screen.
    private(set) var reloading = false
    /// The MQTT bus (`--mqtt`), the states last published there, and whether a command or an
    /// event since may have changed them.
    var mqtt: MqttBridge?
    var mqttStates = MqttStates()
    var mqttStatesDue = true
    /// The Immich server whose photos are synced into one of the folders shown (docs/immich.md).
    var immich: ImmichSource?

    init(signals: ProcessSignals?, notifier: SystemdNotifier?, control: ControlServer?, wake: @escaping @Sendable () -> Void) {
        self.signals = signals
        reload = ConfigReload(wake: wake)
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
        mqtt?.stop()
        live?.stop()
        signals?.cancel()
    }
}

// What systemd hears, and when: READY=1 once the first frame is up and again when a reload's
// wall is, the watchdog fed from the frame loop, a rescan owed to a SIGHUP that came during a
// scan. The flags behind those are kept here, not by the loop.
extension DaemonServices {
    /// The watchdog is fed from the frame loop itself and nowhere else: a loop that hangs
    /// stops feeding it, and systemd restarts the service.
    func feedWatchdog(at now: Double) {
        if watchdog?.isDue(at: now) == true { notifier?.watchdog() }
    }

    /// When the loop next owes the watchdog or may start an owed reload; infinity for neither.
    var deadline: Double {
        guard let pacer = watchdog else { return reload.deadline }
        let now = ProcessClock.now()
        return min(now + pacer.secondsUntilDue(at: now), reload.deadline)
    }

    /// A frame is on screen: systemd hears READY=1 for the first, and again once a reload's
    /// wall is shown.
    func presented(status: @autoclosure () -> String, scanning: Bool) {
        guard let notifier else { return }
        if !ready {
            ready = true
            notifier.ready(status: status())
        } else if reloading, !scanning, !reload.reading {
            reloading = false
            notifier.ready(status: status())
        }
    }

    /// The screen went on or off: the status line says so, and a start with the screen off
    /// (outside the schedule) says READY=1 here, since no frame will.
    func screenChanged(status: String) {
        guard let notifier else { return }
        if !ready { ready = true; notifier.ready(status: status) } else { notifier.status(status) }
    }

    /// While the screen is off no frame is presented, so the READY=1 that ends a reload is
    /// sent as soon as its scan is in.
    func dark(status: @autoclosure () -> String, scanning: Bool) {
        guard let notifier, reloading, !scanning, !reload.reading else { return }
        reloading = false
        notifier.ready(status: status())
    }

    /// SIGHUP's rescan: a scan under way finishes first (its wall is shown), then the new one
    /// starts, so repeated reloads never stack up scans. True when the rescan may start now.
    func beginReload(scanning: Bool) -> Bool {
        reloading = true
        if scanning { rescanPending = true }
        return !scanning
    }

    /// A rescan owed for another reason (a new order) once the scan under way is done.
    func owePendingRescan() { rescanPending = true }

    /// A rescan is owed to a reload that came during the last scan; taking it clears it.
    func takePendingRescan() -> Bool {
        defer { rescanPending = false }
        return rescanPending
    }
}

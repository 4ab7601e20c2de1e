// The scan's progress as systemd's STATUS= line, at most a few times a second: a 100,000-file
// scan reports every 64 files, thousands of datagrams a second for systemd to parse and
// `systemctl status` to show for a blink each. A new phase and the scan's last report always go
// out, so the line never stays behind what the scan did.

import Photos
import Locking

final class ScanStatusLine: Sendable {
    /// Seconds between two lines of the same phase.
    static let interval = 0.25

    private struct Sent {
        var at = -Double.infinity
        var phase: ScanProgress.Phase?
    }

    private let sent = Locked(Sent())

    /// The status line for `progress` at time `now` (seconds), or nil when it should be skipped.
    func text(for progress: ScanProgress, at now: Double) -> String? {
        let last = progress.phase == .probing && progress.done == progress.total
        let due = sent.withLock { sent -> Bool in
            guard last || sent.phase != progress.phase || now - sent.at >= Self.interval else { return false }
            sent = Sent(at: now, phase: progress.phase)
            return true
        }
        guard due else { return nil }
        switch progress.phase {
        case .walking: return "scanning: \(progress.done) files found"
        case .probing: return "reading photo headers: \(progress.done) of \(progress.total ?? progress.done)"
        }
    }
}

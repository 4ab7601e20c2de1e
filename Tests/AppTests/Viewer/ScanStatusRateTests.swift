// systemd's STATUS= line during a scan: a few a second, not one per 64 files
// (about 3,100 datagrams in 2 s over 100,000 files), and the scan's last report always sent.

import Foundation
import Testing
@testable import App
@testable import Control
@testable import Photos
#if canImport(Glibc)
import Glibc
#endif
@testable import TestSupport

@Suite("The scan's status line for systemd", .serialized)
struct ScanStatusRateTests {
    @Test("3,100 reports in 2 s become a few lines a second; a new phase and the last report always go out")
    func throttled() {
        let line = ScanStatusLine()
        var sent: [String] = []
        let walking = 1550, total = 1550 * 64
        for k in 1...walking {
            let now = Double(k) / Double(walking)  // the first second
            if let text = line.text(for: ScanProgress(phase: .walking, done: k * 64, total: nil), at: now) { sent.append(text) }
        }
        for k in 1...walking {
            let now = 1 + Double(k) / Double(walking)
            if let text = line.text(for: ScanProgress(phase: .probing, done: k * 64, total: total), at: now) { sent.append(text) }
        }
        // Two seconds at four a second, plus the start of each phase and the last report.
        #expect(sent.count <= 2 * 4 + 3, "\(sent.count) lines: \(sent)")
        #expect(sent.first == "scanning: 64 files found")
        #expect(sent.contains("reading photo headers: 64 of \(total)"))
        #expect(sent.last == "reading photo headers: \(total) of \(total)")
    }

    @Test("Through a NOTIFY_SOCKET while scanning 6,400 files: datagrams bounded by the scan's time, the last one the final count")
    @MainActor
    func throughTheSocket() async throws {
        let folder = NSTemporaryDirectory() + "cascade-status-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let files = 6_400
        for group in 0..<10 {
            let sub = folder + "/\(group)"
            try FileManager.default.createDirectory(atPath: sub, withIntermediateDirectories: true)
            // open(2), not FileManager: its atomic writes made this take half a minute.
            for k in 0..<files / 10 { close(open(sub + "/f\(k).txt", O_CREAT | O_WRONLY, 0o644)) }
        }
        let listener = try NotifyListener()
        let notifier = try SystemdNotifier(socketName: listener.path)
        let progress = try #require(DaemonServices.scanStatus(notifier))

        // Read while the scan runs, as systemd does: the kernel queues only 10 datagrams.
        let scan = Task.detached { () throws -> Double in
            let started = ProcessClock.now()
            _ = try PhotoScanner().scan([PhotoPath(folder)], progress: progress)
            return ProcessClock.now() - started
        }
        let final = "STATUS=reading photo headers: \(files) of \(files)"
        let messages = try await listener.wait(for: final)
        let seconds = try await scan.value
        // Every 64 files of each phase was 200 datagrams here; now at most four a second.
        #expect(messages.count <= Int(seconds / ScanStatusLine.interval) + 3, "\(messages.count) datagrams in \(seconds) s")
        #expect(messages.last == final + "\n", "\(messages.suffix(3))")
    }
}

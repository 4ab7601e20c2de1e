// A one-line progress bar on stderr, redrawn in place — only when stderr is a terminal, so a
// log file or a pipe gets the summary alone. Safe to call from any thread; redraws at most
// ten times a second so a fast job is not slowed by its own bar.

import Foundation
import Synchronization

public final class ProgressLine: Sendable {
    private struct State { var done = 0; var lastDraw = 0.0; var active = false }
    private let total: Int
    private let label: String
    private let state = Mutex(State())

    /// Nil when stderr is not a terminal.
    public init?(label: String, total: Int, isTerminal: Bool = isatty(2) == 1) {
        guard isTerminal, total > 0 else { return nil }
        self.label = label
        self.total = total
    }

    public func advance() {
        let now = ProcessInfo.processInfo.systemUptime
        let line: String? = state.withLock { s in
            s.done += 1
            guard s.done == total || now - s.lastDraw >= 0.1 else { return nil }
            s.lastDraw = now
            s.active = true
            return Self.render(label: label, done: s.done, total: total)
        }
        if let line { FileHandle.standardError.write(Data(line.utf8)) }
    }

    /// Clears the bar so the next line starts clean.
    public func finish() {
        let wasActive = state.withLock { s in defer { s.active = false }; return s.active }
        if wasActive { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
    }

    static func render(label: String, done: Int, total: Int, width: Int = 30) -> String {
        let filled = total == 0 ? width : width * done / total
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        return "\r\u{1B}[K\(label) \(bar) \(done)/\(total)"
    }
}

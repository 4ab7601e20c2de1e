// A one-line progress bar on stderr, redrawn in place — only when stderr is a terminal, so a
// log file or a pipe gets the summary alone. Log lines printed meanwhile go above it
// (`TerminalStatusLine`), never into it. Safe to call from any thread; redraws at most ten
// times a second so a fast job is not slowed by its own bar.

import Control
import Foundation
import Locking

public final class ProgressLine: Sendable {
    private struct State { var done = 0; var lastDraw = 0.0 }
    private let total: Int
    private let label: String
    private let state = Locked(State())
    private let terminal: TerminalStatusLine

    /// Nil when stderr is not a terminal.
    public init?(label: String, total: Int, isTerminal: Bool = isatty(2) == 1,
                 terminal: TerminalStatusLine = .standardError) {
        guard isTerminal, total > 0 else { return nil }
        self.label = label
        self.total = total
        self.terminal = terminal
    }

    public func advance() {
        let now = ProcessInfo.processInfo.systemUptime
        // Drawn under the count's lock, so two threads never show their counts out of order.
        state.withLock { s in
            s.done += 1
            guard s.done == total || now - s.lastDraw >= 0.1 else { return }
            s.lastDraw = now
            terminal.show(Self.render(label: label, done: s.done, total: total))
        }
    }

    /// Clears the bar so the next line starts clean.
    public func finish() {
        terminal.clear()
    }

    static func render(label: String, done: Int, total: Int, width: Int = 30) -> String {
        let filled = total == 0 ? width : width * done / total
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        return "\(label) \(bar) \(done)/\(total)"
    }
}

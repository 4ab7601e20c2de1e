// The one line a command keeps redrawn at the foot of a terminal — `cache warm`'s progress bar —
// and the log lines that share stderr with it. A log line clears the status line, is printed,
// and the status line is drawn again below it, all in one write(2) under one lock, so a warning
// never lands inside the bar and the bar never lands inside a warning.

import Glibc
import Locking

public final class TerminalStatusLine: Sendable {
    /// stderr's, which the log handler prints through.
    public static let standardError = TerminalStatusLine(fileDescriptor: STDERR_FILENO)

    private let fileDescriptor: Int32
    /// The status line on screen, nil when none is.
    private let current = Locked<String?>(nil)
    /// Carriage return and erase to the end of the line: back to an empty line.
    private static let eraseLine = "\r\u{1B}[K"

    public init(fileDescriptor: Int32) {
        self.fileDescriptor = fileDescriptor
    }

    /// Shows `text` (one line, no newline) in place of the status line.
    public func show(_ text: String) {
        current.withLock { status in
            status = text
            write(Self.eraseLine + text)
        }
    }

    /// Takes the status line away; what follows starts on the empty line it leaves.
    public func clear() {
        current.withLock { status in
            if status != nil { write(Self.eraseLine) }
            status = nil
        }
    }

    /// Writes `lines` (each ending in a newline) above the status line.
    public func print(_ lines: String) {
        current.withLock { status in
            write(status.map { Self.eraseLine + lines + $0 } ?? lines)
        }
    }

    private func write(_ text: String) {
        var bytes = Array(text.utf8)
        bytes.withUnsafeMutableBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(fileDescriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written > 0 { offset += written } else if written < 0 && errno == EINTR { continue } else { return }
            }
        }
    }
}

// One log event as one line of text. journald makes one entry per line it reads from a service's
// stderr and takes a leading "<N>" as the entry's priority (sd-daemon(3)), so under systemd a line
// starts with that prefix and carries no timestamp (the journal has its own); on a terminal it keeps
// swift-log's familiar "time level label: metadata [module] message" shape. Either way line breaks
// and other control characters inside the text are escaped, so one event is never split into
// several entries and a file name cannot forge a log line.

import Logging

public enum LogLineStyle: Sendable, Equatable {
    /// `<6>message key=value` — stderr is the journal.
    case journal
    /// `2026-11-21T07:48:08+0000 info cascade: key=value [App] message` — anything else.
    case terminal
}

public enum LogLine {
    /// The sd-daemon(3) priority of a level: `<3>` error … `<7>` debug (syslog's numbers).
    public static func priority(_ level: Logger.Level) -> Int {
        switch level {
        case .trace, .debug: 7
        case .info: 6
        case .notice: 5
        case .warning: 4
        case .error: 3
        case .critical: 2
        }
    }

    /// The whole line, newline included. `timestamp` is used only in the terminal style.
    public static func format(style: LogLineStyle, level: Logger.Level, label: String, source: String,
                              message: String, metadata: Logger.Metadata, timestamp: String) -> String {
        let fields = metadata.keys.sorted().map { key in escape(key) + "=" + value(metadata[key]!) }
        switch style {
        case .journal:
            var line = "<\(priority(level))>" + escape(message)
            for field in fields { line += " " + field }
            return line + "\n"
        case .terminal:
            var line = timestamp + " \(level)" + (label.isEmpty ? "" : " " + escape(label)) + ":"
            for field in fields { line += " " + field }
            return line + " [\(escape(source))] " + escape(message) + "\n"
        }
    }

    /// Control characters as C-style escapes (`\n`, `\r`, `\u{1B}` → `\x1b`); tabs and every
    /// printable character, including non-ASCII ones, stay as they are.
    public static func escape(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var out = ""
        out.unicodeScalars.reserveCapacity(text.unicodeScalars.count + 8)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case _ where needsEscape(scalar):
                let hex = String(scalar.value, radix: 16)
                out += "\\x" + (hex.count < 2 ? "0" + hex : hex)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// A metadata value, in double quotes when it would otherwise be ambiguous after `key=`
    /// (empty, or holding spaces, quotes or `=`), so `path="/srv/photos/a b.jpg"` reads back whole.
    static func value(_ value: Logger.Metadata.Value) -> String {
        let text = escape(value.description)
        guard text.isEmpty || text.contains(where: { $0 == " " || $0 == "\"" || $0 == "=" || $0 == "\t" }) else { return text }
        var quoted = "\""
        for character in text {
            if character == "\"" || character == "\\" { quoted.append("\\") }
            quoted.append(character)
        }
        return quoted + "\""
    }

    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        (scalar.value < 0x20 && scalar != "\t") || scalar.value == 0x7F
            || (0x80 ... 0x9F).contains(scalar.value) || scalar == "\u{2028}" || scalar == "\u{2029}"
    }
}

// One logger for the whole program, to stderr, one line per event. The level comes from CASCADE_LOG
// (trace … critical; default info) so a kiosk's journal can be made chattier without a rebuild.
// The viewer started from a terminal says only warnings and errors unless asked: a person who
// typed `cascade ~/Photos` wants the window, as with nsxiv or imv, not its start-up figures; a
// journal, a log file or a pipe keeps info.
// Under systemd, when stderr is the journal, lines carry sd-daemon priority prefixes so
// `journalctl -p warning` and the journal's colours see cascade's levels.

import Control
import Foundation
import Logging

public enum Log {
    public static let shared = Logger(label: "cascade")

    /// Call once, first thing in `main`. `quietAtTerminal`: warnings and up by default when
    /// stderr is a terminal.
    public static func bootstrap(environment: [String: String] = ProcessInfo.processInfo.environment,
                                 quietAtTerminal: Bool = false) {
        let quiet = quietAtTerminal && isatty(STDERR_FILENO) == 1
        let level = environment["CASCADE_LOG"].flatMap { Logger.Level(rawValue: $0.lowercased()) } ?? (quiet ? .warning : .info)
        let style = StandardErrorLogHandler.detectStyle(environment: environment)
        LoggingSystem.bootstrap { label in
            var handler = StandardErrorLogHandler(label: label, style: style)
            handler.logLevel = level
            return handler
        }
    }
}

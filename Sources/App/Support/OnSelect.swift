// The on-select command of ViewerOptions, checked when it is configured and turned into the
// runner the viewer calls on every selection (docs/configuration.md, "On-select commands").

import Control
import Logging

public enum OnSelect {
    /// Throws when `command` cannot be split (an open quote, a trailing backslash, an unquoted
    /// `;` `|` `&` `<` `>`, nothing at all), so the mistake is reported at start-up, not at the
    /// first tap.
    public static func check(_ command: String) throws {
        _ = try CommandTemplate(command)
    }

    /// The runner for `options.onSelect` with at most `options.onSelectLimit` commands at once;
    /// nil when no command is configured.
    public static func runner(for options: ViewerOptions, log: Logger = Log.shared) throws -> CommandRunner? {
        guard let command = options.onSelect else { return nil }
        return CommandRunner(template: try CommandTemplate(command), limit: options.onSelectLimit, log: log)
    }
}

// Every numeric option is read through its row of the limits table (Waterfall's Limits), the
// one the configuration file and the control socket use too: a word that is no number, or a
// number out of range (0, -1, 1e300, nan, 2^64…), stops the command at once with status 64 and
// "The value 'W' is invalid for '--name <n>': must be …", before anything is allocated.

import App
import ArgumentParser

extension Limit {
    /// For `@Option(transform:)`.
    var read: @Sendable (String) throws -> Number {
        { word in try self.parse(word) }
    }

    /// The option's help with its range and default. ArgumentParser shows no default for an
    /// option read through a transform, so the text carries it.
    func help(_ abstract: String, default shown: String? = nil, valueName: String? = nil) -> ArgumentHelp {
        ArgumentHelp("\(abstract): \(helpRange)." + (shown.map { " (default: \($0))" } ?? ""), valueName: valueName)
    }

    /// "0 to 500 pixels", "0 (never) to 86400 seconds", "1 to 16, or auto".
    var helpRange: String {
        let low = range.lowerBound.spelling + (lowestMeans.map { " (\($0))" } ?? "")
        return "\(low) to \(range.upperBound.spelling)" + (unit.isEmpty ? "" : " \(unit)") + (alternative.map { ", or \($0)" } ?? "")
    }
}

extension ArgumentHelp {
    /// Marks an option a running viewer cannot change: `--help` says so, and the configuration
    /// file's table (ConfigKey) reads the same note, so a reload keeps the running value.
    func restartOnly(_ consequence: String? = nil) -> ArgumentHelp {
        var help = self
        help.discussion = consequence.map { ConfigKey.restartOnlyNote($0) } ?? ConfigKey.restartOnlyNote()
        return help
    }
}

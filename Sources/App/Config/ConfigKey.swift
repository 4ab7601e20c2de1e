// The keys of the configuration file: one per option of `cascade view`, named like the long
// option without its dashes, so the file and the command line speak one language. A test
// compares this list with the command's own argument list, so a new option cannot be forgotten.

public struct ConfigKey: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// `key = true` → `--key`; `false` → nothing (the option has no negative form).
        case flag
        /// `key = true` → `--key`; `false` → `--no-key`.
        case invertibleFlag
        /// `key = value` → `--key value`.
        case option(ValueType)
        /// The positional photos and folders: a list of strings, used only when the command
        /// line names none.
        case paths
    }

    /// What TOML value an option takes; ArgumentParser checks the value itself afterwards.
    public enum ValueType: Sendable, Equatable {
        case string
        case integer
        /// An integer or a float.
        case number
        /// An integer or a string (`columns = 4`, `columns = "auto"`).
        case integerOrString
    }

    public let name: String
    public let kind: Kind

    public init(_ name: String, _ kind: Kind) {
        self.name = name
        self.kind = kind
    }
}

extension ConfigKey {
    /// Every option of the view command (ViewCommand, WallOptions and DaemonOptions in the
    /// executable), in the order `cascade view --help` lists them.
    public static let view: [ConfigKey] = [
        ConfigKey("paths", .paths),
        ConfigKey("geometry", .option(.string)),
        ConfigKey("fullscreen", .invertibleFlag),
        ConfigKey("columns", .option(.integerOrString)),
        ConfigKey("margin", .option(.number)),
        ConfigKey("captions", .invertibleFlag),
        ConfigKey("sort", .option(.string)),
        ConfigKey("seed", .option(.integer)),
        ConfigKey("reverse", .invertibleFlag),
        ConfigKey("max-pixels", .option(.integer)),
        ConfigKey("no-thumbnail-cache", .flag),
        ConfigKey("events", .option(.string)),
        ConfigKey("stats", .invertibleFlag),
        ConfigKey("texture-budget", .option(.integer)),
        ConfigKey("control", .option(.string)),
        ConfigKey("control-group", .option(.string)),
        ConfigKey("on-select", .option(.string)),
        ConfigKey("on-select-limit", .option(.integer)),
        ConfigKey("watch", .invertibleFlag),
        ConfigKey("kiosk", .invertibleFlag),
        ConfigKey("attract-after", .option(.number)),
        ConfigKey("attract-speed", .option(.number)),
        ConfigKey("detail-timeout", .option(.number)),
        ConfigKey("allow-quit", .invertibleFlag),
        ConfigKey("newest-first", .invertibleFlag),
        ConfigKey("highlight-new", .option(.number)),
        ConfigKey("screen-schedule", .option(.string)),
        ConfigKey("screen-off-after", .option(.number)),
    ]
}

// The keys of the configuration file: one per option of `cascade view`, named like the long
// option without its dashes, so the file and the command line speak one language. A test
// compares this list with the command's own argument list, so a new option cannot be forgotten.
// An option a running viewer cannot change (SIGHUP keeps its running value) says so here.

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
    /// nil: a reload applies a new value.
    let restartOnly: RestartOnly?

    public init(_ name: String, _ kind: Kind) {
        self.init(name, kind, restartOnly: nil)
    }

    init(_ name: String, _ kind: Kind, restartOnly: RestartOnly?) {
        self.name = name
        self.kind = kind
        self.restartOnly = restartOnly
    }

    public static func == (a: ConfigKey, b: ConfigKey) -> Bool { a.name == b.name && a.kind == b.kind }
}

/// How a reload keeps the running value of an option that changes only on restart.
struct RestartOnly: Sendable {
    /// What the warning adds after "changes only on restart; ".
    let consequence: String
    /// Puts the running value back into the reread options; true when they differed.
    let keep: @Sendable (_ new: inout ViewerOptions, _ running: ViewerOptions) -> Bool

    static func value<Value: Equatable>(_ path: WritableKeyPath<ViewerOptions, Value> & Sendable,
                                        _ consequence: String = "the running value stays") -> RestartOnly {
        RestartOnly(consequence: consequence) { new, running in
            guard new[keyPath: path] != running[keyPath: path] else { return false }
            new[keyPath: path] = running[keyPath: path]
            return true
        }
    }

    /// The window's size, a pair that is not Equatable.
    static let geometry = RestartOnly(consequence: "the window keeps its size") { new, running in
        guard new.geometry.map({ [$0.width, $0.height] }) != running.geometry.map({ [$0.width, $0.height] }) else { return false }
        new.geometry = running.geometry
        return true
    }
}

extension ConfigKey {
    /// Every option of the view command (ViewCommand, WallOptions and DaemonOptions in the
    /// executable), in the order `cascade view --help` lists them.
    public static let view: [ConfigKey] = [
        ConfigKey("paths", .paths),
        ConfigKey("geometry", .option(.string), restartOnly: .geometry),
        ConfigKey("fullscreen", .invertibleFlag, restartOnly: .value(\.fullscreen)),
        ConfigKey("columns", .option(.integerOrString)),
        ConfigKey("margin", .option(.number)),
        ConfigKey("captions", .invertibleFlag),
        ConfigKey("sort", .option(.string)),
        ConfigKey("seed", .option(.integer)),
        ConfigKey("reverse", .invertibleFlag),
        ConfigKey("max-pixels", .option(.integer), restartOnly: .value(\.maxPixels)),
        ConfigKey("no-thumbnail-cache", .flag, restartOnly: .value(\.thumbnailCache)),
        ConfigKey("events", .option(.string), restartOnly: .value(\.events)),
        ConfigKey("stats", .invertibleFlag),
        ConfigKey("texture-budget", .option(.integer), restartOnly: .value(\.textureBudgetBytes)),
        ConfigKey("control", .option(.string), restartOnly: .value(\.control)),
        ConfigKey("control-group", .option(.string), restartOnly: .value(\.controlGroup)),
        ConfigKey("on-select", .option(.string)),
        ConfigKey("on-select-limit", .option(.integer)),
        ConfigKey("watch", .invertibleFlag),
        ConfigKey("kiosk", .invertibleFlag, restartOnly: .value(\.kiosk)),
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

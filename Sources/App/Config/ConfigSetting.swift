// One key of a configuration file, where it was written, and the command-line words it stands for.

public enum ConfigValue: Sendable, Equatable {
    case bool(Bool)
    case integer(Int)
    case number(Double)
    case string(String)
    case strings([String])
}

public struct ConfigSetting: Sendable, Equatable {
    public let key: ConfigKey
    public let value: ConfigValue
    public let file: String
    public let line: Int

    public init(key: ConfigKey, value: ConfigValue, file: String, line: Int) {
        self.key = key
        self.value = value
        self.file = file
        self.line = line
    }

    /// The setting as command-line words, so ArgumentParser checks a value from a file exactly
    /// as it checks one typed by hand. Options use `--key=value`, so a value that starts with a
    /// dash (`margin = -1`, `on-select = "-x"`) is still taken as the value. For `paths` these
    /// are the paths themselves, which go after `--`.
    public var words: [String] {
        switch (key.kind, value) {
        case (.flag, .bool(let on)): on ? ["--\(key.name)"] : []
        case (.invertibleFlag, .bool(let on)): [on ? "--\(key.name)" : "--no-\(key.name)"]
        case (.paths, .strings(let paths)): paths
        case (.option, let value): ["--\(key.name)=\(value.argument)"]
        default: [] // ConfigFile never pairs a key with a value of another kind.
        }
    }

    /// "FILE:LINE: key 'name'", the start of every message about this setting.
    public var location: String { "\(file):\(line): key '\(key.name)'" }
}

extension ConfigValue {
    /// How the value is spelled on a command line.
    var argument: String {
        switch self {
        case .bool(let b): String(b)
        case .integer(let n): String(n)
        case .number(let x): x == x.rounded() && abs(x) < 1e15 ? String(Int64(x)) : String(x)
        case .string(let s): s
        case .strings(let list): list.joined(separator: " ")
        }
    }
}

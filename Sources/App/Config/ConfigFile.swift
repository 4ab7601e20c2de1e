// One configuration file: read (bounded), parsed by TOMLKit, every top-level key checked against
// the view command's keys and turned into settings that remember their line.

import Glibc
import TOMLKit
import Kiosk

public enum ConfigFile {
    /// Larger than any real configuration; a bigger "file" (a device, a log) is a mistake.
    public static let maxBytes = 1 << 20

    /// The settings of the file at `path`, in the order they are written. nil when the file does
    /// not exist and `mustExist` is false (the default locations are optional; `--config` is not).
    public static func read(_ path: String, mustExist: Bool, keys: [ConfigKey]) throws(ConfigError) -> [ConfigSetting]? {
        try readDocument(path, mustExist: mustExist, keys: { keys })?.settings
    }

    /// The settings and the `[keys]` bindings of the file at `path`.
    /// `keys` is asked for only once a file is there: building them costs a start some 5 ms.
    static func readDocument(_ path: String, mustExist: Bool, keys: () -> [ConfigKey]) throws(ConfigError) -> Document? {
        let bytes: [UInt8]
        do {
            guard let read = try readBounded(path, mustExist: mustExist) else { return nil }
            bytes = read
        } catch {
            throw ConfigError(file: path, message: error.description)
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw ConfigError(file: path, message: "is not UTF-8 text")
        }
        return try parseDocument(text, file: path, keys: keys())
    }

    /// What one file says: options, and key bindings in reading order.
    struct Document {
        var settings: [ConfigSetting]
        var keyBindings: [ConfigKeyBinding]
        var actions = ConfigActions()
        var mqtt: ConfigMqtt?
        var immich: ConfigImmich?
    }

    /// The settings in `text`, which came from `file` (for messages and relative paths).
    public static func parse(_ text: String, file: String, keys: [ConfigKey]) throws(ConfigError) -> [ConfigSetting] {
        try parseDocument(text, file: file, keys: keys).settings
    }

    /// The `[keys]` bindings of a text, whose other settings are checked against `keys`.
    public static func parseKeyBindings(_ text: String, file: String, keys: [ConfigKey]) throws(ConfigError) -> [ConfigKeyBinding] {
        try parseDocument(text, file: file, keys: keys).keyBindings
    }

    static func parseDocument(_ text: String, file: String, keys: [ConfigKey]) throws(ConfigError) -> Document {
        // toml++ reads a C string: a NUL would silently end the document early.
        if let nul = text.utf8.firstIndex(of: 0) {
            let line = text.utf8[..<nul].count(where: { $0 == UInt8(ascii: "\n") }) + 1
            throw ConfigError(file: file, line: line, message: "contains a NUL byte")
        }
        let table: TOMLTable
        do {
            table = try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            throw ConfigError(file: file, line: error.source.begin.line, message: "TOML syntax: \(error.description)")
        } catch {
            throw ConfigError(file: file, message: "TOML syntax: \(error)")
        }
        // TOMLKit hands strings over as C strings: one holding an escaped NUL would arrive cut
        // short, silently. It is refused, quoted whole.
        let found = TOMLKeyLines.scan(text)
        if let nul = found.nulStrings.first {
            throw ConfigError(file: file, line: nul.line, key: nul.key,
                              message: "\(nul.key == nil ? "a string " : "")holds a NUL, which no setting can: \"\(nul.text.escapingControlCharacters())\"")
        }
        let lines = found.lines
        let known = Dictionary(keys.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var settings: [ConfigSetting] = []
        var bindings: [ConfigKeyBinding] = []
        var actions = ConfigActions()
        var mqtt: ConfigMqtt?
        var immich: ConfigImmich?
        var errors: [ConfigError] = []
        for name in table.keys {
            let line = lines[name] ?? 0
            guard let value = table[name] else { continue }
            do throws(ConfigError) {
                let lineOrNil = line > 0 ? line : nil
                if name == ConfigKeyBinding.section, let section = value.table {
                    bindings += keyBindings(in: section, lines: lines, file: file, errors: &errors)
                    continue
                }
                if name == ConfigActions.destinationsKey {
                    actions.destinations = try ConfigActions.destinations(value, file: file, line: lineOrNil)
                    continue
                }
                if name == ConfigActions.commandsKey {
                    actions.commands = try ConfigActions.commands(value, lines: lines, file: file, bindings: &bindings)
                    continue
                }
                if name == ConfigMqtt.section, let section = value.table {
                    mqtt = try ConfigMqtt.read(section, lines: lines, file: file)
                    continue
                }
                if name == ConfigImmich.section, let section = value.table {
                    immich = try ConfigImmich.read(section, lines: lines, file: file)
                    continue
                }
                guard let key = known[name] else {
                    if value.type == .table {
                        throw ConfigError(file: file, line: lineOrNil, key: name,
                                          message: "tables are not used; write the keys at the top level, before any [section]")
                    }
                    throw ConfigError(file: file, line: lineOrNil, key: name, message: "unknown key")
                }
                let converted = try convert(value, for: key, file: file, line: lineOrNil)
                settings.append(ConfigSetting(key: key, value: converted, file: file, line: line))
            } catch {
                errors.append(error)
            }
        }
        // The first problem in reading order, the same one every time.
        if let first = errors.min(by: { ($0.line ?? 0, $0.key ?? "") < ($1.line ?? 0, $1.key ?? "") }) { throw first }
        return Document(settings: settings.sorted { ($0.line, $0.key.name) < ($1.line, $1.key.name) },
                        keyBindings: bindings.sorted { ($0.line, $0.text) < ($1.line, $1.text) }, actions: actions, mqtt: mqtt, immich: immich)
    }

    /// `"ctrl+o" = "open"`: each binding checked, each problem kept with its line.
    private static func keyBindings(in section: TOMLTable, lines: [String: Int], file: String,
                                    errors: inout [ConfigError]) -> [ConfigKeyBinding] {
        var bindings: [ConfigKeyBinding] = []
        for key in section.keys {
            let line = lines[TOMLKeyLines.inTable(ConfigKeyBinding.section, key)]
            do throws(ConfigError) {
                guard let command = section[key]?.string else {
                    throw ConfigError(file: file, line: line, key: "\(ConfigKeyBinding.section).\(key)",
                                      message: "expected a command as a string, as \"ctrl+o\" = \"open\"")
                }
                bindings.append(try ConfigKeyBinding(key: key, command: command, file: file, line: line))
            } catch {
                errors.append(error)
            }
        }
        return bindings
    }

    private static func convert(_ value: TOMLValueConvertible, for key: ConfigKey, file: String, line: Int?) throws(ConfigError) -> ConfigValue {
        func wrong(_ expected: String) -> ConfigError {
            ConfigError(file: file, line: line, key: key.name, message: "expected \(expected), found \(describe(value.type))")
        }
        switch key.kind {
        case .flag, .invertibleFlag:
            guard let b = value.bool else { throw wrong("true or false") }
            return .bool(b)
        case .option:
            // The type is ArgumentParser's to check, as for a value typed by hand: `margin = "3"`
            // is `--margin=3`, and `margin = "wide"` fails there, blamed on this line.
            if let n = value.int { return .integer(n) }
            if let x = value.double { return .number(x) }
            if key.takesList, let array = value.array { return .string(try listItems(array, for: key, file: file, line: line).joined(separator: ",")) }
            guard let s = value.string else { throw wrong(key.takesList ? "a list of strings or a string" : "a string or a number") }
            return .string(s)
        case .paths:
            if let s = value.string { return .strings([resolve(s, against: file)]) }
            guard let array = value.array else { throw wrong("a list of strings") }
            var paths: [String] = []
            for (n, item) in array.enumerated() {
                guard let s = item.string, !s.isEmpty else {
                    throw ConfigError(file: file, line: line, key: key.name,
                                      message: "item \(n + 1) is \(item.string == nil ? describe(item.type) : "an empty string"); expected a list of paths")
                }
                paths.append(resolve(s, against: file))
            }
            return .strings(paths)
        }
    }

    /// The items of a list written as a TOML list: each a word of its own.
    private static func listItems(_ array: TOMLArray, for key: ConfigKey, file: String, line: Int?) throws(ConfigError) -> [String] {
        var items: [String] = []
        for (n, item) in array.enumerated() {
            guard let s = item.string, !s.isEmpty, !s.contains(",") else {
                let found = item.string.map { $0.isEmpty ? "an empty string" : "\"\($0)\", with a comma" } ?? describe(item.type)
                throw ConfigError(file: file, line: line, key: key.name, message: "item \(n + 1) is \(found); expected a list of words")
            }
            items.append(s)
        }
        return items
    }

    private static func describe(_ type: TOMLType) -> String {
        switch type {
        case .table: "a table"
        case .array: "a list"
        case .string: "a string"
        case .int: "an integer"
        case .double: "a float"
        case .bool: "a boolean"
        case .date: "a date"
        case .time: "a time"
        case .dateTime: "a date-time"
        }
    }

    /// `~` is the home folder and a relative path is relative to the file that names it, so a
    /// configuration means the same thing whatever the working directory (a service's is `/`).
    static func resolve(_ path: String, against file: String, home: String? = ProcessEnvironment.home) -> String {
        if path == "~" || path.hasPrefix("~/"), let home, !home.isEmpty {
            return home + path.dropFirst()
        }
        if path.hasPrefix("/") { return path }
        guard let slash = file.lastIndex(of: "/") else { return path }
        return String(file[...slash]) + path
    }

    private static func readBounded(_ path: String, mustExist: Bool) throws(ReadError) -> [UInt8]? {
        // O_NONBLOCK: a FIFO named as the configuration must not hang the start; fstat refuses it below.
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        if fd < 0 {
            let code = errno
            if !mustExist, code == ENOENT || code == ENOTDIR { return nil }
            throw ReadError(code == ENOENT ? "no such file" : "cannot read: \(String(cString: strerror(code)))")
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw ReadError("cannot read: \(String(cString: strerror(errno)))") }
        guard (info.st_mode & S_IFMT) == S_IFREG else { throw ReadError("is not a regular file") }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw ReadError("cannot read: \(String(cString: strerror(errno)))")
            }
            if n == 0 { return bytes }
            bytes.append(contentsOf: chunk[0..<n])
            if bytes.count > maxBytes { throw ReadError("is larger than \(maxBytes >> 20) MiB") }
        }
    }

    private struct ReadError: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}

enum ProcessEnvironment {
    static var home: String? { getenv("HOME").map { String(cString: $0) } }
}

// The configuration's keys for acting on photos, which have no command-line option: the folders
// the move and copy chooser offers (`destinations = ["~/Pictures/Best"]`) and the commands `run`
// starts (`[[commands]]` with `name`, `argv` and an optional `key`). Checked when the file is
// read, each problem with its file and line like any other key's.

import Control
import TOMLKit

public struct ConfigActions: Sendable, Equatable {
    static let destinationsKey = "destinations"
    static let commandsKey = "commands"

    /// nil: the file does not set it (another file's value stands).
    public var destinations: [String]?
    public var commands: [ActionCommand]?

    /// `destinations`: a list of folders, `~` and relative paths resolved as `paths` are.
    static func destinations(_ value: TOMLValueConvertible, file: String, line: Int?) throws(ConfigError) -> [String] {
        guard let items = value.array.map({ $0.map(\.string) }) else {
            throw ConfigError(file: file, line: line, key: destinationsKey, message: "expected a list of folders, as destinations = [\"~/Pictures/Best\"]")
        }
        for (n, item) in items.enumerated() where item?.isEmpty != false {
            throw ConfigError(file: file, line: line, key: destinationsKey,
                              message: "item \(n + 1) is \(item == nil ? "not a string" : "an empty string"); expected a list of folders")
        }
        return items.compactMap { $0 }.map { ConfigFile.resolve($0, against: file) }
    }

    /// `[[commands]]`: each a table with `name`, `argv` (a list of strings) and optionally `key`.
    /// A key becomes a binding on the wall and the photo, as `[keys]` makes one.
    static func commands(_ value: TOMLValueConvertible, lines: [String: Int], file: String,
                         bindings: inout [ConfigKeyBinding]) throws(ConfigError) -> [ActionCommand] {
        let line = lines[commandsKey]
        guard let array = value.array, case let tables = array.compactMap(\.table), tables.count == array.count else {
            throw ConfigError(file: file, line: line, key: commandsKey, message: "expected [[commands]] tables with name and argv")
        }
        var commands: [ActionCommand] = []
        for (n, table) in tables.enumerated() {
            let at = "\(commandsKey)[\(n + 1)]"
            func fail(_ message: String, _ field: String? = nil) -> ConfigError {
                ConfigError(file: file, line: field.flatMap { lines[TOMLKeyLines.inTable(commandsKey, $0)] } ?? line,
                            key: field.map { "\(at).\($0)" } ?? at, message: message)
            }
            if let unknown = table.keys.first(where: { !["name", "argv", "key"].contains($0) }) {
                throw fail("unknown key (a command has name, argv and key)", unknown)
            }
            guard let name = table["name"]?.string, !name.isEmpty else { throw fail("needs a name, as name = \"gimp\"", "name") }
            guard let argv = table["argv"]?.array?.map(\.string), !argv.isEmpty, argv.allSatisfy({ $0 != nil }) else {
                throw fail("needs argv, a list of strings, as argv = [\"gimp\", \"{paths}\"]", "argv")
            }
            if commands.contains(where: { $0.name == name }) { throw fail("\"\(name)\" is named twice", "name") }
            let key = table["key"]?.string
            if table["key"] != nil, key?.isEmpty != false { throw fail("expected a key as a string, as key = \"ctrl+g\"", "key") }
            let command: ActionCommand
            do {
                command = try ActionCommand(name: name, key: key, argv: argv.compactMap { $0 })
            } catch {
                throw fail(error.message, "argv")
            }
            if let key {
                bindings.append(try ConfigKeyBinding(key: key, command: .run(name, .targets), text: "run \(name)", file: file,
                                                     line: lines[TOMLKeyLines.inTable(commandsKey, "key")] ?? line, named: "\(at).key"))
            }
            commands.append(command)
        }
        return commands
    }
}

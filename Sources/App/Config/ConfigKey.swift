// The keys of the configuration file: one per option of `cascade view`, named like the long
// option without its dashes, so the file and the command line speak one language. The table is
// not written here but read from the command's own declarations (ArgumentParser's description
// of them), so an option is declared once — with its help, its range and, for those a running
// viewer cannot change, the note saying so — and the file knows it at once.

import Foundation

public struct ConfigKey: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// `key = true` → `--key`; `false` → nothing (the option has no negative form).
        case flag
        /// `key = true` → `--key`; `false` → `--no-key`.
        case invertibleFlag
        /// `key = value` (a string or a number) → `--key=value`; ArgumentParser checks the value.
        case option
        /// The positional photos and folders: a list of strings, used only when the command
        /// line names none.
        case paths
    }

    public let name: String
    public let kind: Kind
    /// What a reload does instead of applying a new value ("the window keeps its size"); nil:
    /// a reload applies it.
    public let restartOnly: String?
    /// An option whose value is a list separated by commas (its help's value name is LIST): the
    /// file may write it as a TOML list too, `["date", "place"]` for `"date,place"`.
    public let takesList: Bool

    public init(_ name: String, _ kind: Kind, restartOnly: String? = nil, takesList: Bool = false) {
        self.name = name
        self.kind = kind
        self.restartOnly = restartOnly
        self.takesList = takesList
    }

    /// The value name by which an option's help says it takes a list separated by commas.
    public static let listValueName = "LIST"

    /// How an option's help marks it restart-only. The same words tell `--help`'s reader and
    /// this table.
    public static func restartOnlyNote(_ consequence: String = "a reload keeps the running value") -> String {
        restartOnlyPrefix + consequence + "."
    }

    static let restartOnlyPrefix = "Changes only on restart: "
}

extension ConfigKey {
    /// The keys for a command, from ArgumentParser's JSON description of it (`_dumpHelp()`,
    /// which `--experimental-dump-help` prints). `--config` names the file, `--help` and
    /// `--version` answer and exit, `--choose-folder` asks the person at the screen (the
    /// desktop entry's action), and `--print-marked` answers the script that started this run:
    /// none of them is a key.
    public static func keys(fromParserDump json: String) throws -> [ConfigKey] {
        let dump = try JSONDecoder().decode(ParserDump.self, from: Data(json.utf8))
        let arguments = dump.command.arguments
        let flags = Set(arguments.filter { $0.kind == "flag" }.compactMap(\.long))
        var keys: [ConfigKey] = []
        for argument in arguments {
            let restartOnly = argument.discussion.flatMap { text -> String? in
                guard text.hasPrefix(restartOnlyPrefix) else { return nil }
                return String(text.dropFirst(restartOnlyPrefix.count).dropLast(text.hasSuffix(".") ? 1 : 0))
            }
            switch argument.kind {
            case "positional":
                keys.append(ConfigKey(argument.valueName ?? "paths", .paths, restartOnly: restartOnly))
            case "option":
                guard let name = argument.long, name != "config" else { continue }
                keys.append(ConfigKey(name, .option, restartOnly: restartOnly, takesList: argument.valueName == listValueName))
            case "flag":
                guard let name = argument.long, !["help", "version", "choose-folder", "print-marked"].contains(name) else { continue }
                if name.hasPrefix("no-"), flags.contains(String(name.dropFirst(3))) { continue }
                keys.append(ConfigKey(name, flags.contains("no-" + name) ? .invertibleFlag : .flag, restartOnly: restartOnly))
            default:
                continue
            }
        }
        return keys
    }
}

/// The part of ArgumentParser's description (ArgumentParserToolInfo's CommandInfoV0) the keys
/// come from.
private struct ParserDump: Decodable {
    struct Command: Decodable { let arguments: [Argument] }
    struct Argument: Decodable {
        struct Name: Decodable { let kind: String; let name: String }
        let kind: String
        let names: [Name]?
        let valueName: String?
        let discussion: String?
        var long: String? { names?.first { $0.kind == "long" }?.name }
    }
    let command: Command
}

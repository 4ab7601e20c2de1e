// One line of a configuration file's `[keys]` section: `"ctrl+o" = "open"`. The key is written
// as in KeyBinding.Chord, optionally after a screen (`wall:`, `detail:`, `slideshow:`) to bind
// it there only; the command as the command table names it (Command.parse). Both are checked
// when the file is read, so a typo is an error with the file and line, like any other setting's.

import Control

public struct ConfigKeyBinding: Sendable, Equatable {
    let modes: Set<ViewerMode>
    let chord: KeyBinding.Chord
    let command: Command
    /// The command as written, which the help shows for it.
    public let text: String
    public let file: String
    public let line: Int

    /// The section's name in the file.
    static let section = "keys"

    init(key: String, command text: String, file: String, line: Int?) throws(ConfigError) {
        let command: Command
        do throws(ControlError) {
            command = try Command.parse(words: text.split(separator: " ").map(String.init))
        } catch let problem {
            throw ConfigError(file: file, line: line, key: "\(Self.section).\(key)", message: problem.message)
        }
        try self.init(key: key, command: command, text: text, file: file, line: line, named: "\(Self.section).\(key)")
    }

    /// `key` for `command`, made elsewhere in the file (a `[[commands]]` entry's `key`); `named`
    /// is how an error names the setting.
    init(key: String, command: Command, text: String, file: String, line: Int?, named: String) throws(ConfigError) {
        func error(_ message: String) -> ConfigError {
            ConfigError(file: file, line: line, key: named, message: message)
        }
        var chordText = Substring(key)
        var modes: Set<ViewerMode> = [.wall, .detail]
        if let colon = key.firstIndex(of: ":") {
            let name = String(key[..<colon])
            guard let mode = CommandTable.modes.first(where: { $0.rawValue == name }) else {
                throw error("\"\(name)\" is no screen (\(CommandTable.modes.map(\.rawValue).joined(separator: ", ")))")
            }
            modes = [mode]
            chordText = key[key.index(after: colon)...]
        }
        do throws(ControlError) {
            chord = try KeyBinding.Chord(parsing: String(chordText))
        } catch let problem {
            throw error(problem.message)
        }
        self.modes = modes
        self.command = command
        self.text = text
        self.file = file
        self.line = line ?? 0
    }

    var binding: KeyBinding { KeyBinding(modes, [chord], command, text) }
}

// The configuration's folders for move and copy, and its commands for `run`: read with `~`
// resolved and keys bound, and every mistake an error with the file and line.

import Control
import Testing
@testable import App

@Suite("destinations and commands in the configuration")
struct ConfigActionsTests {
    private func read(_ text: String) throws -> ConfigFile.Document {
        try ConfigFile.parseDocument(text, file: "/etc/cascade/c.toml", keys: viewKeys)
    }

    @Test func destinationsAndCommandsAreRead() throws {
        let document = try read("""
            columns = 3
            destinations = ["/media/card", "best"]

            [[commands]]
            name = "gimp"
            argv = ["gimp", "{paths}"]
            key = "detail:ctrl+g"

            [[commands]]
            name = "upload"
            argv = ["rsync", "{paths}", "nas:"]
            """)
        #expect(document.actions.destinations == ["/media/card", "/etc/cascade/best"], "relative to the file, as paths are")
        #expect(document.actions.commands?.map(\.name) == ["gimp", "upload"])
        #expect(document.actions.commands?.first?.argv == ["gimp", "{paths}"])
        let binding = try #require(document.keyBindings.first)
        #expect(binding.command == .run("gimp", .targets), "a command's key runs it")
        #expect(binding.modes == [.detail], "on the screen its key names")
        #expect(document.settings.map(\.key.name) == ["columns"])
    }

    @Test("each mistake names the file, the line and the key", arguments: [
        ("destinations = \"/media/card\"", "c.toml:1: key 'destinations'"),
        ("destinations = [\"\"]", "item 1 is an empty string"),
        ("[[commands]]\nname = \"x\"", "needs argv"),
        ("[[commands]]\nname = \"x\"\nargv = [\"sh\", \"-c\", \"rm {path}\"]", "c.toml:3: key 'commands[1].argv'"),
        ("[[commands]]\nname = \"x\"\nargv = [\"a\"]\nkey = \"ctrl+nothing\"", "c.toml:4: key 'commands[1].key'"),
        ("[[commands]]\nname = \"x\"\nargv = [\"a\"]\nshell = true", "unknown key"),
        ("[[commands]]\nname = \"x\"\nargv = [\"a\"]\n[[commands]]\nname = \"x\"\nargv = [\"b\"]", "named twice"),
    ])
    func mistakes(text: String, expected: String) {
        #expect {
            try read(text)
        } throws: { error in
            "\(error)".contains(expected)
        }
    }
}

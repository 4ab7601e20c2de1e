// The command table is the one list of commands: the socket, `cascade ctl` and `[keys]` read
// what it says, and the keys repeat or only ask as its rows say.

import Testing
@testable import Control

@Suite("the command table")
struct CommandTableTests {
    @Test("each command is named once, and each row's words alone or with an argument make a command")
    func rowsAreWellFormed() {
        var seen = Set<[String]>()
        for row in CommandTable.rows {
            #expect(seen.insert(row.words).inserted, "\(row.words) twice")
            #expect(row.command != nil || row.argument != nil, "\(row.words) makes no command")
            #expect(row.keys.isEmpty || row.command != nil, "\(row.words) has keys but needs an argument")
            let modes = row.keys.flatMap(\.modes)
            #expect(Set(modes).count == modes.count, "\(row.words) has two sets of keys on one screen")
        }
        #expect(CommandTable.modes == [.wall, .detail, .slideshow, .scrubber])
        #expect(CommandTable.modes.map(\.rawValue) == ["wall", "detail", "slideshow", "scrubber"], "as get-state reports them")
    }

    @Test("held, the keys that scroll, step and zoom repeat; those that open, toggle or ask do not")
    func repeatsAndQueries() {
        let repeating: [Command] = [.moveCursor(.up), .moveCursor(.down), .moveCursor(.left), .moveCursor(.right),
                                    .pageDown, .pageUp, .zoomIn, .zoomOut, .next, .previous,
                                    .slideshow(.next), .slideshow(.previous)]
        for command in repeating { #expect(command.repeats, "\(command)") }
        for command: Command in [.openAtCursor, .open(1), .back, .toggleHelp, .quit, .slideshow(.start), .slideshow(.togglePause), .getState] {
            #expect(!command.repeats, "\(command)")
        }
        #expect(Command.getState.isQuery && Command.getStats.isQuery)
        #expect(!Command.select(0).isQuery && !Command.reload.isQuery)
    }

    @Test("a command's words as [keys] and ctl write them: the slideshow's next is not the photo's next")
    func parseWords() throws {
        #expect(try Command.parse(words: ["next"]) == .next)
        #expect(try Command.parse(words: ["slideshow", "next"]) == .slideshow(.next))
        #expect(try Command.parse(words: ["slideshow"]) == .slideshow(.start))
        #expect(try Command.parse(words: ["open"]) == .openAtCursor)
        #expect(try Command.parse(words: ["open", "3"]) == .open(3))
        #expect(try Command.parse(words: ["screen", "off"]) == .screen(.off))
        #expect(throws: ControlError("subscribe is for the control socket only")) { try Command.parse(words: ["subscribe", "*"]) }
        #expect(throws: ControlError("next takes no arguments, got 1")) { try Command.parse(words: ["next", "1"]) }
        do throws(ControlError) {
            _ = try Command.parse(words: ["opne"])
            Issue.record("opne was read")
        } catch {
            #expect(error.message.hasPrefix("unknown command \"opne\" (commands: scroll-to, select, cursor-up,"))
            #expect(!error.message.contains("get-state"), "asking is not worth a key")
        }
    }
}

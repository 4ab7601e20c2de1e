// `move`, `copy`, `copy-path` and `run` as the socket and `cascade ctl` write them, and the argv
// a configured command gets: one argument per photo, whatever the photo is called.

import Testing
@testable import Control

@Suite("the file action commands")
struct FileActionCommandTests {
    @Test("move and copy take a folder, or a folder and the photos; alone they open the chooser")
    func transfer() throws {
        #expect(try Command.parse(words: ["move"]) == .transfer(.move, to: nil, .targets))
        #expect(try Command.parse(words: ["copy", "/media/card"]) == .transfer(.copy, to: "/media/card", .targets))
        #expect(try CommandTable.command("move", [.object([("to", .string("/best")), ("index", .int(3))])])
                == .transfer(.move, to: "/best", .index(3)))
        #expect(try CommandTable.command("copy", [.object([("to", .string("/best")), ("paths", .array([.string("/a b.jpg")]))])])
                == .transfer(.copy, to: "/best", .paths(["/a b.jpg"])))
    }

    @Test("a request without a folder, with both index and paths, or with an unknown field is an error naming it")
    func transferMistakes() {
        for (value, words) in [(JSONValue.object([("index", .int(1))]), "\"to\""),
                               (.object([("to", .string("/x")), ("index", .int(1)), ("paths", .array([.string("/a")]))]), "not both"),
                               (.object([("to", .string("/x")), ("into", .string("/y"))]), "\"into\""),
                               (.object([("to", .string("/x")), ("paths", .array([]))]), "list of files"),
                               (.string(""), "folder")] {
            #expect {
                try CommandTable.command("move", [value])
            } throws: { error in
                "\(error)".contains(words)
            }
        }
    }

    @Test("copy-path and run name their photos the same way")
    func copyPathAndRun() throws {
        #expect(try Command.parse(words: ["copy-path"]) == .copyPath(.targets))
        #expect(try Command.parse(words: ["copy-path", "4"]) == .copyPath(.index(4)))
        #expect(try Command.parse(words: ["run", "gimp"]) == .run("gimp", .targets))
        #expect(try CommandTable.command("run", [.object([("name", .string("gimp")), ("paths", .array([.string("/p.jpg")]))])])
                == .run("gimp", .paths(["/p.jpg"])))
        #expect(throws: ControlError.self) { try Command.parse(words: ["run"]) }
    }

    @Test("{paths} is one argument per photo and {path} the first, spaces and leading dashes included")
    func argv() throws {
        let command = try ActionCommand(name: "record", key: nil, argv: ["tool", "--first={path}", "--", "{paths}", "end"])
        let paths = ["/p/a b.jpg", "-rf.jpg", "/p/c.jpg"].map { Array($0.utf8) }
        let argv = command.arguments(paths: paths).map { String(decoding: $0, as: UTF8.self) }
        #expect(argv == ["tool", "--first=/p/a b.jpg", "--", "/p/a b.jpg", "-rf.jpg", "/p/c.jpg", "end"])
    }

    @Test("a command that would hand the photos' names to a shell as code is refused")
    func shellScriptRefused() {
        #expect(throws: CommandTemplate.SyntaxError.self) {
            try ActionCommand(name: "bad", key: nil, argv: ["sh", "-c", "echo {paths}"])
        }
        #expect(throws: CommandTemplate.SyntaxError.self) { try ActionCommand(name: "none", key: nil, argv: ["{path}"]) }
        #expect(throws: Never.self) { try ActionCommand(name: "ok", key: nil, argv: ["sh", "-c", "echo \"$@\"", "sh", "{paths}"]) }
    }
}

@Suite("the file actions' events")
struct FileActionEventTests {
    @Test("a program can subscribe to moved, copied, ran, marked and unmarked, alone or by unsubscribing others from *")
    func subscribable() {
        for event in ["moved", "copied", "ran", "marked", "unmarked"] {
            guard case .success = ControlProtocol.message(name: .string("subscribe"), arguments: [.string(event)]) else {
                Issue.record("subscribe \(event) was refused")
                continue
            }
            #expect(ControlProtocol.eventNames.contains(event))
        }
    }
}

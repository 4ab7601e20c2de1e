// docs/control.md documents exactly the command table's commands, each with its arguments.

import Foundation
import Testing
@testable import Control
import TestSupport

@Suite("the commands, as docs/control.md gives them")
struct CommandDocumentationTests {
    /// A command's cell in one of docs/control.md's tables of commands.
    struct DocumentedCommand {
        let name: String
        /// The arguments column; "—" where the table has none (commands without arguments).
        let arguments: String
    }

    /// Every row of every table in `text` whose header starts with "command": each command named
    /// in backticks in its first cell, with the row's arguments cell.
    static func documentedCommands(in text: String) -> [DocumentedCommand] {
        var found: [DocumentedCommand] = []
        var argumentsColumn: Int?? = nil  // nil: not in a table of commands
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            guard line.hasPrefix("|") else { argumentsColumn = nil; continue }
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast()
                .map { $0.trimmingCharacters(in: .whitespaces) }
            if argumentsColumn == nil {
                guard cells.first == "command" else { continue }
                argumentsColumn = .some(cells.firstIndex(of: "arguments"))
                continue
            }
            guard let column = argumentsColumn, !cells.allSatisfy({ $0.allSatisfy { "-: ".contains($0) } }) else { continue }
            let arguments = column.map { cells.indices.contains($0) ? cells[$0] : "" } ?? "—"
            for name in backticked(cells.first ?? "") {
                found.append(DocumentedCommand(name: name, arguments: arguments))
            }
        }
        return found
    }

    static func backticked(_ text: String) -> [String] {
        text.split(separator: "`", omittingEmptySubsequences: false).enumerated()
            .filter { $0.offset % 2 == 1 }.map { String($0.element) }
    }

    /// What the doc must say about the arguments of the commands named `name`.
    static func expectedArguments(_ name: String) -> (pieces: [String], bareToo: Bool) {
        let rows = CommandTable.rows.filter { $0.name == name }
        let pieces = rows.flatMap { row in
            (row.argument?.documented ?? []) + row.words.dropFirst().map { "`\"\($0)\"`" }
        }
        return (pieces, rows.contains { $0.words.count == 1 && $0.command != nil })
    }

    @Test("docs/control.md names every command of the table with its arguments, and no other")
    func controlDocument() throws {
        let text = try String(contentsOfFile: packageRoot + "/docs/control.md", encoding: .utf8)
        let documented = Self.documentedCommands(in: text)
        #expect(documented.count > 20, "docs/control.md has its tables of commands")
        for name in CommandTable.names {
            let cells = documented.filter { $0.name == name }
            guard let cell = cells.first else {
                Issue.record("docs/control.md has no row for \(name)")
                continue
            }
            #expect(cells.count == 1, "docs/control.md has \(cells.count) rows for \(name)")
            let (pieces, bareToo) = Self.expectedArguments(name)
            if pieces.isEmpty {
                #expect(cell.arguments == "—", "\(name) takes no arguments; docs/control.md says \(cell.arguments)")
            } else {
                for piece in pieces {
                    #expect(cell.arguments.contains(piece), "docs/control.md's arguments of \(name) do not say \(piece)")
                }
                if bareToo {
                    #expect(cell.arguments.contains("no argument"), "docs/control.md does not say what \(name) does with no argument")
                }
            }
        }
        for cell in documented where !ControlProtocol.commandNames.contains(cell.name) {
            Issue.record("docs/control.md documents \(cell.name), which is no command")
        }
        for name in ControlProtocol.messageNames {
            #expect(documented.contains { $0.name == name }, "docs/control.md has no row for \(name)")
        }
    }

    @Test("docs/control.md's Events section names every event a subscriber can ask for")
    func eventsDocumented() throws {
        let text = try String(contentsOfFile: packageRoot + "/docs/control.md", encoding: .utf8)
        let start = try #require(text.range(of: "\n## Events\n"), "docs/control.md has an Events section")
        let section = text[start.upperBound...].prefix { _ in true }
        let events = String(section[..<(section.range(of: "\n## ")?.lowerBound ?? section.endIndex)])
        let named = Set(Self.backticked(events).map { $0.split(separator: " ").first.map(String.init) ?? $0 })
        for name in ControlProtocol.eventNames {
            #expect(named.contains(name), "docs/control.md's Events section does not name `\(name)`")
        }
    }
}

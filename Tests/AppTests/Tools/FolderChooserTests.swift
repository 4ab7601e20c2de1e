import Foundation
import Testing
@testable import App

/// The desktop entry's Open Folder action: what the dialog programs are asked and what their
/// answers mean (DesktopViewerEndToEndTests runs the real zenity).
@Suite struct FolderChooserTests {
    @Test func zenityOpensInTheStartFolderAndKdialogIsTheFallback() {
        let commands = FolderChooser.commands(startingIn: "/home/ann/Pictures")
        #expect(commands.map(\.program) == ["zenity", "kdialog"])
        #expect(commands[0].arguments.contains("--directory"))
        // With the slash zenity opens the folder; without it, it would open its parent with it selected.
        #expect(commands[0].arguments.contains("--filename=/home/ann/Pictures/"))
        #expect(commands[1].arguments.starts(with: ["--getexistingdirectory", "/home/ann/Pictures"]))
    }

    @Test func theAnswersMeanAFolderACancelOrAnError() throws {
        let folder = Data("/home/ann/Pictures/Holiday\n".utf8)
        #expect(try FolderChooser.outcome(status: 0, output: folder, errors: Data(), program: "zenity") == .chosen("/home/ann/Pictures/Holiday"))
        #expect(try FolderChooser.outcome(status: 1, output: Data(), errors: Data(), program: "zenity") == .cancelled)
        #expect(try FolderChooser.outcome(status: 0, output: Data("\n".utf8), errors: Data(), program: "kdialog") == .cancelled)
        let chatter = Data("dconf-WARNING: failed to commit\ncannot open display: :9\n".utf8)
        #expect(throws: CommandError.self) { try FolderChooser.outcome(status: 255, output: Data(), errors: chatter, program: "zenity") }
        do {
            _ = try FolderChooser.outcome(status: 255, output: Data(), errors: chatter, program: "zenity")
        } catch let error as CommandError {
            #expect(error.description == "zenity could not ask for a folder (exit status 255): cannot open display: :9")
        }
    }
}

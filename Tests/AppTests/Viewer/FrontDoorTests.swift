// What a command from the control socket or the MQTT bus may name: photos on the wall (as the
// wall stores their paths) and configured destinations; what the bus may not ask at all. Checked
// before any file is touched, so a refusal leaves every file where it was.

import CSDL2
import Control
import Foundation
import Photos
import Testing
@testable import App
@testable import TestSupport

extension ViewerSessionTests {
    /// A session on six photos with `destination` configured.
    private func doorWall(_ library: ColourLibrary, destination: String,
                          configure: (inout ViewerOptions) -> Void = { _ in }) throws -> SessionLoop {
        let loop = try SessionLoop {
            $0.destinations = [PhotoPath(destination)]
            configure(&$0)
        }
        loop.session.finishScan(.scanned(library.entries, issues: [], live: nil, edit: nil))
        return loop
    }

    private func refusal(_ result: Result<JSONValue, ControlError>) -> String? {
        if case .failure(let error) = result { return error.message }
        return nil
    }

    @Test("the socket's copy, copy-path and run of a file not on the wall are refused, naming it; a path that cleans to a photo goes")
    func socketPathsMustBeOnTheWall() throws {
        let library = try ColourLibrary(count: 6)
        defer { SDL_QuitSubSystem(SDL_INIT_VIDEO | SDL_INIT_EVENTS) }
        let scratch = TemporaryFolder("cascade-doors")
        let destination = scratch.path + "/best"
        try FileManager.default.createDirectory(atPath: destination, withIntermediateDirectories: true)
        let secret = try scratch.file("id_rsa", "key")
        let command = try ActionCommand(name: "x", key: nil, argv: ["/bin/true", "{paths}"])
        let loop = try doorWall(library, destination: destination) { $0.commands = [command] }
        let session = loop.session
        let photo = library.entries[1].path.string
        // Through the photos' folder and out again, up past the root: lexically, the key.
        let sneaky = library.folder.path + String(repeating: "/..", count: 40) + secret
        for paths in [[secret], [photo, secret], [sneaky]] {
            for command in [Command.transfer(.copy, to: destination, .paths(paths)), .copyPath(.paths(paths)), .run("x", .paths(paths))] {
                let message = refusal(session.perform(command, from: .control))
                #expect(message?.hasSuffix("\(paths.last!) is not a photo on the wall") == true, "\(command): \(message ?? "done")")
            }
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: destination).isEmpty, "nothing was copied")
        let cleaned = library.folder.path + "/sub/../" + library.photos[1].name
        #expect(refusal(session.perform(.transfer(.copy, to: destination, .paths([cleaned])), from: .control)) == nil,
                "a path the wall stores the same way is a photo on the wall")
    }

    @Test("a move or copy from a door names a configured destination or none")
    func destinationsMustBeConfigured() throws {
        let library = try ColourLibrary(count: 6)
        defer { SDL_QuitSubSystem(SDL_INIT_VIDEO | SDL_INIT_EVENTS) }
        let scratch = TemporaryFolder("cascade-doors")
        let destination = scratch.path + "/best"
        let elsewhere = scratch.path + "/autostart"
        for folder in [destination, elsewhere] { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
        let loop = try doorWall(library, destination: destination)
        let session = loop.session
        for action in FileAction.allCases {
            let message = refusal(session.perform(.transfer(action, to: elsewhere, .index(0)), from: .control))
            #expect(message?.contains("\(elsewhere) is not one of the configured destinations (\(destination))") == true, "\(message ?? "done")")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere).isEmpty)
        #expect(refusal(session.perform(.transfer(.copy, to: destination + "/", .index(0)), from: .control)) == nil,
                "the configured folder, however its path ends")
    }

    @Test("the bus: no run, no move or copy unless allowed, and trash only ever the photo on screen")
    func busPolicy() throws {
        let library = try ColourLibrary(count: 6)
        defer { SDL_QuitSubSystem(SDL_INIT_VIDEO | SDL_INIT_EVENTS) }
        let scratch = TemporaryFolder("cascade-doors")
        let destination = scratch.path + "/best"
        try FileManager.default.createDirectory(atPath: destination, withIntermediateDirectories: true)
        let command = try ActionCommand(name: "x", key: nil, argv: ["/bin/true"])
        let closed = try doorWall(library, destination: destination) { $0.commands = [command] }
        #expect(refusal(closed.session.perform(.run("x", .index(0)), from: .mqtt)) == "run is not taken over MQTT")
        #expect(refusal(closed.session.perform(.transfer(.copy, to: destination, .index(0)), from: .mqtt))?.contains("allow-file-commands") == true)
        // On the wall no photo is on screen: trash 0 is not photo 0.
        #expect(refusal(closed.session.perform(.trash(0), from: .mqtt))?.contains("no photo is shown") == true)
        #expect(closed.session.wall.entries.count == 6)
        #expect(FileManager.default.fileExists(atPath: library.entries[0].path.string))

        let open = try doorWall(library, destination: destination) { $0.mqttAllowsFileCommands = true }
        #expect(refusal(open.session.perform(.transfer(.copy, to: destination, .index(0)), from: .mqtt)) == nil)
        #expect(refusal(open.session.perform(.transfer(.copy, to: scratch.path, .index(0)), from: .mqtt))?.contains("configured destinations") == true)
    }
}

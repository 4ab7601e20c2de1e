// The viewer started from a terminal, as a person types `cascade ~/Photos`: the real binary on a
// pseudo-terminal (util-linux `script`), with SDL's dummy video driver. It quits through its
// control socket once it listens; the shell polls for that (no fixed wait).

import Foundation
import Testing
@testable import TestSupport

@Suite("the viewer in a terminal")
struct ViewerTerminalTests {
    /// What cascade printed on a terminal, from start to a `quit` over the socket.
    func terminalOutput(_ folder: String, environment: [String: String] = [:]) async throws -> (status: Termination, text: String) {
        let socket = makeTemporaryFolder("cascade-tty", short: true) + "/c.sock"
        defer { removeFolder((socket as NSString).deletingLastPathComponent) }
        let cascade = "'\(cascadeBinary)'"
        let command = "\(cascade) '\(folder)' --geometry 320x240 --control '\(socket)' & p=$!; "
            + "until \(cascade) ctl --socket '\(socket)' get-state >/dev/null 2>&1; do kill -0 $p || exit 9; done; "
            + "\(cascade) ctl --socket '\(socket)' quit >/dev/null; wait $p"
        let run = try await runTool("/usr/bin/script", ["-qec", command, "/dev/null"],
                                    environment: ["SDL_VIDEODRIVER": "dummy"].merging(environment) { $1 })
        return (run.status, String(decoding: run.output, as: UTF8.self))
    }

    @Test("quiet by default: no info lines at a terminal, only what is wrong; CASCADE_LOG=info brings them back")
    func quietAtATerminal() async throws {
        let folder = try PhotoFolder()
        try folder.photo("a.png", width: 400, height: 300, colour: "#d03030")
        let cache = TemporaryFolder("cascade-tty-cache")
        let quiet = try await terminalOutput(folder.path, environment: ["XDG_CACHE_HOME": cache.path])
        #expect(quiet.status == .exited(0), "\(quiet.text)")
        #expect(!quiet.text.contains(" info "), "info lines at a terminal:\n\(quiet.text)")

        let chatty = try await terminalOutput(folder.path, environment: ["XDG_CACHE_HOME": cache.path, "CASCADE_LOG": "info"])
        #expect(chatty.status == .exited(0), "\(chatty.text)")
        #expect(chatty.text.contains(" info "), "CASCADE_LOG=info says what it did:\n\(chatty.text)")
    }
}

// On-select commands and hostile file names, through the real binary. A command written as
// `sh -c 'echo {path} >> out.txt'` would let photos named `$(touch pwned).jpg`, `;touch pwned3;.jpg`
// and `` `touch pwned4`.jpg `` run their commands, so that form is refused with exit status 64 and
// the safe form in the message — on the command line, in the configuration file (file and line
// named) and on SIGHUP (the running command stays) — and the safe form writes each name
// literally and runs nothing.

import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif
@testable import TestSupport

@Suite("on-select and hostile file names, end to end", .serialized)
struct OnSelectInjectionEndToEndTests {
    static let hostileNames = ["$(touch pwned).jpg", ";touch pwned3;.jpg", "`touch pwned4`.jpg"]
    static let payloads = ["pwned", "pwned3", "pwned4"]
    static let unsafe = "sh -c 'echo {path} >> out.txt'"

    /// Where a payload that ran would have left its file: the command's working directory is
    /// cascade's, which is the test's; the scripts below also `cd` into the output folder.
    func payloadsFound(in folders: [String]) -> [String] {
        folders.flatMap { folder in Self.payloads.filter { FileManager.default.fileExists(atPath: folder + "/" + $0) }.map { folder + "/" + $0 } }
    }

    func lines(_ file: String) -> [String] {
        ((try? String(contentsOfFile: file, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    @Test("the unsafe shell form exits 64 with the safe form in the message, from the command line and from a file")
    func unsafeFormIsRefused() async throws {
        let folder = try PhotoFolder()
        let line = try ChildProcess(cascadeBinary, [folder.path, "--on-select", Self.unsafe])
        #expect(try await line.waitForExit(within: longestWait) == .exited(64))
        #expect(line.errorOutput.contains(#"sh -c 'echo "$1" >> out.txt' sh {path}"#), "\(line.errorOutput)")
        #expect(line.errorOutput.contains(#""$CASCADE_PATH""#), "\(line.errorOutput)")

        let config = folder.path + "/cascade.toml"
        try "columns = 3\non-select = \"\(Self.unsafe)\"\n".write(toFile: config, atomically: true, encoding: .utf8)
        let file = try ChildProcess(cascadeBinary, [folder.path, "--config", config])
        #expect(try await file.waitForExit(within: longestWait) == .exited(64))
        #expect(file.errorOutput.contains("\(config):2"), "\(file.errorOutput)")
        #expect(file.errorOutput.contains(#"sh -c 'echo "$1" >> out.txt' sh {path}"#), "\(file.errorOutput)")
    }

    @Test("the safe form writes hostile names literally and runs nothing; an unsafe one on SIGHUP is refused and the safe one stays")
    func safeFormAndReload() async throws {
        let out = try PhotoFolder()
        let config = out.path + "/cascade.toml"
        // The name arrives as "$1" and the environment's CASCADE_PATH: never as shell code.
        // compose.txt: what the command sees of XCOMPOSEFILE.
        let safe = "sh -c 'cd \"$1\" && printf \"%s\\\\n\" \"$2\" >> out.txt && printf \"%s\\\\n\" \"$CASCADE_PATH\" >> env.txt && printf \"%s\\\\n\" \"${XCOMPOSEFILE-unset}\" >> compose.txt' sh \(out.path) {path}"
        try "on-select = '''\(safe)'''\n".write(toFile: config, atomically: true, encoding: .utf8)
        let service = try await DaemonEndToEndTests.Service(photos: 1, arguments: ["--config", config])
        try await service.check {
            try await service.notify.wait(for: "READY=1")
            let control = try await ControlConnection(service.socket)
            // Made elsewhere and renamed in, so the watcher sees each whole photo under its name.
            let staging = try PhotoFolder()
            for name in Self.hostileNames {
                let made = try staging.photo("incoming.png", width: 300, height: 200, colour: "#336699")
                try FileManager.default.moveItem(atPath: made, toPath: service.path(name))
            }
            var state = try await service.state(control)
            _ = try await eventually(every: .milliseconds(100)) {
                state = try await service.state(control)
                return state.count >= 4
            }
            #expect(state.count == 4)
            let hostile = state.visible.filter { tile in Self.hostileNames.contains { tile.path.hasSuffix("/" + $0) } }
            #expect(hostile.count == 3, "\(state.visible.map(\.path))")

            func select(_ index: Int) async throws {
                _ = try await control.data(["select", index])
                _ = try await control.data(["close"])
            }
            func waitForLines(_ count: Int) async throws {
                _ = try await eventually { lines(out.path + "/env.txt").count >= count }
            }
            for tile in hostile { try await select(tile.index) }
            try await waitForLines(3)
            let expected = Set(hostile.map(\.path))
            #expect(Set(lines(out.path + "/out.txt")) == expected)
            #expect(Set(lines(out.path + "/env.txt")) == expected)
            // The empty Compose table cascade gives SDL's start (ComposeTable) is not passed on.
            #expect(Set(lines(out.path + "/compose.txt")) == ["unset"])
            let places = [out.path, service.folder.path, FileManager.default.currentDirectoryPath]
            #expect(payloadsFound(in: places).isEmpty, "a file name ran as a command")

            // The unsafe form through SIGHUP: refused with file and line, the safe command stays.
            try "on-select = \"\(Self.unsafe)\"\n".write(toFile: config, atomically: true, encoding: .utf8)
            kill(service.child.pid, SIGHUP)
            try await service.notify.wait(for: "RELOADING=1")
            try await service.notify.wait(for: "READY=1")
            #expect(service.child.errorOutput.contains("\(config):1"), "the refusal does not name the file and line")
            #expect(service.child.errorOutput.contains(#"sh -c 'echo "$1" >> out.txt' sh {path}"#))
            try await select(hostile[0].index)
            try await waitForLines(4)
            #expect(lines(out.path + "/out.txt").count == 4, "the running on-select command did not stay")
            #expect(payloadsFound(in: places).isEmpty, "a file name ran as a command")
            #expect(service.child.isRunning)
        }
    }
}

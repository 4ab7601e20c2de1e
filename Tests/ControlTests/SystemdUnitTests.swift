// The unit files in systemd/ checked by systemd's own tools: the kiosk's sandbox must keep its
// promised exposure, and neither unit may hold a setting systemd would silently ignore.

import Foundation
import Testing
@testable import TestSupport

enum SystemdAnalyze {
    static let path: String? = {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init)
            + ["/usr/bin", "/bin"]
        return folders.map { $0 + "/systemd-analyze" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    static let unitFolder = URL(fileURLWithPath: TestSupport.unitFolder)

    struct Run { let status: Int32; let output: String; let errors: String }

    static func run(_ arguments: [String], environment: [String: String] = [:]) throws -> Run {
        // Output goes to files, not pipes: nothing to drain while waiting, nothing can stall.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cascade-analyze-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let outputFile = folder.appendingPathComponent("out"), errorFile = folder.appendingPathComponent("err")
        _ = FileManager.default.createFile(atPath: outputFile.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(path))
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        process.standardOutput = try FileHandle(forWritingTo: outputFile)
        process.standardError = try FileHandle(forWritingTo: errorFile)
        try process.run()
        process.waitUntilExit()
        return Run(status: process.terminationStatus,
                   output: try String(contentsOf: outputFile, encoding: .utf8),
                   errors: try String(contentsOf: errorFile, encoding: .utf8))
    }
}

let systemdAnalyzeInstalled = SystemdAnalyze.path != nil
let systemdAnalyzeMissing: Comment = "systemd-analyze is not installed (apt-get install systemd)"

@Suite(.serialized) struct SystemdUnitTests {
    @Test(.enabled(if: systemdAnalyzeInstalled, systemdAnalyzeMissing))
    func kioskExposureIsAtMostTwo() throws {
        let unit = SystemdAnalyze.unitFolder.appendingPathComponent("cascade-kiosk.service").path
        let run = try SystemdAnalyze.run(["security", "--offline=true", unit])
        #expect(run.errors.isEmpty, "systemd-analyze complained: \(run.errors)")
        // "→ Overall exposure level for cascade-kiosk.service: 1.1 OK 🙂" — without a UTF-8 locale
        // the arrow is "->" and the smiley ":-)", so the figure is the number after the unit's name.
        let match = try #require(run.output.firstMatch(of: /Overall exposure level for [^:\s]+: ([0-9]+(?:\.[0-9]+)?)/),
                                 "no overall exposure in: \(run.output)")
        let figure = try #require(Double(match.output.1), "cannot read the figure in: \(match.output.0)")
        #expect(figure <= 2.0, "\(match.output.0)")
    }

    @Test(.enabled(if: systemdAnalyzeInstalled, systemdAnalyzeMissing))
    func kioskUnitVerifies() throws {
        // verify insists that every command exists: cascade is not installed on a build machine,
        // and /bin/kill (procps) is on every kiosk but not in a minimal root.
        let text = try String(contentsOf: SystemdAnalyze.unitFolder.appendingPathComponent("cascade-kiosk.service"), encoding: .utf8)
        let commands = ["ExecStart=/usr/local/bin/cascade ", "ExecReload=/bin/kill "]
        for command in commands { #expect(text.contains(command)) }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cascade-unit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let copy = folder.appendingPathComponent("cascade-kiosk.service")
        try commands.reduce(text) { unit, command in
            unit.replacingOccurrences(of: command, with: command.prefix { $0 != "=" } + "=/bin/true ")
        }.write(to: copy, atomically: true, encoding: .utf8)
        // --man=no: Documentation= names man pages, and whether `man` is installed is not the unit's fault.
        let run = try SystemdAnalyze.run(["verify", "--man=no", copy.path])
        #expect(run.status == 0 && run.errors.isEmpty && run.output.isEmpty, "\(run.output)\(run.errors)")
    }

    @Test(.enabled(if: systemdAnalyzeInstalled, systemdAnalyzeMissing))
    func userUnitHasNoIgnoredSettings() throws {
        // A user manager's paths need XDG_RUNTIME_DIR, which a CI job may not have.
        let runtime = FileManager.default.temporaryDirectory.appendingPathComponent("cascade-runtime-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        defer { try? FileManager.default.removeItem(at: runtime) }
        let unit = SystemdAnalyze.unitFolder.appendingPathComponent("cascade.service").path
        let run = try SystemdAnalyze.run(["security", "--offline=true", "--user", unit],
                                         environment: ["XDG_RUNTIME_DIR": runtime.path])
        #expect(run.errors.isEmpty, "systemd-analyze complained: \(run.errors)")
        #expect(run.output.contains("Overall exposure level for cascade.service"))
    }
}

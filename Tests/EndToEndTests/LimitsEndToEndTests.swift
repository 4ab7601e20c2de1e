// Every number has a bound, through the real binary: every numeric option of
// every command, a configuration file, a SIGHUP with a bad file under a running wall, and the
// control socket's arguments. Before, `--columns 100000000` grew to 5.9 GB, `render --margin
// 1e300` trapped (SIGILL), `--columns 9223372036854775807` aborted, and set-columns said "1 to 100".

import Foundation
import Testing
import InputLimits
#if canImport(Glibc)
import Glibc
#endif
@testable import TestSupport

/// The binary run to its end, without a display (ConfigCommandLineTests' runner): a refused
/// value must stop it before it opens a window or reads a photo.
private func cascade(_ arguments: [String], environment: [String: String] = [:]) throws -> (status: Int32, out: String, err: String) {
    try cascadeRun(arguments, environment: environment)
}

/// One numeric option of one command: the words around the value, and its row of the table.
private struct NumericOption: CustomStringConvertible {
    let command: [String]
    let option: String
    let row: String
    /// The rest of a command line that would otherwise be valid.
    var rest: [String] = []
    /// How a probe is written: `--geometry` takes it as one side of WxH.
    var spell: @Sendable (String) -> String = { $0 }

    var description: String { (command + ["--" + option]).joined(separator: " ") }
    func arguments(_ probe: String) -> [String] { command + rest + ["--" + option, spell(probe)] }
}

private let out = NSTemporaryDirectory() + "cascade-limits-never-written.png"
private let worker = ["--parent", "2", "--address-space", "1073741824", "--cpu-seconds", "10", "--nice", "0"]

private let numericOptions: [NumericOption] = [
    NumericOption(command: [], option: "columns", row: "columns"),
    NumericOption(command: [], option: "rows", row: "rows"),
    NumericOption(command: [], option: "margin", row: "margin"),
    NumericOption(command: [], option: "seed", row: "seed"),
    NumericOption(command: [], option: "max-pixels", row: "max-pixels"),
    NumericOption(command: [], option: "texture-budget", row: "texture-budget"),
    NumericOption(command: [], option: "offline-cache", row: "offline-cache"),
    NumericOption(command: [], option: "network-poll", row: "network-poll"),
    NumericOption(command: [], option: "geometry", row: "geometry", spell: { "\($0)x600" }),
    NumericOption(command: [], option: "scale", row: "scale"),
    NumericOption(command: [], option: "on-select-limit", row: "on-select-limit"),
    NumericOption(command: [], option: "attract-after", row: "attract-after"),
    NumericOption(command: [], option: "attract-speed", row: "attract-speed"),
    NumericOption(command: [], option: "detail-timeout", row: "detail-timeout"),
    NumericOption(command: [], option: "highlight-new", row: "highlight-new"),
    NumericOption(command: [], option: "screen-off-after", row: "screen-off-after"),
    NumericOption(command: [], option: "interval", row: "interval"),
    NumericOption(command: [], option: "transition-ms", row: "transition-ms"),
    NumericOption(command: [], option: "favour-recent", row: "favour-recent"),
    NumericOption(command: [], option: "slideshow-after", row: "slideshow-after"),
    NumericOption(command: [], option: "shuffle-seed", row: "seed"),
    NumericOption(command: ["render"], option: "width", row: "width", rest: ["--out", out]),
    NumericOption(command: ["render"], option: "height", row: "height", rest: ["--width", "100", "--out", out]),
    NumericOption(command: ["render"], option: "margin", row: "margin", rest: ["--width", "100", "--out", out]),
    NumericOption(command: ["render"], option: "columns", row: "columns", rest: ["--width", "100", "--out", out]),
    NumericOption(command: ["render"], option: "rows", row: "rows", rest: ["--width", "100", "--out", out]),
    NumericOption(command: ["render"], option: "seed", row: "seed", rest: ["--width", "100", "--out", out]),
    NumericOption(command: ["render"], option: "max-pixels", row: "max-pixels", rest: ["--width", "100", "--out", out]),
    NumericOption(command: ["cache", "warm"], option: "max-pixels", row: "max-pixels", rest: ["/nonexistent"]),
    NumericOption(command: ["bench"], option: "items", row: "items"),
    NumericOption(command: ["ctl"], option: "timeout", row: "timeout", rest: ["--socket", "/nonexistent.sock"]),
    NumericOption(command: ["decode-worker"], option: "parent", row: "parent", rest: worker),
    NumericOption(command: ["decode-worker"], option: "address-space", row: "address-space", rest: worker),
    NumericOption(command: ["decode-worker"], option: "cpu-seconds", row: "cpu-seconds", rest: worker),
    NumericOption(command: ["decode-worker"], option: "nice", row: "nice", rest: worker),
]

/// Options whose value is no number: paths, names, commands, enumerations.
private let wordOptions: Set<String> = ["control", "control-group", "on-select", "sort", "events", "config", "out", "manifest",
                                        "socket", "size", "decode", "screen-schedule", "transition", "slideshow-caption",
                                        "slideshow-order", "drm-device", "clock-format", "rotate", "mqtt", "cec-device", "mat", "direction",
                                        "immich-key-file"]

/// A private HOME and XDG_CONFIG_HOME, so no configuration file of the machine's takes part.
private func isolated(_ folder: TemporaryFolder) -> [String: String] {
    ["HOME": folder.path, "XDG_CONFIG_HOME": folder.path + "/xdg", "XDG_CACHE_HOME": folder.path + "/cache"]
}

@Suite("every number has a bound, end to end", .serialized)
struct LimitsEndToEndTests {
    @Test("every numeric option of every command is read through the limits table: nothing is missed")
    func everyNumericOptionHasARow() throws {
        for command in [["view"], ["render"], ["cache", "warm"], ["bench"], ["ctl"], ["decode-worker"]] {
            let r = try cascade(command + ["--experimental-dump-help"])
            #expect(r.status == 0, "\(r.err)")
            struct Dump: Decodable {
                struct Name: Decodable { let kind: String; let name: String }
                struct Argument: Decodable { let kind: String; let names: [Name]? }
                struct Command: Decodable { let arguments: [Argument] }
                let command: Command
            }
            let dump = try JSONDecoder().decode(Dump.self, from: Data(r.out.utf8))
            let options = dump.command.arguments.filter { $0.kind == "option" }.compactMap { $0.names?.first { $0.kind == "long" }?.name }
            let covered = Set(numericOptions.filter { ($0.command.isEmpty ? ["view"] : $0.command) == command }.map(\.option))
            for option in options where !wordOptions.contains(option) {
                #expect(covered.contains(option), "cascade \(command.joined(separator: " ")) --\(option) is a number with no row in the limits table")
            }
        }
    }

    @Test("0, -1, one past each end, 1e300, nan, -inf and 2^64: status 64 and one message naming the option, the value and the range",
          arguments: numericOptions.indices)
    func everyOptionRefusesWhatLiesOutside(_ i: Int) throws {
        let option = numericOptions[i]
        let row = try #require(Limits.all.first { $0.name == option.row })
        let folder = TemporaryFolder("cascade-config")
        var probes = ["0", "-1", "1e300", "nan", "-inf", "9223372036854775807", "18446744073709551616"]
        probes += [row.justBelow, row.justAbove].compactMap { $0 }
        for probe in probes {
            do throws(LimitError) { try row.parse(probe); continue } catch {} // the table allows it
            let r = try cascade(option.arguments(probe), environment: isolated(folder))
            #expect(r.status == 64, "\(option) \(probe) → status \(r.status): \(r.err)")
            let expected = option.option == "geometry" ? "each side must be \(row.expectation)" : "must be \(row.expectation)"
            #expect(r.err.hasPrefix("Error: The value '\(option.spell(probe))' is invalid for '--\(option.option) <"), "\(option) \(probe): \(r.err)")
            #expect(r.err.contains(expected), "\(option) \(probe): \(r.err)")
            #expect(!FileManager.default.fileExists(atPath: out))
        }
    }

    @Test("render --margin 1e300 and --columns 9223372036854775807 are refused at once; the edges themselves draw a wall")
    func renderAtTheEdges() throws {
        let folder = TemporaryFolder("cascade-config")
        let photos = try PhotoFolder()
        try photos.photo("a.jpg", width: 300, height: 200, colour: "red")
        try photos.photo("b.png", width: 200, height: 300, colour: "blue")
        let png = folder.path + "/wall.png"
        let margin = try cascade(["render", photos.path, "--width", "400", "--margin", "1e300", "--out", png], environment: isolated(folder))
        #expect(margin.status == 64)
        #expect(margin.err.hasPrefix("Error: The value '1e300' is invalid for '--margin <margin>': must be a number of pixels from 0 to 500\n"),
                "\(margin.err)")
        let columns = try cascade(["render", photos.path, "--width", "400", "--columns", "9223372036854775807", "--out", png],
                                  environment: isolated(folder))
        #expect(columns.status == 64 && columns.err.contains("must be a whole number of columns from 1 to 16, or auto"), "\(columns.err)")
        let budget = try cascade(["render", photos.path, "--width", "32767", "--height", "32767", "--out", png], environment: isolated(folder))
        #expect(budget.status == 64 && budget.err.contains("is 1073676289 pixels; render draws at most 268435456"), "\(budget.err)")
        #expect(!FileManager.default.fileExists(atPath: png))

        for edges in [["--margin", "500", "--columns", "2", "--max-pixels", "65536"], ["--margin", "0", "--columns", "16", "--seed", "18446744073709551615"]] {
            let r = try cascade(["render", photos.path, "--width", "1600", "--out", png, "--manifest", png + ".json"] + edges,
                                environment: isolated(folder))
            #expect(r.status == 0, "\(edges): \(r.err)")
            let manifest = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: png + ".json"))) as? [String: Any]
            #expect((manifest?["tiles"] as? [Any])?.count == 2, "\(edges)")
            try FileManager.default.removeItem(atPath: png)
        }
    }

    @Test("a configuration file with a number out of range stops the view with FILE:LINE, the key and the range",
          arguments: [
              ("margin = 1e300", "margin", "1e+300", "a number of pixels from 0 to 500"),
              ("margin = nan", "margin", "nan", "a number of pixels from 0 to 500"),
              ("columns = 100000000", "columns", "100000000", "a whole number of columns from 1 to 16, or auto"),
              ("columns = -1", "columns", "-1", "a whole number of columns from 1 to 16, or auto"),
              ("seed = -1", "seed", "-1", "a whole number from 0 to 18446744073709551615"),
              ("max-pixels = 1152921504606846976", "max-pixels", "1152921504606846976", "a whole number of pixels from 65536 to 500000000"),
              ("highlight-new = inf", "highlight-new", "inf", "a number of seconds from 0 (none) to 3600"),
              ("texture-budget = 9223372036854775807", "texture-budget", "9223372036854775807", "a whole number of MiB from 16 to 16384"),
              ("geometry = \"0x0\"", "geometry", "0x0", "each side must be a whole number of pixels from 1 to 32767"),
          ])
    func configurationOutOfRange(line: String, key: String, value: String, range: String) throws {
        let folder = TemporaryFolder("cascade-config")
        let file = try folder.file("xdg/cascade/config.toml", "# a kiosk\n\(line)\n")
        let r = try cascade([], environment: isolated(folder))
        #expect(r.status == 64)
        #expect(r.err.hasPrefix("Error: \(file):2: key '\(key)': The value '\(value)' is invalid for '--\(key) <"), "\(r.err)")
        #expect(r.err.contains(range), "\(r.err)")
    }

    @Test("SIGHUP with a number out of range keeps the running wall and logs why; get-state still answers")
    func reloadKeepsTheWall() async throws {
        let config = NSTemporaryDirectory() + "cascade-limits-" + UUID().uuidString + ".toml"
        defer { unlink(config) }
        try "columns = 4\n".write(toFile: config, atomically: true, encoding: .utf8)
        let service = try await DaemonEndToEndTests.Service(photos: 20, arguments: ["--config", config], columns: nil)
        try await service.check {
            try await service.notify.wait(for: "READY=1")
            let control = try await ControlConnection(service.socket)
            func columns() async throws -> Int? { (try await control.data(["get-state"]) as? [String: Any])?["columns"] as? Int }
            #expect(try await columns() == 4)
            for (n, bad) in ["margin = 1e300", "columns = 100000000", "attract-after = nan", "columns = 9223372036854775807"].enumerated() {
                // A good change first, which must not apply either: the whole file is refused.
                let key = String(bad.prefix { $0 != " " })
                try "\(key == "columns" ? "margin = 4" : "columns = 2")\n\(bad)\n".write(toFile: config, atomically: true, encoding: .utf8)
                kill(service.child.pid, SIGHUP)
                try await service.notify.wait(for: "RELOADING=1")
                try await service.notify.wait(for: "READY=1")
                let log = service.child.errorOutput
                #expect(log.contains("configuration not reloaded, the running one stays: \(config):2: key '\(key)'"), "reload \(n): \(log)")
                #expect(try await columns() == 4, "a bad file changed the wall")
                #expect(service.child.isRunning)
            }
        }
    }

    @Test("set-columns 17 through cascade ctl is an error reply with the true range; the wall answers on")
    func socketArguments() async throws {
        let service = try await DaemonEndToEndTests.Service(photos: 12)
        try await service.check {
            try await service.notify.wait(for: "READY=1")
            let control = try await ControlConnection(service.socket)
            // READY=1 comes with the first frame, which may precede the scan's last photos.
            _ = try await service.wholeWall(control)
            // Any finite offset is clamped to the wall, as a fling is: 1e300 is the end.
            _ = try await control.data(["scroll-to", ["offset": 1e300]])
            let state = try await control.data(["get-state"]) as? [String: Any]
            let offset = (state?["offset"] as? NSNumber)?.doubleValue ?? -1
            let end = ((state?["contentHeight"] as? NSNumber)?.doubleValue ?? 0) - ((state?["height"] as? NSNumber)?.doubleValue ?? 0)
            #expect(end > 0 && abs(offset - end) < 1, "offset \(offset), end \(end)")

            // JSON numbers no Int holds, straight onto the socket.
            let range = "a whole number of columns from 1 to 16, or auto"
            for number in ["18446744073709551616", "1e300", "-1e300", "9.3e18"] {
                control.send(raw: "{\"command\":[\"set-columns\",\(number)],\"request_id\":\"c\"}\n")
                let reply = try await control.nextObject(waitingFor: "the reply to set-columns \(number)")
                #expect((reply["error"] as? String)?.contains(range) == true, "\(number): \(reply)")
                control.send(raw: "{\"command\":[\"select\",\(number)],\"request_id\":\"s\"}\n")
                let select = try await control.nextObject(waitingFor: "the reply to select \(number)")
                #expect((select["error"] as? String)?.contains("select needs a photo index: a whole number from 0 up") == true, "\(number): \(select)")
            }
            let far = try await control.request(["select", Int.max])
            #expect(far["error"] as? String == "no photo at index 9223372036854775807 (the wall has 12)")

            for probe in ["17", "0", "-1", "100000000", "9223372036854775807", "18446744073709551616", "1e300", "nan", "2.5"] {
                let r = try cascade(["ctl", "--socket", service.socket, "set-columns", probe])
                #expect(r.status == 1, "set-columns \(probe): \(r.status) \(r.err)")
                #expect(r.err.contains("set-columns needs \(range); got "), "set-columns \(probe): \(r.err)")
            }
            let sixteen = try cascade(["ctl", "--socket", service.socket, "set-columns", "16"])
            #expect(sixteen.status == 0, "\(sixteen.err)")
            #expect((try await control.data(["get-state"]) as? [String: Any])?["columns"] as? Int == 16)
        }
    }
}

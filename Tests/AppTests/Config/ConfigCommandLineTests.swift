// The configuration through the real binary: every option has a key, the example file is the
// defaults, mistakes stop the view command (and only it) with FILE:LINE: key, and a good file is
// what the viewer runs with — the command line still winning.

import App
import Foundation
import Testing
@testable import TestSupport

/// `cascade view`'s own account of its arguments (ArgumentParser's --experimental-dump-help).
private struct DumpedArgument: Decodable {
    struct Name: Decodable { let kind: String; let name: String }
    let kind: String
    let names: [Name]?
    let valueName: String?
    let defaultValue: String?
    let abstract: String?

    var long: String? { names?.first { $0.kind == "long" }?.name }
    /// ArgumentParser's default, or for an option read through its limit (which ArgumentParser
    /// cannot show) the "(default: X)" its help ends with.
    var shownDefault: String? {
        if let defaultValue { return defaultValue }
        guard let abstract, let start = abstract.range(of: "(default: ", options: .backwards), abstract.hasSuffix(")") else { return nil }
        return String(abstract[start.upperBound...].dropLast())
    }
}

private func viewArguments() throws -> [DumpedArgument] {
    struct Dump: Decodable {
        struct Command: Decodable { let arguments: [DumpedArgument] }
        let command: Command
    }
    let r = try cascadeRun(["view", "--experimental-dump-help"], environment: [:])
    #expect(r.status == 0, "\(r.err)")
    return try JSONDecoder().decode(Dump.self, from: Data(r.out.utf8)).command.arguments
}

/// What kind of key each argument needs, worked out from the dump alone.
private func expectedKeys(_ arguments: [DumpedArgument]) -> [String: String] {
    let flags = Set(arguments.filter { $0.kind == "flag" }.compactMap(\.long))
    var keys: [String: String] = [:]
    for argument in arguments {
        switch argument.kind {
        case "positional": keys[argument.valueName ?? "?"] = "paths"
        case "option": if let name = argument.long, name != "config" { keys[name] = "option" }
        case "flag":
            // --help and --version answer and exit, --choose-folder asks the person at the
            // screen (the desktop entry's action), --print-marked answers the script that
            // started the run: nothing to configure.
            guard let name = argument.long, !["help", "version", "choose-folder", "print-marked"].contains(name) else { continue }
            if name.hasPrefix("no-"), flags.contains(String(name.dropFirst(3))) { continue }
            keys[name] = flags.contains("no-" + name) ? "invertibleFlag" : "flag"
        default: keys["unknown kind \(argument.kind)"] = argument.long
        }
    }
    return keys
}

private func kindName(_ kind: ConfigKey.Kind) -> String {
    switch kind {
    case .flag: "flag"
    case .invertibleFlag: "invertibleFlag"
    case .option: "option"
    case .paths: "paths"
    }
}

@Suite("configuration through the cascade binary", .serialized)
struct ConfigCommandLineTests {
    @Test("every option of cascade view has a configuration key of the right kind, restart-only where its help says so")
    func everyOptionHasAKey() throws {
        let expected = expectedKeys(try viewArguments())
        let keys = Dictionary(uniqueKeysWithValues: viewKeys.map { ($0.name, kindName($0.kind)) })
        #expect(expected.count > 20)
        #expect(keys == expected)
        // What a running viewer cannot take over: the window, its display device, the socket,
        // the decoders' limits, the MQTT broker, remembering the walls' places, the folder watcher's
        // network pace, the offline copies' disk, the Immich key.
        let restartOnly = Set(viewKeys.filter { $0.restartOnly != nil }.map(\.name))
        #expect(restartOnly == ["geometry", "scale", "fullscreen", "max-pixels", "no-thumbnail-cache", "events", "texture-budget",
                                "control", "control-group", "kiosk", "drm-device", "mqtt", "remember", "network-poll", "offline-cache",
                                "immich-key-file"])
    }

    @Test("examples/cascade.toml parses, names every key, and its values are the defaults")
    func exampleFile() throws {
        let example = packageRoot + "/examples/cascade.toml"
        let settings = try #require(try ConfigFile.read(example, mustExist: true, keys: viewKeys))
        let text = try String(contentsOfFile: example, encoding: .utf8)
        for key in viewKeys {
            let written = text.split(separator: "\n").contains { $0.hasPrefix("\(key.name) = ") || $0.hasPrefix("# \(key.name) = ") }
            #expect(written, "examples/cascade.toml does not mention \(key.name)")
        }
        let defaults = Dictionary(try viewArguments().compactMap { a in a.long.map { ($0, a.shownDefault) } }, uniquingKeysWith: { a, _ in a })
        for setting in settings {
            let shipped = defaults[setting.key.name] ?? nil
            switch setting.value {
            case .bool(let on):
                // An invertible flag's default is shown as "--name"; a plain flag has none (false).
                #expect(on == (shipped == "--" + setting.key.name), "\(setting.key.name)")
            case .integer, .number, .string:
                let value = setting.words.first.map { String($0.drop(while: { $0 != "=" }).dropFirst()) }
                let same = value == shipped || (value.flatMap(Double.init) != nil && value.flatMap(Double.init) == shipped.flatMap(Double.init))
                #expect(same, "\(setting.key.name) = \(value ?? "?"), default \(shipped ?? "none")")
            case .strings:
                Issue.record("paths should stay commented out in the example")
            }
        }
    }

    @Test("a mistake in the user's file stops the view command with FILE:LINE: key and status 64")
    func mistakesStopTheViewer() throws {
        let folder = TemporaryFolder("cascade-config")
        let user = try folder.file("xdg/cascade/config.toml", "columns = 3\ncolums = 4\n")
        let environment = ["XDG_CONFIG_HOME": folder.path + "/xdg", "HOME": folder.path]
        for arguments in [[], ["view"], ["view", "/tmp"], [folder.path]] {
            let r = try cascadeRun(arguments, environment: environment)
            #expect(r.status == 64)
            #expect(r.err == "Error: \(user):2: key 'colums': unknown key\n", "\(arguments)")
        }
        try folder.file("xdg/cascade/config.toml", "\nsort = \"nope\"\n")
        let badValue = try cascadeRun([], environment: environment)
        #expect(badValue.status == 64)
        #expect(badValue.err.hasPrefix("Error: \(user):2: key 'sort': The value 'nope' is invalid for '--sort"), "\(badValue.err)")
        // A value's type is checked as on the command line: a fraction where a whole number goes.
        try folder.file("xdg/cascade/config.toml", "margin = \"4\"\ntexture-budget = 128.5\n")
        let badNumber = try cascadeRun([], environment: environment)
        #expect(badNumber.status == 64)
        #expect(badNumber.err.hasPrefix("Error: \(user):2: key 'texture-budget': The value '128.5' is invalid for '--texture-budget"),
                "\(badNumber.err)")
        try folder.file("xdg/cascade/config.toml", "on-select = \"feh {path} 'x\"\n")
        let badCommand = try cascadeRun([], environment: environment)
        #expect(badCommand.err.hasPrefix("Error: \(user):1: key 'on-select': --on-select: the single quote at character 12 is never closed"),
                "\(badCommand.err)")
        let missing = try cascadeRun(["--config", folder.path + "/none.toml"], environment: environment)
        #expect(missing.status == 64)
        #expect(missing.err == "Error: \(folder.path)/none.toml: no such file\n")
    }

    @Test("a screen schedule with a NUL in the file is quoted whole in the error, the NUL shown as \\0")
    func nulInTheSchedule() throws {
        let folder = TemporaryFolder("cascade-config")
        let user = try folder.file("xdg/cascade/config.toml", "screen-schedule = \"Mon\\u0000day 07:00-22:00\"\n")
        let r = try cascadeRun([], environment: ["XDG_CONFIG_HOME": folder.path + "/xdg", "HOME": folder.path])
        #expect(r.status == 64)
        #expect(r.err == "Error: \(user):1: key 'screen-schedule': holds a NUL, which no setting can: \"Mon\\0day 07:00-22:00\"\n")
    }

    @Test("cascade --help is the viewer's: its everyday options first, the keys that matter, then the other commands; render's says nothing of restarts")
    func helpText() throws {
        for words in [["--help"], ["-h"], ["help"]] {
            let help = try cascadeRun(words, environment: [:])
            #expect(help.status == 0)
            let text = help.out
            #expect(text.contains("USAGE: cascade [<options>] [<paths> ...]"), "\(words): \(text.prefix(400))")
            for key in ["S slideshow", "right-click", "? every key", "--columns", "--slideshow", "--control"] {
                #expect(text.contains(key), "\(words) lacks \(key)")
            }
            // The wall's options, then the frame's, then the kiosk's, then the commands.
            let order = ["WALL:", "PHOTO FRAME:", "DAEMON AND KIOSK:", "OTHER COMMANDS:"].map { text.range(of: $0)?.lowerBound }
            #expect(!order.contains(nil) && order.map { $0! } == order.map { $0! }.sorted(), "\(words): sections out of order")
            for command in ["render", "cache", "ctl", "bench"] {
                #expect(text.contains("\n  \(command) "), "\(words) lacks the \(command) command")
            }
        }
        let render = try cascadeRun(["render", "--help"], environment: [:])
        #expect(render.status == 0 && render.out.contains("--max-pixels") && !render.out.contains("Changes only on restart"),
                "render --help: \(render.out)")
        let view = try cascadeRun(["view", "--help"], environment: [:])
        #expect(view.out.components(separatedBy: "Changes only on restart").count > 3, "the viewer's help still marks restart-only options")
    }

    @Test("help, the other commands and command-line mistakes do not read the configuration")
    func othersIgnoreIt() throws {
        let folder = TemporaryFolder("cascade-config")
        try folder.file("xdg/cascade/config.toml", "this is not TOML\n")
        let environment = ["XDG_CONFIG_HOME": folder.path + "/xdg", "HOME": folder.path]
        let help = try cascadeRun(["--help"], environment: environment)
        #expect(help.status == 0 && help.out.contains("OTHER COMMANDS"))
        let viewHelp = try cascadeRun(["view", "--help"], environment: environment)
        #expect(viewHelp.status == 0 && viewHelp.out.contains("--config <FILE>"))
        let bench = try cascadeRun(["bench", "--items", "100", "--json"], environment: environment)
        #expect(bench.status == 0, "\(bench.err)")
        let typo = try cascadeRun(["--colums", "3"], environment: environment)
        #expect(typo.status == 64 && typo.err.contains("Unknown option '--colums'"), "\(typo.err)")
    }

    @Test("the viewer runs with the user's file: its photos, events and geometry — the command line's geometry winning")
    func viewerUsesTheFile() async throws {
        let server = try await XServer()
        defer { server.stop() }
        let photos = try PhotoFolder()
        try photos.photo("a.jpg", width: 300, height: 200, colour: "red")
        try photos.photo("b.png", width: 200, height: 300, colour: "blue")
        try photos.photo("c.jpg", width: 250, height: 250, colour: "green")
        let folder = TemporaryFolder("cascade-config")
        try folder.file("xdg/cascade/config.toml", """
            paths = ["\(photos.path)"]
            events = "stdout"
            geometry = "640x480"
            captions = false
            """)
        let child = try ChildProcess(cascadeBinary, ["--geometry", "500x400"], environment: [
            "DISPLAY": server.display.name, "SDL_VIDEODRIVER": "x11", "XDG_CONFIG_HOME": folder.path + "/xdg",
            "XDG_CACHE_HOME": folder.path + "/cache", "HOME": folder.path,
        ])
        defer { child.stop() }
        var scanned: String?
        while scanned == nil {
            guard let line = try await child.lines.nextLine(within: longestWait, waitingFor: "the scanned event") else {
                Issue.record("cascade ended before a scanned event: \(child.errorOutput)")
                return
            }
            if line.contains("\"scanned\"") { scanned = line }
        }
        #expect(scanned == #"{"event":"scanned","count":3}"#)
        let window = try await server.display.waitForWindow(class: "cascade")
        let size = try await server.display.size(of: window)
        #expect(size.width == 500 && size.height == 400, "\(size)")
    }
}

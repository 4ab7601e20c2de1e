// The executable only parses arguments; everything it runs lives in App.
import App
import ArgumentParser
import Foundation

@main
struct Cascade: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cascade",
        abstract: "A waterfall photo wall for Linux screens.",
        version: "cascade \(CascadeVersion.string)",
        subcommands: [View.self, Render.self, Cache.self, Bench.self, CtlCommand.self, DecodeWorkerCommand.self],
        defaultSubcommand: View.self)

    /// ArgumentParser's own main, except that the view command (named or by default) reads the
    /// configuration files first. The command line is parsed alone before that, so --help, a
    /// mistake on it, and the other commands behave exactly as without a configuration.
    static func main() {
        // Before anything reads local time, and before any thread starts.
        if let note = TimeZoneGuard.makeSafe() { FileHandle.standardError.write(Data("cascade: \(note)\n".utf8)) }
        // As bytes: a file's name need not be UTF-8 (CommandLineArguments).
        let arguments = Array(CommandLineArguments.all.dropFirst())
        if arguments == ["--help"] || arguments == ["-h"] || arguments == ["help"] {
            print(overview(), terminator: "")
            return
        }
        do {
            var command = try parseAsRoot(arguments)
            guard let alone = command as? View else { return try command.run() }
            let invocation = ViewInvocation(arguments: arguments, environment: ProcessInfo.processInfo.environment)
            let (view, configuration, _) = try invocation.parseWithConfiguration(alone: alone)
            try view.run(reread: { try invocation.options(running: configuration) }, configuration: configuration)
        } catch let error as ConfigError {
            FileHandle.standardError.write(Data("Error: \(error)\n".utf8))
            exit(withError: ExitCode(ViewInvocation.configErrorStatus))
        } catch {
            exit(withError: error)
        }
    }
}

extension Cascade {
    /// `cascade --help`: the viewer's own help — `cascade` alone is the viewer, and its options
    /// are what a person looks for — then the other commands, one line each.
    static func overview() -> String {
        var view = helpMessage(for: View.self).replacingOccurrences(of: "USAGE: cascade view ", with: "USAGE: cascade ")
        // The view's own overview ("the default command") says less than the program's.
        if let end = view.range(of: "\n\n") {
            view.replaceSubrange(view.startIndex..<end.lowerBound,
                                 with: "OVERVIEW: \(configuration.abstract) Without a command, the photos as a scrolling wall in a window.")
        }
        while view.last?.isWhitespace == true { view.removeLast() }
        let others: [any ParsableCommand.Type] = [Render.self, Cache.self, CtlCommand.self, Bench.self]
        let lines = others.map { command in
            let name = command.configuration.commandName ?? "\(command)".lowercased()
            return "  " + name.padding(toLength: 8, withPad: " ", startingAt: 0) + command.configuration.abstract
        }
        return view + "\n\nOTHER COMMANDS:\n" + lines.joined(separator: "\n")
            + "\n\n  See 'cascade help <command>' for a command's options; --version for the version.\n"
    }
}

struct Bench: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Measure the waterfall engine on a synthetic wall (layout, visibility, frame preparation, reuse, memory).")

    @Option(parsing: .unconditional, help: Limits.benchItems.help("Number of synthetic tiles", default: "1000000"), transform: Limits.benchItems.read)
    var items = 1_000_000

    @Option(help: "Which way the synthetic wall scrolls: vertical (in columns) or horizontal (in rows). (default: vertical)")
    var direction: WallAxis = .vertical

    @Flag(help: "Print one JSON object instead of a table.")
    var json = false

    @Option(help: "Instead: time decoding this photo to a 256-px tile on one core (mean of 20).")
    var decode: String?

    func run() throws {
        if let decode {
            let ms = try DecodeBenchmark.run(path: decode)
            print(json ? "{\"decode_tile_ms\":\(ms)}" : String(format: "decode %@ → 256-px tile: %.2f ms (mean of 20, one core)", decode, ms))
            return
        }
        let report = EngineBenchmark(items: items, axis: direction).run()
        print(json ? try BenchOutput.json(report) : BenchOutput.table(report, items: items, axis: direction))
    }
}

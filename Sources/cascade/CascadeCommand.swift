// The executable only parses arguments; everything it runs lives in App.
import App
import ArgumentParser
import Foundation

@main
struct Cascade: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cascade",
        abstract: "A waterfall photo wall for Linux screens.",
        subcommands: [Render.self, Cache.self, Bench.self])
}

struct Bench: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Measure the waterfall engine on a synthetic wall (layout, visibility, frame preparation, reuse, memory).")

    @Option(help: "Number of synthetic tiles.")
    var items = 1_000_000

    @Flag(help: "Print one JSON object instead of a table.")
    var json = false

    func validate() throws {
        guard items > 0 else { throw ValidationError("--items must be at least 1") }
    }

    func run() throws {
        let report = EngineBenchmark(items: items).run()
        print(json ? try BenchOutput.json(report) : BenchOutput.table(report, items: items))
    }
}

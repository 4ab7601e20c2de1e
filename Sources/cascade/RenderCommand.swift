import App
import ArgumentParser

struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Draw the wall of photos into a PNG (no window, no display), with a JSON manifest of the tiles.")

    @Argument(help: "Photos and folders (default: your Pictures folder, else the sample photos).")
    var paths: [String] = []

    @Option(parsing: .unconditional, help: Limits.renderWidth.help("Width of the wall"), transform: Limits.renderWidth.read)
    var width: Int

    @Option(parsing: .unconditional, help: Limits.renderHeight.help("Render only the first H pixels of the wall, width × height at most \(Limits.renderPixels)",
                                           default: "all of it"),
            transform: Limits.renderHeight.read)
    var height: Int?

    @Option(help: "The PNG to write.")
    var out: String

    @Option(help: "Also write a JSON manifest of every tile's place.")
    var manifest: String?

    @OptionGroup(title: "Wall") var wall: WallOptions<RunsOnce>

    func validate() throws {
        // Each side alone is in range; together they must fit the canvas.
        if let height, width * height > Limits.renderPixels {
            throw ValidationError("--width \(width) × --height \(height) is \(width * height) pixels; render draws at most \(Limits.renderPixels)")
        }
    }

    func run() throws {
        Log.bootstrap()
        var job = RenderJob(paths: paths, width: width, output: out)
        job.height = height
        job.manifest = manifest
        job.style = wall.style
        job.order = wall.order
        job.reversed = wall.reversed
        job.maxPixels = wall.maxPixels
        job.thumbnailCache = !wall.noThumbnailCache
        job.decoders = .standard()
        // A synchronous command runs on the process's main thread, which owns SDL.
        let summary = try MainActor.assumeIsolated { try WallRender.run(job) }
        Log.shared.info("rendered \(summary.tiles) tiles (\(summary.errors) errors) into \(out), \(summary.width)×\(summary.height)")
    }
}

import App
import ArgumentParser

struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Draw the wall of photos into a PNG (no window, no display), with a JSON manifest of the tiles.")

    @Argument(help: "Photos and folders (default: your Pictures folder, else the sample photos).")
    var paths: [String] = []

    @Option(parsing: .unconditional,
            help: Limits.renderWidth.help("Width of a vertical wall (required there); of a horizontal wall (--direction horizontal or --rows), "
                                          + "render only its first W pixels", default: "all of a horizontal wall"),
            transform: Limits.renderWidth.read)
    var width: Int?

    @Option(parsing: .unconditional,
            help: Limits.renderHeight.help("Render only the first H pixels of a vertical wall, width × height at most \(Limits.renderPixels); "
                                           + "the height of a horizontal wall, which its rows share (required there)",
                                           default: "all of a vertical wall"),
            transform: Limits.renderHeight.read)
    var height: Int?

    @Option(help: "The PNG to write.")
    var out: String

    @Option(help: "Also write a JSON manifest of every tile's place.")
    var manifest: String?

    @OptionGroup(title: "Wall") var wall: WallOptions<RunsOnce>

    func validate() throws {
        // The side the lanes share is the one a wall cannot be laid out without.
        switch wall.axis {
        case .vertical where width == nil:
            throw ValidationError("render needs --width W: the wall's width, which its columns share")
        case .horizontal where height == nil:
            throw ValidationError("a horizontal render needs --height H: the wall's height, which its rows share")
        default: break
        }
        // Each side alone is in range; together they must fit the canvas.
        if let width, let height, width * height > Limits.renderPixels {
            throw ValidationError("--width \(width) × --height \(height) is \(width * height) pixels; render draws at most \(Limits.renderPixels)")
        }
    }

    func run() throws {
        Log.bootstrap()
        var job = RenderJob(paths: paths, output: out)
        job.width = width
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

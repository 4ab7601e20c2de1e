import App
import ArgumentParser

struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Draw the wall of photos into a PNG (no window, no display), with a JSON manifest of the tiles.")

    @Argument(help: "Photos and folders (default: your Pictures folder, else the sample photos).")
    var paths: [String] = []

    @Option(help: "Width of the wall in pixels.")
    var width: Int

    @Option(help: "Render only the first H pixels of the wall (default: all of it).")
    var height: Int?

    @Option(help: "The PNG to write.")
    var out: String

    @Option(help: "Also write a JSON manifest of every tile's place.")
    var manifest: String?

    @OptionGroup var wall: WallOptions

    func validate() throws {
        guard width > 0 else { throw ValidationError("--width must be at least 1") }
        if let height, height <= 0 { throw ValidationError("--height must be at least 1") }
    }

    func run() throws {
        Log.bootstrap()
        var job = RenderJob(paths: paths, width: width, output: out)
        job.height = height
        job.manifest = manifest
        job.style = wall.style
        job.order = wall.order
        job.reversed = wall.reverse
        job.maxPixels = wall.maxPixels
        job.thumbnailCache = !wall.noThumbnailCache
        job.decoders = .standard()
        // A synchronous command runs on the process's main thread, which owns SDL.
        let summary = try MainActor.assumeIsolated { try WallRender.run(job) }
        Log.shared.info("rendered \(summary.tiles) tiles (\(summary.errors) errors) into \(out), \(summary.width)×\(summary.height)")
    }
}

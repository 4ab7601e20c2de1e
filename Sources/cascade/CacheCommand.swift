import App
import ArgumentParser

struct Cache: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "The freedesktop.org thumbnail cache that cascade shares with file managers and viewers.",
        subcommands: [Warm.self])

    struct Warm: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Make thumbnails for every photo in the folders, on every core.")

        @Argument(help: "Photos and folders.")
        var paths: [String]

        @Option(help: "Thumbnail size: normal (128), large (256), x-large (512) or xx-large (1024).")
        var size: SizeChoice = .large

        @Option(parsing: .unconditional, help: Limits.maxPixels.help("Largest image any decode may allocate", default: "\(PhotoDecoder.defaultMaxPixels)"),
                transform: Limits.maxPixels.read)
        var maxPixels = PhotoDecoder.defaultMaxPixels

        func validate() throws {
            guard !paths.isEmpty else { throw ValidationError("name at least one photo or folder") }
        }

        func run() throws {
            Log.bootstrap()
            var job = CacheWarmJob(paths: paths)
            job.size = size.thumbnailSize
            job.maxPixels = maxPixels
            job.decoders = .standard()
            let summary = try CacheWarm.run(job)
            print("cache warm: \(summary)")
            if summary.photos > 0, summary.failed + summary.tooLarge == summary.photos { throw ExitCode(2) }
            if summary.storedNothing { throw ExitCode(1) }
        }
    }
}

enum SizeChoice: String, ExpressibleByArgument, CaseIterable {
    case normal, large, xLarge = "x-large", xxLarge = "xx-large"
    var thumbnailSize: ThumbnailSize {
        switch self {
        case .normal: .normal
        case .large: .large
        case .xLarge: .xLarge
        case .xxLarge: .xxLarge
        }
    }
}

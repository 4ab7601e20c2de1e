// Options shared by every command that shows a wall.
import App
import ArgumentParser

struct WallOptions: ParsableArguments {
    @Option(parsing: .unconditional,
            help: "Columns: \(Limits.columns.range.lowerBound) to \(Limits.columns.range.upperBound), or auto: as many of at least 240 px as fit. (default: auto)",
            transform: { try ColumnChoice(word: $0) })
    var columns: ColumnChoice = .auto

    @Option(parsing: .unconditional, help: Limits.margin.help("Every margin and gap between tiles", default: "10"), transform: Limits.margin.read)
    var margin: Double = 10

    @Flag(inversion: .prefixedNo, help: "Show the file name under each photo.")
    var captions = true

    @Option(help: "Order: name (natural), mtime, size or random.")
    var sort: SortChoice = .name

    @Option(parsing: .unconditional, help: Limits.seed.help("Seed for --sort random (the same seed gives the same wall)", default: "1"), transform: Limits.seed.read)
    var seed: UInt64 = 1

    @Flag(inversion: .prefixedNo, help: "Reverse the order.")
    var reverse = false

    @Option(parsing: .unconditional, help: Limits.maxPixels.help("Largest image any decode may allocate", default: "\(PhotoDecoder.defaultMaxPixels)").restartOnly(),
            transform: Limits.maxPixels.read)
    var maxPixels = PhotoDecoder.defaultMaxPixels

    @Flag(help: ArgumentHelp("Neither read nor write the freedesktop thumbnail cache.").restartOnly())
    var noThumbnailCache = false

    var style: WallStyle {
        let count: ColumnCount = switch columns {
        case .auto: .automatic
        case .count(let n): .fixed(n)
        }
        return WallStyle(columns: count, margins: Margins(all: margin), captions: captions)
    }

    var order: SortOrder {
        switch sort {
        case .name: .name
        case .mtime: .mtime
        case .size: .size
        case .random: .random(seed: seed)
        }
    }
}

enum ColumnChoice: Equatable {
    case auto
    case count(Int)
    init(word: String) throws {
        self = word == Limits.columns.alternative ? .auto : .count(try Limits.columns.parse(word))
    }
}

enum SortChoice: String, ExpressibleByArgument, CaseIterable {
    case name, mtime, size, random
}

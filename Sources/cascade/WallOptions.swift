// Options shared by every command that shows a wall.
import App
import ArgumentParser
import Photos
import Waterfall

struct WallOptions: ParsableArguments {
    @Option(help: "Columns: a number, or auto (as many of at least 240 px as fit).")
    var columns: ColumnChoice = .auto

    @Option(help: "Every margin and gap between tiles, in pixels.")
    var margin: Double = 10

    @Flag(inversion: .prefixedNo, help: "Show the file name under each photo.")
    var captions = true

    @Option(help: "Order: name (natural), mtime, size or random.")
    var sort: SortChoice = .name

    @Option(help: "Seed for --sort random (the same seed gives the same wall).")
    var seed: UInt64 = 1

    @Flag(inversion: .prefixedNo, help: "Reverse the order.")
    var reverse = false

    @Option(help: "Largest image any decode may allocate, in pixels.")
    var maxPixels = PhotoDecoder.defaultMaxPixels

    @Flag(help: "Neither read nor write the freedesktop thumbnail cache.")
    var noThumbnailCache = false

    func validate() throws {
        guard margin >= 0, margin.isFinite else { throw ValidationError("--margin must be 0 or more") }
        guard maxPixels > 0 else { throw ValidationError("--max-pixels must be at least 1") }
        if case .count(let n) = columns, n < 1 { throw ValidationError("--columns must be at least 1 or auto") }
    }

    var style: WallStyle {
        let count: ColumnCount = switch columns {
        case .auto: .automatic
        case .count(let n): .fixed(n)
        }
        return WallStyle(columns: count, margins: Margins(all: margin), captions: captions)
    }

    var order: Photos.SortOrder {
        switch sort {
        case .name: .name
        case .mtime: .mtime
        case .size: .size
        case .random: .random(seed: seed)
        }
    }
}

enum ColumnChoice: ExpressibleByArgument, Equatable {
    case auto
    case count(Int)
    init?(argument: String) {
        if argument == "auto" { self = .auto } else if let n = Int(argument) { self = .count(n) } else { return nil }
    }
}

enum SortChoice: String, ExpressibleByArgument, CaseIterable {
    case name, mtime, size, random
}

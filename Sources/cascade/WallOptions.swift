// Options shared by every command that shows a wall. `Running` says whether they describe a
// viewer that keeps running (its --help and the configuration file's table say which settings a
// reload cannot change) or a command that reads them once (render: nothing to restart).
import App
import ArgumentParser

protocol OptionLifetime {
    /// The note for an option a running viewer cannot change; nil where nothing keeps running.
    static func restartOnly(_ help: ArgumentHelp) -> ArgumentHelp
}

enum KeepsRunning: OptionLifetime {
    static func restartOnly(_ help: ArgumentHelp) -> ArgumentHelp { help.restartOnly() }
}

enum RunsOnce: OptionLifetime {
    static func restartOnly(_ help: ArgumentHelp) -> ArgumentHelp { help }
}

struct WallOptions<Lifetime: OptionLifetime>: ParsableArguments {
    @Option(parsing: .unconditional,
            help: "Columns: \(Limits.columns.range.lowerBound) to \(Limits.columns.range.upperBound), or auto: as many of at least 240 px as fit. (default: auto)",
            transform: { try ColumnChoice(word: $0) })
    var columns: ColumnChoice = .auto

    @Option(parsing: .unconditional,
            help: "Which way the wall scrolls: vertical (in columns) or horizontal (in rows, sideways). (default: vertical; horizontal with --rows)")
    var direction: WallAxis?

    @Option(parsing: .unconditional,
            help: "Rows of a horizontal wall: \(Limits.rows.range.lowerBound) to \(Limits.rows.range.upperBound), or auto: as many of at least 240 px as fit. (default: auto)",
            transform: { try ColumnChoice(word: $0, limit: Limits.rows) })
    var rows: ColumnChoice?

    @Option(parsing: .unconditional, help: Limits.margin.help("Every margin and gap between tiles", default: "10"), transform: Limits.margin.read)
    var margin: Double = 10

    @Flag(inversion: .prefixedNo, help: "Show the file name under each photo.")
    var captions = true

    @Option(parsing: .unconditional,
            help: "Order: name (natural), date (taken: EXIF, else the file's time), mtime, size or random; a leading - reverses it (-date: newest first).")
    var sort: SortChoice = SortChoice(key: .name)

    @Option(parsing: .unconditional, help: Limits.seed.help("Seed for --sort random (the same seed gives the same wall)", default: "1"), transform: Limits.seed.read)
    var seed: UInt64 = 1

    @Flag(inversion: .prefixedNo, help: "Reverse the order.")
    var reverse = false

    /// `--reverse` and a leading `-` undo each other, as two reversals do.
    var reversed: Bool { reverse != sort.descending }

    @Option(parsing: .unconditional, help: Lifetime.restartOnly(Limits.maxPixels.help("Largest image any decode may allocate", default: "\(PhotoDecoder.defaultMaxPixels)")),
            transform: Limits.maxPixels.read)
    var maxPixels = PhotoDecoder.defaultMaxPixels

    @Flag(help: Lifetime.restartOnly(ArgumentHelp("Neither read nor write the freedesktop thumbnail cache.")))
    var noThumbnailCache = false

    /// `--rows` alone turns the wall; a vertical wall has no rows to count.
    func validate() throws {
        if rows != nil, direction == .vertical {
            throw ValidationError("--rows is for a horizontal wall; a vertical one has --columns")
        }
    }

    var axis: WallAxis { direction ?? (rows != nil ? .horizontal : .vertical) }

    var style: WallStyle {
        let lanes = axis == .horizontal ? rows ?? .auto : columns
        let count: ColumnCount = switch lanes {
        case .auto: .automatic
        case .count(let n): .fixed(n)
        }
        return WallStyle(columns: count, margins: Margins(all: margin), captions: captions, axis: axis)
    }

    var order: SortOrder {
        switch sort.key {
        case .name: .name
        case .date: .date
        case .mtime: .mtime
        case .size: .size
        case .random: .random(seed: seed)
        }
    }
}

enum ColumnChoice: Equatable {
    case auto
    case count(Int)
    init(word: String, limit: Limit<Int> = Limits.columns) throws {
        self = word == limit.alternative ? .auto : .count(try limit.parse(word))
    }
}

extension WallAxis: ExpressibleByArgument {}

/// A `--sort` value: an order's name, "-" in front for its reverse.
struct SortChoice: ExpressibleByArgument, Equatable {
    enum Key: String, CaseIterable { case name, date, mtime, size, random }
    var key: Key
    var descending = false

    init(key: Key, descending: Bool = false) {
        self.key = key
        self.descending = descending
    }

    init?(argument: String) {
        let descending = argument.hasPrefix("-")
        guard let key = Key(rawValue: String(argument.dropFirst(descending ? 1 : 0))) else { return nil }
        self.init(key: key, descending: descending)
    }

    static var allValueStrings: [String] { Key.allCases.map(\.rawValue) + Key.allCases.map { "-" + $0.rawValue } }

    var defaultValueDescription: String { (descending ? "-" : "") + key.rawValue }
}

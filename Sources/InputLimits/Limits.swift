// Every number cascade takes from outside, with its range: the one table the command line, the
// configuration file (and its reload on SIGHUP) and the control socket all check against. It
// lives in a target of its own beneath the engine, which all three can see (docs/ARCHITECTURE.md), and
// because the first ranges are the wall's own: how many columns it lays out, how wide a gap.
//
// The ranges are what a wall can use, not what a type can hold: beyond them a value is a
// mistake (a typo, a unit confused, a script's garbage), and the best answer is to say so at
// once rather than to allocate, spin or trap on it later.

public enum Limits {
    // MARK: The wall (view and render, the configuration file, the socket's set-columns)

    /// What pinch, Ctrl+wheel, +/- and set-columns reach. Sixteen columns of a 4K screen are
    /// ~230 px each, about the smallest a photo stays recognisable at; a count past
    /// the width's pixels would only allocate empty columns.
    public static let columns = Limit<Int>("columns", 1...16, "columns", alternative: "auto")
    /// A horizontal wall's lanes, reached as the columns are: the same counts turned a quarter.
    public static let rows = Limit<Int>("rows", columns.range, "rows", alternative: "auto")
    /// Every margin and gap. Half of a small screen's width: beyond that no tile is left to see.
    public static let margin = Limit<Double>("margin", 0...500, "pixels")
    /// Any seed gives a wall; the same seed the same one.
    public static let seed = Limit<UInt64>("seed", 0...UInt64.max)

    // MARK: Decoding and textures

    /// The largest buffer one decode may allocate. Below a 256×256 tile no thumbnail fits; above
    /// 500 megapixels the 4-byte pixels pass 2^31 bytes, past the `int` byte counts of the C
    /// decoders and the decode workers' 2 GiB address space, so such a decode could only fail.
    public static let maxPixels = Limit<Int>("max-pixels", 65_536...500_000_000, "pixels")
    /// Tile textures kept, in MiB: from a few screens of small tiles to the memory of a large GPU.
    public static let textureBudget = Limit<Int>("texture-budget", 16...16_384, "MiB")
    /// Disk for offline copies of photos from network folders, in MiB: none, up to a large disk's
    /// worth of screen-sized JPEGs (a million of them).
    public static let offlineCache = Limit<Int>("offline-cache", 0...1_048_576, "MiB")
    /// Seconds between listings of a network folder: from a test's pace to an hour, for a share
    /// whose server should be left to sleep.
    public static let networkPoll = Limit<Double>("network-poll", 1...3600, "seconds")

    // MARK: The window

    /// Each side of `--geometry WxH`: X11 and SDL address up to 32767.
    public static let windowSide = Limit<Int>("geometry", 1...32_767, "pixels")
    /// Physical pixels per logical pixel (`--scale`): from half size, for a small screen seen
    /// close, to four times, an 8K panel's interface at the size of a 1080p one.
    public static let scale = Limit<Double>("scale", 0.5...4)

    // MARK: The daemon

    public static let onSelectLimit = Limit<Int>("on-select-limit", 1...64, "commands")
    public static let attractAfter = Limit<Double>("attract-after", 0...86_400, "seconds", lowestMeans: "never")
    /// Fast enough to show a new screen every few seconds, slow enough to see the photos.
    public static let attractSpeed = Limit<Double>("attract-speed", 1...10_000, "pixels per second")
    public static let detailTimeout = Limit<Double>("detail-timeout", 0...86_400, "seconds", lowestMeans: "never")
    public static let highlightNew = Limit<Double>("highlight-new", 0...3_600, "seconds", lowestMeans: "none")
    /// A week: longer is a mistake, not an idle timeout.
    public static let screenOffAfter = Limit<Double>("screen-off-after", 0...10_080, "minutes", lowestMeans: "never")

    // MARK: The slideshow

    /// From a quick flick through to a photo a day.
    public static let slideInterval = Limit<Double>("interval", 1...86_400, "seconds")
    /// The crossfade; at most half the interval (the timing clamps it), 0 is a cut.
    public static let transitionMs = Limit<Int>("transition-ms", 0...60_000, "milliseconds", lowestMeans: "a cut")
    /// How far back "recent" reaches for `--favour-recent`.
    public static let favourRecent = Limit<Double>("favour-recent", 0...36_500, "days", lowestMeans: "no weighting")
    public static let slideshowAfter = Limit<Double>("slideshow-after", 0...10_080, "minutes", lowestMeans: "never")

    // MARK: render

    /// width × height of a rendered wall: a 1 GiB canvas of 4-byte pixels, within SDL's 32-bit
    /// surface offsets.
    public static let renderPixels = 1 << 28
    public static let renderWidth = Limit<Int>("width", 1...32_767, "pixels")
    public static let renderHeight = Limit<Int>("height", 1...renderPixels, "pixels")

    // MARK: bench and ctl

    /// Synthetic tiles: ten times the million the benchmarks are quoted at.
    public static let benchItems = Limit<Int>("items", 1...10_000_000, "tiles")
    /// How long `cascade ctl` waits for a reply.
    public static let replyTimeout = Limit<Double>("timeout", 0.01...86_400, "seconds")

    // MARK: The control socket's arguments

    /// select, open, scroll-to {"index"}: whether a photo has it is the wall's to answer.
    public static let index = Limit<Int>("index", 0...Int.max)
    /// scroll-to {"offset"}: any finite number; the wall clamps it as it clamps a fling.
    public static let offset = Limit<Double>("offset", -Double.greatestFiniteMagnitude...Double.greatestFiniteMagnitude, "pixels")

    // MARK: decode-worker (cascade's own children, not for people)

    public static let workerParent = Limit<Int>("parent", 2...Int(Int32.max))
    public static let workerAddressSpace = Limit<Int>("address-space", (64 << 20)...(1 << 40), "bytes")
    public static let workerCPUSeconds = Limit<Int>("cpu-seconds", 1...3_600, "seconds")
    public static let workerNice = Limit<Int>("nice", 0...19)
}

extension Limits {
    /// The table, for the documentation and for tests that try every limit at its edges; `places`
    /// says where each number enters.
    public static let all: [AnyLimit] = [
        AnyLimit(columns, places: "--columns (view, render), config, set-columns"),
        AnyLimit(rows, places: "--rows (view, render), config, set-rows"),
        AnyLimit(margin, places: "--margin (view, render), config"),
        AnyLimit(seed, places: "--seed (view, render), config"),
        AnyLimit(maxPixels, places: "--max-pixels (view, render, cache warm), config"),
        AnyLimit(textureBudget, places: "--texture-budget (view), config"),
        AnyLimit(offlineCache, places: "--offline-cache (view), config"),
        AnyLimit(networkPoll, places: "--network-poll (view), config"),
        AnyLimit(windowSide, places: "--geometry WxH, each side (view), config"),
        AnyLimit(scale, places: "--scale (view), config; rounded to a quarter"),
        AnyLimit(onSelectLimit, places: "--on-select-limit (view), config"),
        AnyLimit(attractAfter, places: "--attract-after (view), config"),
        AnyLimit(attractSpeed, places: "--attract-speed (view), config"),
        AnyLimit(detailTimeout, places: "--detail-timeout (view), config"),
        AnyLimit(highlightNew, places: "--highlight-new (view), config"),
        AnyLimit(screenOffAfter, places: "--screen-off-after (view), config"),
        AnyLimit(slideInterval, places: "--interval (view), config"),
        AnyLimit(transitionMs, places: "--transition-ms (view), config"),
        AnyLimit(favourRecent, places: "--favour-recent (view), config"),
        AnyLimit(slideshowAfter, places: "--slideshow-after (view), config"),
        AnyLimit(renderWidth, places: "--width (render)"),
        AnyLimit(renderHeight, places: "--height (render); width × height at most \(renderPixels)"),
        AnyLimit(benchItems, places: "--items (bench)"),
        AnyLimit(replyTimeout, places: "--timeout (ctl)"),
        AnyLimit(index, places: "select, open, scroll-to {\"index\"} (socket); below the photo count"),
        AnyLimit(offset, places: "scroll-to {\"offset\"} (socket); clamped to the wall"),
        AnyLimit(workerParent, places: "--parent (decode-worker, internal)"),
        AnyLimit(workerAddressSpace, places: "--address-space (decode-worker, internal)"),
        AnyLimit(workerCPUSeconds, places: "--cpu-seconds (decode-worker, internal)"),
        AnyLimit(workerNice, places: "--nice (decode-worker, internal)"),
    ]
}

/// One row of the table, whatever its kind of number.
public struct AnyLimit: Sendable {
    public let name: String
    public let places: String
    public let expectation: String
    /// The bounds and the nearest values outside them (nil past the type's end), as text.
    public let lowest: String, highest: String
    public let justBelow: String?, justAbove: String?
    private let parseText: @Sendable (String) throws(LimitError) -> Void

    public init<Number>(_ limit: Limit<Number>, places: String) {
        name = limit.name
        self.places = places
        expectation = limit.expectation
        lowest = limit.range.lowerBound.spelling
        highest = limit.range.upperBound.spelling
        justBelow = limit.range.lowerBound.justBelow?.spelling
        justAbove = limit.range.upperBound.justAbove?.spelling
        parseText = { text throws(LimitError) in _ = try limit.parse(text) }
    }

    /// Reads `text` as the limit does at every entry point.
    public func parse(_ text: String) throws(LimitError) { try parseText(text) }
}

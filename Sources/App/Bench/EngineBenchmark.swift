// `cascade bench`: the engine on synthetic walls, measured the way BENCHMARKS.md states its
// targets. The numbers are whole-operation timings from a monotonic clock inside one process;
// nothing here is a test — the figures go to BENCHMARKS.md.

import Foundation
import Waterfall

public struct EngineBenchmarkReport: Codable, Sendable {
    public struct Percentiles: Codable, Sendable { public var p50: Double; public var p99: Double }
    public var layout_ms: Double
    /// The same wall in sections (a date-sorted wall's months), one every `tilesPerSection`.
    public var layout_sections_ms: Double
    public var append_us: Double
    public var visible_query_us: Percentiles
    public var frame_prep_ms: Percentiles
    public var frame_prep_ratio_vs_1k: Double
    public var reuse_rate_after_warmup: Double
    public var rss_mb: Double
}

public struct EngineBenchmark {
    public var items: Int
    public var viewport = Size(width: 1200, height: 800)
    /// A horizontal wall scrolls the same viewport sideways, in rows across its height.
    public var axis: WallAxis = .vertical
    public var seed: UInt64 = 42
    /// 3000 px/s at 60 frames/s.
    var stepPerFrame = 50.0
    var frameRuns = 10
    var framesPerRun = 200

    public init(items: Int, axis: WallAxis = .vertical) {
        self.items = max(1, items)
        self.axis = axis
    }

    public func run() -> EngineBenchmarkReport {
        let ratios = Self.photoRatios(count: items, seed: seed)
        let layoutMs = measureLayout(ratios)
        let sectionsMs = measureLayout(ratios, sections: stride(from: 0, to: items, by: Self.tilesPerSection).map {
            SectionBreak(start: $0, headingHeight: 36)
        })
        let appendUs = measureAppend(ratios)
        let query = measureVisibleQueries(ratios)
        let frames = measureFramePrep(ratios)
        let framesAt1k = measureFramePrep(Self.photoRatios(count: 1000, seed: seed))
        let reuse = measureReuse(ratios)
        return EngineBenchmarkReport(
            layout_ms: layoutMs,
            layout_sections_ms: sectionsMs,
            append_us: appendUs,
            visible_query_us: .init(p50: query.p50 * 1e6, p99: query.p99 * 1e6),
            frame_prep_ms: .init(p50: frames.p50 * 1e3, p99: frames.p99 * 1e3),
            frame_prep_ratio_vs_1k: frames.p99 / framesAt1k.p99,
            reuse_rate_after_warmup: reuse,
            rss_mb: Self.residentMegabytes())
    }

    /// Height ÷ width of a realistic library: mostly the camera and phone formats, landscape and
    /// portrait, plus a fifth of odd crops and panoramas.
    static func photoRatios(count: Int, seed: UInt64) -> [Double] {
        var rng = SeededGenerator(seed: seed)
        let common: [Double] = [0.75, 2.0 / 3, 0.5625, 1, 4.0 / 3, 1.5, 16.0 / 9]
        let odd: ClosedRange<Double> = log(0.2)...log(4.5)
        var ratios: [Double] = []
        ratios.reserveCapacity(count)
        for _ in 0..<count {
            let isCommon = Int.random(in: 0..<5, using: &rng) > 0
            ratios.append(isCommon ? common[Int.random(in: 0..<common.count, using: &rng)]
                                   : exp(Double.random(in: odd, using: &rng)))
        }
        return ratios
    }

    private func emptyLayout() -> WaterfallLayout {
        WaterfallLayout(axis: axis, breadth: axis.across(viewport), lanes: .automatic, margins: .seed)
    }

    /// Each tile's length along the scroll: a height in a column, a width in a row.
    private func heights(_ ratios: [Double], cellWidth: Double) -> [Double] {
        ratios.map { TileSizing.tileLength(axis: axis, breadth: cellWidth, displayed: Size(width: 1, height: $0)) }
    }

    /// A section every this many tiles: a million photos in 1,000 months (83 years).
    static let tilesPerSection = 1000

    /// Median of five full layouts of the wall, in ms. The first builds into fresh memory (as
    /// at start-up); the rest reuse the layout's storage (as a resize or a pinch does).
    private func measureLayout(_ ratios: [Double], sections: [SectionBreak] = []) -> Double {
        let hs = heights(ratios, cellWidth: emptyLayout().laneBreadth)
        var layout = emptyLayout()
        var samples: [Double] = []
        for _ in 0..<5 {
            let start = Stopwatch()
            layout.configure(axis: axis, breadth: axis.across(viewport), lanes: .automatic, margins: .seed)
            layout.setHeights(hs, sections: sections)
            samples.append(start.seconds * 1e3)
            precondition(layout.count == hs.count)
        }
        return Self.percentile(samples, 0.5)
    }

    /// Mean µs per append, appending every tile one by one (capacity grown as an app would).
    private func measureAppend(_ ratios: [Double]) -> Double {
        let hs = heights(ratios, cellWidth: emptyLayout().laneBreadth)
        var layout = emptyLayout()
        let start = Stopwatch()
        for h in hs { layout.append(height: h) }
        return start.seconds * 1e6 / Double(hs.count)
    }

    private func measureVisibleQueries(_ ratios: [Double]) -> (p50: Double, p99: Double) {
        var layout = emptyLayout()
        layout.setHeights(heights(ratios, cellWidth: layout.laneBreadth))
        var rng = SeededGenerator(seed: seed &+ 1)
        var out: [Int] = []
        out.reserveCapacity(256)
        let maxOffset = max(0, layout.contentLength - axis.along(viewport))
        var samples = [Double](repeating: 0, count: 100_000)
        var sink = 0
        for k in samples.indices {
            let offset = Double.random(in: 0...maxOffset, using: &rng)
            let rect = axis == .vertical ? Rect(x: 0, y: offset, width: viewport.width, height: viewport.height)
                                         : Rect(x: offset, y: 0, width: viewport.width, height: viewport.height)
            out.removeAll(keepingCapacity: true)
            let start = Stopwatch()
            layout.indices(in: rect, into: &out)
            samples[k] = start.seconds
            sink &+= out.count
        }
        precondition(sink > 0)
        return (Self.percentile(samples, 0.5), Self.percentile(samples, 0.99))
    }

    /// Per-frame cost of scrolling: offset change, visible/preload query, pool diff, draw list.
    /// Each run jumps to a random place first; that jump is set-up, not a scrolling frame.
    private func measureFramePrep(_ ratios: [Double]) -> (p50: Double, p99: Double) {
        let wall = BenchWall(ratios: ratios)
        let view = wall.makeView(viewport: viewport, axis: axis)
        var rng = SeededGenerator(seed: seed &+ 2)
        let travel = stepPerFrame * Double(framesPerRun)
        var samples: [Double] = []
        samples.reserveCapacity(frameRuns * framesPerRun)
        for _ in 0..<frameRuns {
            let room = max(0, view.scroll.maxOffset - travel)
            var y = Double.random(in: 0...room, using: &rng)
            view.scrollTo(offset: y)
            view.layoutCells()
            for _ in 0..<framesPerRun {
                y += stepPerFrame
                let start = Stopwatch()
                view.scrollTo(offset: y)
                view.layoutCells()
                samples.append(start.seconds)
            }
        }
        return (Self.percentile(samples, 0.5), Self.percentile(samples, 0.99))
    }

    /// Share of cell requests served from the pool during a continuous scroll from the top,
    /// after the first ten screens.
    private func measureReuse(_ ratios: [Double]) -> Double {
        let wall = BenchWall(ratios: ratios)
        let view = wall.makeView(viewport: viewport, axis: axis)
        let screen = axis.along(viewport)
        let warmup = 10 * screen
        let end = min(view.scroll.maxOffset, warmup + 1000 * screen)
        var y = 0.0
        var counted = (requests: 0, created: 0)
        while y <= end {
            view.scrollTo(offset: y)
            if y == warmup || (y > warmup && y - stepPerFrame < warmup) { counted = (wall.requests, wall.created) }
            view.layoutCells()
            y += stepPerFrame
        }
        let requests = wall.requests - counted.requests
        guard requests > 0 else { return 1 }
        return Double(requests - (wall.created - counted.created)) / Double(requests)
    }

    static func percentile(_ values: [Double], _ q: Double) -> Double {
        guard !values.isEmpty else { return 0 }
        let sorted = values.sorted()
        let rank = Int((q * Double(sorted.count - 1)).rounded())
        return sorted[min(max(rank, 0), sorted.count - 1)]
    }

    static func residentMegabytes() -> Double {
        guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
              let pages = statm.split(separator: " ").dropFirst().first.flatMap({ Double($0) }) else { return 0 }
        return pages * Double(sysconf(Int32(_SC_PAGESIZE))) / 1_048_576
    }
}

/// Seconds since creation, from the monotonic clock. Read straight from clock_gettime: the
/// per-sample overhead has to stay far below the microsecond figures it measures.
struct Stopwatch {
    private let start = Stopwatch.now()
    var seconds: Double { Double(Stopwatch.now() &- start) * 1e-9 }

    private static func now() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return UInt64(ts.tv_sec) &* 1_000_000_000 &+ UInt64(ts.tv_nsec)
    }
}

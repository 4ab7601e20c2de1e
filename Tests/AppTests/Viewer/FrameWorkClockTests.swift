import CSDL2
import Control
import Foundation
import Logging
import Testing
@testable import App
import Screen
import Waterfall
@testable import TestSupport

/// The frame-work figures of `get-stats` and `--stats` are what a frame cost, whatever time the
/// caller drives the scene at: a frame driven at second 1,000 on a machine up for six minutes
/// once reported `frameWorkMs.max` = −634,822.9.
@Suite("frame work is timed on the loop's clock", .serialized)
@MainActor
struct FrameWorkClockTests {
    init() { setenv("SDL_VIDEODRIVER", "dummy", 1) }

    @Test("frames driven at a scene time far from the clock report what they cost, never below zero",
          arguments: [100_000.0, -100_000.0])
    func sceneTimeFarFromTheClock(offset: Double) throws {
        let library = try ColourLibrary(count: 12)
        defer { SDL_QuitSubSystem(SDL_INIT_VIDEO | SDL_INIT_EVENTS) }
        try driveFrames(library, sceneTimeOffset: offset)
    }

    private func driveFrames(_ library: ColourLibrary, sceneTimeOffset offset: Double) throws {
        let window = try Window(title: "cascade test", placement: .windowed(width: 400, height: 300))
        var options = ViewerOptions()
        options.style = WallStyle(columns: .fixed(3), margins: Margins(all: 8), captions: false)
        options.thumbnailCache = false
        let session = ViewerSession(window: window, options: options, title: "cascade test", log: Logger(label: "cascade.tests"))
        let events = EventSource(window: window)
        session.wall.show(library.entries)
        let began = ProcessClock.now()
        // A scene clock the frame loop's clock is nowhere near (behind it: below zero when the
        // machine has been up for less than a day).
        var scene = began + offset
        for _ in 0..<20 {
            while let event = events.poll() { session.handle(event) }
            scene += 1.0 / 60
            session.frame(at: scene)
        }
        let elapsedMS = (ProcessClock.now() - began) * 1000

        guard case .success(let stats) = session.perform(.getStats) else { throw HarnessError("get-stats failed") }
        #expect(stats["frames"]?.intValue == 20)
        let workMax = try #require(stats["frameWorkMs"]?["max"]?.doubleValue)
        // No frame can have cost more than all twenty together took.
        #expect(workMax >= 0 && workMax <= elapsedMS, "frame work max \(workMax) ms of \(elapsedMS) ms")
        #expect(negativeFigures(stats).isEmpty, "negative figures in get-stats: \(negativeFigures(stats))")
    }

    @Test("a span read off two clocks is recorded as no time rather than as a negative figure")
    func negativeSpansAreNoTime() {
        var stats = FrameStats()
        let refresh = 1.0 / 60
        stats.record(workSeconds: 0.004, presentSeconds: 0.001, presentedAt: 10, moving: true, refreshInterval: refresh)
        stats.record(workSeconds: -634.8, presentSeconds: -0.5, presentedAt: 9, moving: true, refreshInterval: refresh)
        #expect(stats.work.allSatisfy { $0 >= 0 } && stats.presents.allSatisfy { $0 >= 0 })
        #expect(stats.intervals.allSatisfy { $0 >= 0 })
        #expect(FrameStats.percentileMS(stats.work, 0) == 0)
        #expect(stats.lateFrames == 0)
    }

    /// Every number below zero in a reply, with where it is.
    private func negativeFigures(_ value: JSONValue, at path: String = "") -> [String] {
        switch value {
        case .int(let n): return n < 0 ? ["\(path) = \(n)"] : []
        case .double(let d): return d < 0 ? ["\(path) = \(d)"] : []
        case .array(let items): return items.enumerated().flatMap { negativeFigures($1, at: "\(path)[\($0)]") }
        case .object(let pairs): return pairs.flatMap { negativeFigures($1, at: path.isEmpty ? $0 : "\(path).\($0)") }
        default: return []
        }
    }
}

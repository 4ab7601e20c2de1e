import Testing
@testable import App

/// `--stats` counts a late frame only where a person sees stutter: inside one motion.
@Suite("frame statistics")
struct FrameStatsTests {
    private let refresh = 1.0 / 60

    @Test("a frame that comes two refreshes after the last one in a glide is late")
    func aGapInsideAMotionIsLate() {
        var stats = FrameStats()
        for (i, time) in [0.0, refresh, 2 * refresh, 4 * refresh].enumerated() {
            stats.record(workSeconds: 0.001, presentSeconds: 0, presentedAt: time, moving: i > 0, refreshInterval: refresh)
        }
        #expect(stats.lateFrames == 1)
        #expect(stats.intervals.count == 2)
    }

    @Test("the pause between two glides, while the loop slept, is not a late frame")
    func aRestBetweenMotionsIsNotLate() {
        var stats = FrameStats()
        stats.record(workSeconds: 0.001, presentSeconds: 0, presentedAt: 0, moving: true, refreshInterval: refresh)
        stats.record(workSeconds: 0.001, presentSeconds: 0, presentedAt: refresh, moving: true, refreshInterval: refresh)
        stats.noteRest()
        stats.record(workSeconds: 0.001, presentSeconds: 0, presentedAt: 6, moving: true, refreshInterval: refresh)
        stats.record(workSeconds: 0.001, presentSeconds: 0, presentedAt: 6 + refresh, moving: true, refreshInterval: refresh)
        #expect(stats.lateFrames == 0)
        #expect(stats.intervals.count == 2)
    }
}

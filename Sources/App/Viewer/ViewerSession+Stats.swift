// `get-stats`: the frame loop's health while it runs, for a soak test or a kiosk's monitoring
// — the figures `--stats` draws on screen and prints at exit, plus the stalls and the input
// the loop took from its queue, and the textures held against the budget.

import Control
import Screen

extension ViewerSession {
    /// Percentiles are over the last 600 frames (ten seconds at 60 Hz), as on screen: a
    /// request is answered on the frame loop and must not sort half an hour of frames. The
    /// maxima are over every frame kept.
    var health: JSONValue {
        let recent = 600
        let activity = EventSource.activity
        let pool = wall.pool.stats
        let renderer = window.renderer
        func ms(_ seconds: Double) -> JSONValue { .double((seconds * 1_000_000).rounded() / 1000) }
        return .object([
            ("uptime", .double(((ProcessClock.sinceStart() ?? 0) * 1000).rounded() / 1000)),
            ("photos", .int(wall.entries.count)),
            ("frames", .int(stats.frames)),
            ("movingFrames", .int(stats.intervals.count)),
            ("lateFrames", .int(stats.lateFrames)),
            ("frameWorkMs", .object([
                ("p50", .double(FrameStats.percentileMS(stats.work, 0.5, recent: recent))),
                ("p99", .double(FrameStats.percentileMS(stats.work, 0.99, recent: recent))),
                ("max", ms(stats.work.max() ?? 0)),
            ])),
            ("presentMs", .object([
                ("p99", .double(FrameStats.percentileMS(stats.presents, 0.99, recent: recent))),
                ("max", ms(stats.presents.max() ?? 0)),
            ])),
            ("longestStallMs", ms(activity.longestStall)),
            ("stallsOver50ms", .int(activity.stallsOver50ms)),
            ("stallsOver250ms", .int(activity.stallsOver250ms)),
            // When, as seconds before this reply: the loop's clock is SDL's, not the client's.
            ("recentStalls", .array(activity.recentStalls.map { stall in
                .object([("agoSeconds", .double(((EventSource.clock() - stall.endedAt) * 1000).rounded() / 1000)),
                         ("ms", ms(stall.seconds))])
            })),
            ("events", .object([
                ("pointer", .int(activity.pointer)), ("wheel", .int(activity.wheel)), ("key", .int(activity.key)),
                ("resized", .int(activity.resized)), ("wake", .int(activity.wake)), ("other", .int(activity.other)),
                ("input", .int(activity.input)), ("total", .int(activity.total)),
            ])),
            ("pool", .object([
                ("bytes", .int(pool.bytesHeld)), ("budget", .int(wall.pool.budgetBytes)), ("idle", .int(pool.idleCount)),
                ("hits", .int(pool.hits)), ("misses", .int(pool.misses)), ("created", .int(pool.created)),
                ("evicted", .int(pool.evicted)),
            ])),
            ("textures", .object([("count", .int(renderer.liveTextureCount)), ("bytes", .int(renderer.liveTextureBytes))])),
            ("decodeQueue", .int(decodes.pendingCount)),
            ("uploads", .int(wall.uploads)),
            ("lateResultsDropped", .int(wall.lateResultsDropped)),
        ])
    }
}

// `get-stats`: the frame loop's health while it runs, for a soak test or a kiosk's monitoring
// — the figures `--stats` draws on screen and prints at exit, plus the stalls and the input
// the loop took from its queue, and the textures held against the budget.

import Control
import Foundation
import Screen

/// The loop's figures at one moment, read from the parts that keep them.
@MainActor
struct LoopHealth {
    let stats: FrameStats
    let wall: WallScreen
    let renderer: Renderer
    let decodeQueue: Int
    let control: ControlServer?
    let firstFullScreen: Double?

    /// Percentiles are over the last 600 frames (ten seconds at 60 Hz), as on screen: a
    /// request is answered on the frame loop and must not sort half an hour of frames. The
    /// maxima are over every frame kept.
    var json: JSONValue {
        let recent = 600
        let activity = EventSource.activity
        let pool = wall.pool.stats
        func ms(_ seconds: Double) -> JSONValue { .double((seconds * 1_000_000).rounded() / 1000) }
        return .object([
            ("uptime", .double(((ProcessClock.sinceStart() ?? 0) * 1000).rounded() / 1000)),
            ("photos", .int(wall.entries.count)),
            ("frames", .int(stats.frames)),
            ("rests", .int(stats.rests)),
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
                .object([("agoSeconds", .double((max(0, EventSource.clock() - stall.endedAt) * 1000).rounded() / 1000)),
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
            ("decodeQueue", .int(decodeQueue)),
            ("uploads", .int(wall.uploads)),
            ("tileDecodeRequests", .int(wall.decodeRequests)),
            ("lateResultsDropped", .int(wall.lateResultsDropped)),
            ("controlClients", control.map { control in
                let clients = control.clientStats
                return .object([("connected", .int(clients.connected)), ("refused", .int(clients.refused))])
            } ?? .null),
        ])
    }

    /// The `--stats` panel's lines.
    var panelLines: [String] {
        let pool = wall.pool.stats
        return [
            String(format: "%.0f fps   frame p50 %.2f ms   p99 %.2f ms   late %d", stats.recentFPS,
                   FrameStats.percentileMS(stats.work, 0.5, recent: 600), FrameStats.percentileMS(stats.work, 0.99, recent: 600),
                   stats.lateFrames),
            "decode queue \(decodeQueue)   uploads \(wall.uploads)   late results dropped \(wall.lateResultsDropped)",
            String(format: "pool hits %d  misses %d  created %d  evicted %d   %.0f / %.0f MiB", pool.hits, pool.misses,
                   pool.created, pool.evicted, Double(pool.bytesHeld) / 1_048_576, Double(wall.pool.budgetBytes) / 1_048_576),
            "textures \(renderer.liveTextureCount) (\(renderer.liveTextureBytes >> 20) MiB)   tiles \(wall.entries.count)   \(wall.view.axis.laneName) \(wall.view.layout.laneCount)",
        ]
    }

    /// One JSON line on stderr when the viewer exits with `--stats`: the figures BENCHMARKS.md quotes.
    func report() {
        let pool = wall.pool.stats
        let line = JSONValue.object([
            ("frames", .int(stats.frames)),
            ("frame_work_ms_p50", .double(FrameStats.percentileMS(stats.work, 0.5))),
            ("frame_work_ms_p99", .double(FrameStats.percentileMS(stats.work, 0.99))),
            ("present_ms_p50", .double(FrameStats.percentileMS(stats.presents, 0.5))),
            ("present_ms_p99", .double(FrameStats.percentileMS(stats.presents, 0.99))),
            ("moving_frames", .int(stats.intervals.count)),
            ("frame_interval_ms_p50", .double(FrameStats.percentileMS(stats.intervals, 0.5))),
            ("frame_interval_ms_p99", .double(FrameStats.percentileMS(stats.intervals, 0.99))),
            ("late_frames", .int(stats.lateFrames)),
            ("first_full_screen_ms", firstFullScreen.map { .double(($0 * 1000).rounded()) } ?? .null),
            ("pool_hits", .int(pool.hits)), ("pool_misses", .int(pool.misses)),
            ("textures_created", .int(pool.created)), ("pool_evicted", .int(pool.evicted)),
            ("uploads", .int(wall.uploads)), ("late_results_dropped", .int(wall.lateResultsDropped)),
            ("tile_decode_requests", .int(wall.decodeRequests)),
        ])
        FileHandle.standardError.write(Data(("stats: " + line.text + "\n").utf8))
    }
}

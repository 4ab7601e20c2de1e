// What `--stats` shows and reports: how long frames take to prepare and draw, how evenly they
// are presented while the wall moves, and how the texture pool and decoders keep up.

struct FrameStats {
    /// Work per frame (events, layout, uploads, drawing), seconds — excludes waiting for vsync.
    private(set) var work: [Double] = []
    /// Time between consecutive presented frames while something moved, seconds.
    private(set) var intervals: [Double] = []
    /// Presented frames that came more than 1.5 refresh intervals after the previous one
    /// while the wall was moving: the stutter a person sees.
    private(set) var lateFrames = 0
    /// Time spent handing each frame to the screen (SDL_RenderPresent), seconds: where a slow
    /// GPU path or a software renderer's copy to the window shows up.
    private(set) var presents: [Double] = []
    private(set) var frames = 0
    /// Times the loop went to sleep waiting for an event or a timer: while nothing moves, or
    /// with the screen off, this and `frames` are all the work there is, counted exactly where
    /// CPU time under a busy or emulated machine is only a guess.
    private(set) var rests = 0
    private var lastPresent: Double?
    /// Figures are kept for the last 100,000–200,000 frames (half an hour or more at 60 Hz):
    /// a kiosk running for months keeps recent figures in bounded memory.
    private static let keep = 200_000

    /// Returns the gap since the previous frame of the same motion when this frame was late.
    @discardableResult
    mutating func record(workSeconds: Double, presentSeconds: Double, presentedAt time: Double, moving: Bool,
                         refreshInterval: Double) -> Double? {
        var late: Double?
        frames += 1
        if work.count >= Self.keep { work.removeFirst(Self.keep / 2); presents.removeFirst(Self.keep / 2) }
        if intervals.count >= Self.keep { intervals.removeFirst(Self.keep / 2) }
        // Spans read off one monotonic clock are never negative; one below zero comes from two
        // clocks mixed up, and a figure `get-stats` or `--stats` reports must not go below zero.
        work.append(max(0, workSeconds)); presents.append(max(0, presentSeconds))
        if moving, let last = lastPresent {
            let gap = max(0, time - last)
            intervals.append(gap)
            if gap > refreshInterval * 1.5 { lateFrames += 1; late = gap }
        }
        lastPresent = moving ? time : nil
        return late
    }

    /// The loop is going to sleep until an event: the next moving frame starts a new motion,
    /// and the rest before it is not a late frame (a pause between two glides is not stutter).
    mutating func noteRest() {
        rests += 1
        lastPresent = nil
    }

    /// The p-th percentile (0…1) of the last `recent` samples (all when nil), milliseconds.
    static func percentileMS(_ samples: [Double], _ p: Double, recent: Int? = nil) -> Double {
        let window = recent.map { Array(samples.suffix($0)) } ?? samples
        guard !window.isEmpty else { return 0 }
        let sorted = window.sorted()
        let rank = min(sorted.count - 1, max(0, Int((p * Double(sorted.count - 1)).rounded())))
        return sorted[rank] * 1000
    }

    /// Frames per second over the recent moving frames (0 when nothing has moved lately).
    var recentFPS: Double {
        let recent = intervals.suffix(60)
        guard !recent.isEmpty else { return 0 }
        return Double(recent.count) / recent.reduce(0, +)
    }
}

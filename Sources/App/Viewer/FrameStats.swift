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
    private(set) var frames = 0
    private var lastPresent: Double?
    /// Figures for the whole run are kept up to this many frames (about 4.5 hours at 60 Hz).
    private static let keep = 1_000_000

    mutating func record(workSeconds: Double, presentedAt time: Double, moving: Bool, refreshInterval: Double) {
        frames += 1
        if work.count < Self.keep { work.append(workSeconds) }
        if moving, let last = lastPresent {
            let gap = time - last
            if intervals.count < Self.keep { intervals.append(gap) }
            if gap > refreshInterval * 1.5 { lateFrames += 1 }
        }
        lastPresent = moving ? time : nil
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

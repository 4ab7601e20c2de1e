// Finished decodes go to the screen they belong to — the wall or the open photo — within the
// frame's upload budget. Without a GPU each upload is a copy (and a new texture an allocation)
// on the frame's own time, so a burst of decodes is spread over several frames.

@MainActor
struct ResultRouter {
    /// What one frame took.
    struct Taken {
        var count = 0
        var bytes = 0
    }

    /// The share of a refresh interval uploads may use.
    static let timeShare = 0.4
    /// Results are taken this many at a time, the clock read after each batch: the budget is
    /// overrun by at most one batch.
    static let batch = 2

    /// A full batch was taken last time: more may be waiting, and no wake-up will say so.
    private(set) var resultsWaiting = false

    /// Takes results until the wall's count or byte budget, or `deadline`, is reached.
    mutating func route(from decodes: ViewerDecodes, to wall: WallScreen, detail: DetailScreen?, slideshow: SlideshowScreen?, now: Double,
                        deadline: Double) -> Taken {
        var taken = Taken()
        repeat {
            let want = min(Self.batch, wall.uploadsPerFrame - taken.count)
            let results = decodes.drain(max: want)
            for finished in results {
                if case .success(let image) = finished.result { taken.bytes += image.pixels.count }
                switch finished.key {
                case .detail: detail?.accept(finished, now: now)
                case .tile, .preview: wall.accept(finished, now: now)
                case .slide: slideshow?.accept(finished)
                }
            }
            taken.count += results.count
            resultsWaiting = results.count == want
        } while resultsWaiting && taken.count < wall.uploadsPerFrame && taken.bytes < wall.uploadBytesPerFrame
            && ProcessClock.now() < deadline
        return taken
    }
}

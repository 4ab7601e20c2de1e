// Finished decodes go to the screen that asked for them, within the frame's upload budget.
// Without a GPU each upload is a copy (and a new texture an allocation) on the frame's own time,
// so a burst of decodes is spread over several frames.

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

    /// At most this many finished decodes are taken per frame, and at most `uploadBytesPerFrame`
    /// of pixels uploaded, so a burst of decodes is spread over a few frames instead of making
    /// one frame late. Thumbnail-sized tiles (~200 KB) go up dozens at a time; 4K ones a few.
    var uploadsPerFrame = 48
    var uploadBytesPerFrame = 12 << 20

    /// A full batch was taken last time: more may be waiting, and no wake-up will say so.
    private(set) var resultsWaiting = false

    /// Takes results until the count or byte budget, or `deadline`, is reached.
    mutating func route(from decodes: ViewerDecodes, to stack: ScreenStack, now: Double, deadline: Double) -> Taken {
        var taken = Taken()
        repeat {
            let want = min(Self.batch, uploadsPerFrame - taken.count)
            let results = decodes.drain(max: want)
            for finished in results {
                if case .success(let image) = finished.result { taken.bytes += image.pixels.count }
                // A screen closed before its result came: the pixels are of no use now.
                stack.screen(finished.key.screen)?.accept(finished, now: now)
            }
            taken.count += results.count
            resultsWaiting = results.count == want
        } while resultsWaiting && taken.count < uploadsPerFrame && taken.bytes < uploadBytesPerFrame
            && ProcessClock.now() < deadline
        return taken
    }

    /// Frames of animated photos, a few a frame, to the screen that asked for them.
    func route(frames animations: AnimationDecodes, to stack: ScreenStack, now: Double) {
        for finished in animations.drain(max: 4) {
            stack.screen(finished.key.screen)?.accept(frames: finished, now: now)
        }
    }
}

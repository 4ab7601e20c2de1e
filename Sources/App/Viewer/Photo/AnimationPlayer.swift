// Which frame of an animation is on show, by the frames' own delays and the loop count, over
// frames that come a window at a time: the frames already shown are let go (unless the whole
// animation came in one window, which then loops from memory), and the next window is asked for
// while a few frames are still ahead. Time is the caller's: nothing here reads a clock.

import Photos

struct AnimationPlayer {
    private var frames: [Int: (image: DecodedImage, duration: Double)] = [:]
    private(set) var shown = 0
    /// When the frame on show ends.
    private var changeAt: Double
    private let loopCount: Int
    private var loopsPlayed = 0
    /// Known once the window holding the last frame came.
    private var frameCount: Int?
    /// The whole animation came in the first window: it loops from memory, asking for nothing.
    private let keepsAll: Bool
    /// The start of the window asked for and not yet in.
    private(set) var pending: Int?
    private(set) var isFinished = false

    /// Fewer frames than this ahead of the one on show, and fewer bytes than `lowWaterBytes`:
    /// the next window is asked for. Bytes too, so a run of large frames stays bounded.
    static let lowWater = 8
    static let lowWaterBytes = 24 << 20
    /// No frame is shorter, whatever a file or a worker says: the loop is never asked to spin.
    static let shortestFrame = 0.02
    /// A gap longer than this between two calls (a hidden window, a stalled loop) is a pause:
    /// the animation goes on from where it was instead of racing through the missed frames.
    static let longestGap = 1.0

    /// From the first window (starting at frame 0, more than a still).
    init(first chunk: AnimationChunk, now: Double) {
        loopCount = chunk.loopCount
        keepsAll = chunk.isLast
        changeAt = now + max(chunk.durations.first ?? 0.1, Self.shortestFrame)
        take(chunk)
    }

    var image: DecodedImage? { frames[shown]?.image }

    /// The frames of a window asked for by `nextWindow`.
    mutating func accept(_ chunk: AnimationChunk) {
        if chunk.first == pending { pending = nil }
        take(chunk)
    }

    private mutating func take(_ chunk: AnimationChunk) {
        for (offset, image) in chunk.frames.enumerated() {
            frames[chunk.first + offset] = (image, chunk.durations[offset])
        }
        if chunk.isLast { frameCount = chunk.first + chunk.frames.count }
    }

    /// Moves to the frame due at `now`; true when the picture on show changed.
    mutating func advance(to now: Double) -> Bool {
        guard !isFinished else { return false }
        if now - changeAt > Self.longestGap { changeAt = now }
        var changed = false
        while now >= changeAt {
            var next = shown + 1
            if let count = frameCount, next >= count {
                if loopCount != 0, loopsPlayed + 1 >= loopCount {
                    isFinished = true
                    return changed
                }
                next = 0
            }
            // The next frame is not in yet: the one on show stays until it is, and the frames
            // after it keep their delays from then on instead of being raced through to catch up.
            guard let frame = frames[next] else {
                changeAt = now
                return changed
            }
            if next == 0, shown != 0 { loopsPlayed += 1 }
            if !keepsAll { frames[shown] = nil }
            shown = next
            changeAt += max(frame.duration, Self.shortestFrame)
            changed = true
        }
        return changed
    }

    /// When the picture changes next (infinity when finished or waiting for frames).
    var nextChange: Double {
        guard !isFinished else { return .infinity }
        var next = shown + 1
        if let count = frameCount, next >= count { next = 0 }
        return frames[next] == nil ? .infinity : changeAt
    }

    /// The window to ask for now, if any; remembered as pending.
    mutating func nextWindow() -> Int? {
        guard pending == nil, !keepsAll, !isFinished else { return nil }
        let ahead = frames.filter { $0.key > shown }
        guard ahead.count < Self.lowWater, ahead.values.reduce(0, { $0 + $1.image.byteCount }) < Self.lowWaterBytes else { return nil }
        var start = (frames.keys.filter { $0 >= shown }.max() ?? shown) + 1
        if let count = frameCount, start >= count {
            // Past the end: the start again, for the next loop, if there is one and it is not in.
            guard loopCount == 0 || loopsPlayed + 1 < loopCount, frames[0] == nil else { return nil }
            start = 0
        }
        pending = start
        return start
    }
}

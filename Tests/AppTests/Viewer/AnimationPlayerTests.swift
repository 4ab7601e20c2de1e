import Testing
@testable import App
import Photos

@Suite("animation player")
struct AnimationPlayerTests {
    /// Frames numbered by their first byte, so a test can tell which one is on show.
    private func chunk(_ first: Int, _ count: Int, of total: Int, duration: Double = 0.1, loop: Int = 0) -> AnimationChunk {
        let frames = (first..<first + count).map { DecodedImage(width: 1, height: 1, stride: 4, pixels: [UInt8($0), 0, 0, 255]) }
        return AnimationChunk(first: first, frames: frames, durations: Array(repeating: duration, count: count),
                              loopCount: loop, isLast: first + count == total)
    }

    private func number(_ player: AnimationPlayer) -> Int? { player.image.map { Int($0.pixels[0]) } }

    @Test("frames change at their delays; a whole animation loops from memory and asks for nothing")
    func timing() {
        var player = AnimationPlayer(first: chunk(0, 3, of: 3), now: 10)
        #expect(number(player) == 0 && player.nextChange == 10.1)
        #expect(!player.advance(to: 10.05) && number(player) == 0)
        #expect(player.advance(to: 10.1) && number(player) == 1)
        #expect(player.advance(to: 10.25) && number(player) == 2)
        #expect(player.advance(to: 10.3) && number(player) == 0, "forever: back to the first frame")
        #expect(player.nextWindow() == nil)
    }

    @Test("the loop count ends it on its last frame")
    func loopCount() {
        var player = AnimationPlayer(first: chunk(0, 2, of: 2, loop: 2), now: 0)
        for t in stride(from: 0.1, through: 1.0, by: 0.1) { _ = player.advance(to: t + 1e-9) }
        #expect(player.isFinished && number(player) == 1 && player.nextChange == .infinity)
    }

    @Test("a long animation comes in windows: the next is asked for ahead, frames shown are let go, a missing one waits")
    func windows() {
        var player = AnimationPlayer(first: chunk(0, 10, of: 30), now: 0)
        #expect(player.nextWindow() == nil, "ten frames ahead: nothing yet")
        for t in [0.1, 0.2, 0.3] { _ = player.advance(to: t + 1e-9) }
        #expect(number(player) == 3)
        #expect(player.nextWindow() == 10 && player.pending == 10)
        #expect(player.nextWindow() == nil, "one window at a time")
        for t in stride(from: 0.4, through: 1.0, by: 0.1) { _ = player.advance(to: t + 1e-9) }
        #expect(number(player) == 9 && player.nextChange == .infinity, "waiting for frame 10")
        player.accept(chunk(10, 20, of: 30))
        #expect(player.pending == nil)
        #expect(player.advance(to: 1.05) && number(player) == 10)
        // Near the end, the start is asked for again, for the next loop.
        for t in stride(from: 1.15, through: 2.45, by: 0.1) { _ = player.advance(to: t) }
        #expect(player.nextWindow() == 0, "on show: \(number(player) ?? -1)")
    }

    @Test("frames of no length do not spin the loop; large frames are asked for by bytes, not only by count")
    func bounds() {
        var player = AnimationPlayer(first: chunk(0, 3, of: 3, duration: 0), now: 0)
        #expect(player.advance(to: 0.05) && number(player) == 2, "20 ms a frame at the least")
        // 16 MiB frames: two ahead are enough, one is not.
        let big = (0..<3).map { _ in DecodedImage(width: 2048, height: 2048, stride: 8192, pixels: [UInt8](repeating: 0, count: 8192 * 2048)) }
        var large = AnimationPlayer(first: AnimationChunk(first: 0, frames: big, durations: [0.1, 0.1, 0.1], loopCount: 0, isLast: false),
                                    now: 0)
        #expect(large.nextWindow() == nil)
        _ = large.advance(to: 0.1)
        #expect(large.nextWindow() == 3)
    }

    @Test("a window that comes late plays from its first frame at the frames' delays, none skipped")
    func lateWindow() {
        var player = AnimationPlayer(first: chunk(0, 2, of: 6), now: 0)
        #expect(player.advance(to: 0.1) && number(player) == 1)
        #expect(!player.advance(to: 0.5) && number(player) == 1, "frame 2 is not in: frame 1 stays")
        player.accept(chunk(2, 4, of: 6))
        #expect(player.advance(to: 0.55) && number(player) == 2)
        #expect(!player.advance(to: 0.58) && number(player) == 2, "frame 2 has its 0.1 s")
        #expect(player.advance(to: 0.66) && number(player) == 3)
    }

    @Test("after a pause (a hidden window) it goes on from its frame, not through the missed ones")
    func pause() {
        var player = AnimationPlayer(first: chunk(0, 3, of: 3), now: 0)
        #expect(player.advance(to: 60) && number(player) == 1)
    }
}

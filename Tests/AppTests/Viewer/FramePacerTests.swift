import Testing
@testable import App

/// Without vsync the pacer gives a glide the rhythm a vsync'd present would: frames a refresh
/// apart on screen however their work varies, as long as each fits in a refresh.
@Suite("frame pacing")
struct FramePacerTests {
    private let refresh = 1.0 / 60

    /// Runs frames of the given work (seconds) through the pacer on a virtual clock, as the
    /// loop does, and returns when each was presented.
    private func presents(work: [Double], holdsPresents: Bool) -> [Double] {
        var pacer = FramePacer(refreshInterval: refresh, holdsPresents: holdsPresents)
        var clock = 0.0, presented: [Double] = []
        for seconds in work {
            clock = max(clock, pacer.startTime(moving: true))
            pacer.starting(at: clock)
            clock += seconds
            if let time = pacer.presentTime(moving: true) { clock = max(clock, time) }
            pacer.presenting(at: clock, moving: true)
            presented.append(clock)
        }
        return presented
    }

    private func gaps(_ times: [Double]) -> [Double] {
        zip(times.dropFirst(), times).map { $0 - $1 }
    }

    @Test("a 14 ms landing frame after 4 ms ones is shown a refresh after them, not 26 ms")
    func unevenWorkIsPresentedEvenly() {
        let work = [0.004, 0.004, 0.004, 0.014, 0.004, 0.015, 0.003, 0.004]
        let held = gaps(presents(work: work, holdsPresents: true))
        #expect(held.allSatisfy { abs($0 - refresh) < 1e-9 }, "gaps \(held)")
        // Presented as soon as drawn (the present waited by nobody), the same frames hitch.
        let unheld = gaps(presents(work: work, holdsPresents: false))
        #expect(unheld.contains { $0 > refresh * 1.5 }, "gaps \(unheld)")
    }

    @Test("a frame longer than a refresh goes at once, and the rhythm restarts from it")
    func aLongFrameIsNotHeldFurther() {
        let times = presents(work: [0.004, 0.004, 0.030, 0.004], holdsPresents: true)
        #expect(abs(times[2] - (times[1] + 0.030)) < 1e-9)
        #expect(abs(times[3] - (times[2] + refresh)) < 1e-9)
    }

    @Test("the first frame of a motion, and frames at rest, are not held")
    func restIsNotHeld() {
        var pacer = FramePacer(refreshInterval: refresh, holdsPresents: true)
        #expect(pacer.presentTime(moving: true) == nil)
        pacer.presenting(at: 1, moving: true)
        #expect(pacer.presentTime(moving: false) == nil)
        #expect(pacer.presentTime(moving: true) == 1 + refresh)
        pacer.presenting(at: 2, moving: false)
        #expect(pacer.presentTime(moving: true) == nil)
        // Frames at rest (a stream of pointer moves) are still a refresh apart.
        pacer.starting(at: 3)
        #expect(pacer.startTime(moving: false) == 3 + refresh * 0.95)
    }
}

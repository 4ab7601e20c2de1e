import Testing
@testable import Waterfall
@testable import Kiosk

@Suite struct AttractScrollTests {
    /// Runs the attract scroll at 60 fps, applying its steps the way the frame loop does
    /// (a glide is taken as reaching the top after half a second).
    private func run(_ attract: inout AttractScroll, from start: Double, maxOffset: Double, seconds: Double)
        -> [(time: Double, offset: Double)] {
        var offset = start, trace: [(Double, Double)] = []
        var glideEnds: Double?
        var t = 0.0
        while t < seconds {
            if let end = glideEnds, t >= end { offset = 0; glideEnds = nil }
            switch attract.step(offset: offset, maxOffset: maxOffset, now: t, gliding: glideEnds != nil) {
            case .drift(let y): offset = y
            case .glideToStart: glideEnds = t + 0.5
            case .rest: break
            }
            trace.append((t, offset))
            t += 1.0 / 60
        }
        return trace
    }

    @Test func driftsDownAtItsSpeedWithoutJumps() {
        var attract = AttractScroll(speed: 40)
        let trace = run(&attract, from: 100, maxOffset: 10_000, seconds: 5)
        #expect(abs(trace.last!.offset - (100 + 40 * trace.last!.time)) < 2)
        for (a, b) in zip(trace, trace.dropFirst()) {
            #expect(b.offset - a.offset <= 40.0 / 60 + 1e-9, "never more than one frame's drift")
        }
    }

    @Test func restsAtTheEndThenReturnsToTheTopAndStartsOver() {
        var attract = AttractScroll(speed: 100, pause: 1)
        let trace = run(&attract, from: 0, maxOffset: 200, seconds: 8)
        let atEnd = trace.filter { $0.offset == 200 }.map(\.time)
        #expect(atEnd.count > 50, "it rests at the end for the pause")
        let backAtTop = trace.first { $0.time > atEnd.first! && $0.offset == 0 }
        #expect(backAtTop != nil, "it returns to the top")
        #expect(trace.last!.offset > 0, "and drifts down again after resting there")
    }

    @Test func aWallThatFitsOnOneScreenNeverMovesNorAsksForFrames() {
        var attract = AttractScroll(speed: 40)
        #expect(attract.step(offset: 0, maxOffset: 0, now: 1, gliding: false) == .rest(until: .infinity))
    }

    @Test func aLongSleepBetweenFramesIsNotAJump() {
        var attract = AttractScroll(speed: 40)
        _ = attract.step(offset: 0, maxOffset: 10_000, now: 0, gliding: false)
        #expect(attract.step(offset: 0, maxOffset: 10_000, now: 30, gliding: false) == .drift(to: 4))
    }
}

import Testing
@testable import Waterfall

private func run(_ model: inout ScrollModel, hz: Double, seconds: Double) {
    for _ in 0..<Int((seconds * hz).rounded()) { model.step(1 / hz) }
}

@Suite("Scroll model")
struct ScrollModelTests {
    @Test("a fling comes to rest inside the bounds", arguments: [-20000.0, -3000, -200, 200, 3000, 20000])
    func flingRests(velocity: Double) {
        var s = ScrollModel(viewportLength: 800, contentLength: 10000)
        s.setOffset(5000)
        s.fling(velocity: velocity)
        #expect(s.isAnimating)
        run(&s, hz: 60, seconds: 10)
        #expect(!s.isAnimating)
        #expect(s.offset >= 0 && s.offset <= s.maxOffset)
    }

    @Test("30, 60 and 120 Hz end within 1 px of each other", arguments: [800.0, 2500, -4000, 9000, -30000])
    func frameRateIndependent(velocity: Double) {
        var ends: [Double] = []
        for hz in [30.0, 60.0, 120.0, 144.0] {
            var s = ScrollModel(viewportLength: 800, contentLength: 20000)
            s.setOffset(7000)
            s.fling(velocity: velocity)
            run(&s, hz: hz, seconds: 8)
            #expect(!s.isAnimating)
            ends.append(s.offset)
        }
        #expect(ends.max()! - ends.min()! <= 1)
    }

    @Test("mid-fling positions agree across frame rates too")
    func trajectoryIndependent() {
        var a = ScrollModel(viewportLength: 800, contentLength: 20000)
        var b = a
        a.setOffset(1000); b.setOffset(1000)
        a.fling(velocity: 3000); b.fling(velocity: 3000)
        run(&a, hz: 30, seconds: 0.5)
        run(&b, hz: 120, seconds: 0.5)
        #expect(abs(a.offset - b.offset) <= 1)
    }

    @Test("a fling into the end overshoots and springs back to the bound")
    func rubberBandAtEnd() {
        var s = ScrollModel(viewportLength: 800, contentLength: 3000)
        s.setOffset(2000)
        s.fling(velocity: 5000)
        var maxSeen = 0.0
        for _ in 0..<600 { s.step(1 / 60); maxSeen = max(maxSeen, s.offset) }
        #expect(maxSeen > s.maxOffset)      // it did overshoot
        #expect(s.offset == s.maxOffset)    // and came back exactly
        #expect(!s.isAnimating)
    }

    @Test("dragging past the top resists, and letting go springs back")
    func dragOverscroll() {
        var s = ScrollModel(viewportLength: 800, contentLength: 5000)
        s.beginDrag()
        s.drag(by: -400)
        #expect(s.offset < 0)
        #expect(s.offset > -400)            // the rubber band gives less than the finger moved
        s.endDrag(velocity: 0)
        run(&s, hz: 60, seconds: 2)
        #expect(s.offset == 0)
    }

    @Test("a wheel glide lands exactly on its target; steps add up")
    func wheel() {
        var s = ScrollModel(viewportLength: 800, contentLength: 5000)
        s.scroll(by: 120, animated: true)
        s.step(1 / 60)
        s.scroll(by: 120, animated: true)
        run(&s, hz: 60, seconds: 2)
        #expect(s.offset == 240)
        s.scroll(by: -10000, animated: true)
        run(&s, hz: 60, seconds: 2)
        #expect(s.offset == 0)
    }

    @Test("stop catches a fling where it is")
    func stop() {
        var s = ScrollModel(viewportLength: 800, contentLength: 20000)
        s.setOffset(1000)
        s.fling(velocity: 4000)
        run(&s, hz: 60, seconds: 0.2)
        let caught = s.offset
        s.stop()
        run(&s, hz: 60, seconds: 1)
        #expect(s.offset == caught)
        #expect(!s.isAnimating)
    }

    @Test("content shorter than the viewport cannot scroll")
    func shortContent() {
        var s = ScrollModel(viewportLength: 800, contentLength: 300)
        s.setOffset(500)
        #expect(s.offset == 0)
        s.fling(velocity: 3000)
        run(&s, hz: 60, seconds: 3)
        #expect(s.offset == 0)
    }
}

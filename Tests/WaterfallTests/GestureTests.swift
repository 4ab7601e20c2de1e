import Testing
@testable import Waterfall

private func recognize(_ events: [InputEvent]) -> [Gesture] {
    var r = GestureRecognizer()
    var out: [Gesture] = []
    for e in events { r.handle(e) { out.append($0) } }
    return out
}

@Suite("Gestures")
struct GestureTests {
    @Test("a press that stays within the slop and lifts quickly is a tap")
    func tap() {
        let g = recognize([.pointerDown(id: 0, at: Point(x: 100, y: 100), time: 0),
                           .pointerMoved(id: 0, to: Point(x: 104, y: 105), time: 0.05),
                           .pointerUp(id: 0, at: Point(x: 104, y: 105), time: 0.1)])
        #expect(g == [.touchDown(at: Point(x: 100, y: 100)), .tap(at: Point(x: 100, y: 100))])
    }

    @Test("a long press is not a tap")
    func longPress() {
        let g = recognize([.pointerDown(id: 0, at: Point(x: 100, y: 100), time: 0),
                           .pointerUp(id: 0, at: Point(x: 100, y: 100), time: 1.2)])
        #expect(!g.contains(.tap(at: Point(x: 100, y: 100))))
    }

    @Test("beyond the slop it is a drag that follows the finger exactly, then a fling")
    func dragAndFling() {
        var events: [InputEvent] = [.pointerDown(id: 0, at: Point(x: 100, y: 500), time: 0)]
        for k in 1...10 { events.append(.pointerMoved(id: 0, to: Point(x: 100, y: 500 - Double(k) * 20), time: Double(k) * 0.01)) }
        events.append(.pointerUp(id: 0, at: Point(x: 100, y: 290), time: 0.11))
        let g = recognize(events)
        #expect(g.contains(.dragBegan(at: Point(x: 100, y: 500))))
        let moved = g.reduce(0.0) { sum, gesture in
            if case .dragMoved(let d, _) = gesture { return sum + d.y } else { return sum }
        }
        #expect(moved == -200)     // the first move included the slop: no lost pixels
        guard case .dragEnded(let v)? = g.last else { Issue.record("no drag end"); return }
        #expect(v.y < -1500 && v.y > -2500)   // ~2000 px/s upward
        #expect(!g.contains { if case .tap = $0 { true } else { false } })
    }

    @Test("on a slow loop events arrive in bursts with one time each: the flick still flings at its speed")
    func burstsFling() {
        // A flick of 200 px in 100 ms read by a loop at 8 frames a second: two bursts 125 ms apart.
        var events: [InputEvent] = [.pointerDown(id: 0, at: Point(x: 100, y: 500), time: 0)]
        for k in 1...5 { events.append(.pointerMoved(id: 0, to: Point(x: 100, y: 500 - Double(k) * 10), time: 0.125)) }
        for k in 6...20 { events.append(.pointerMoved(id: 0, to: Point(x: 100, y: 500 - Double(k) * 10), time: 0.25)) }
        events.append(.pointerUp(id: 0, at: Point(x: 100, y: 300), time: 0.25))
        guard case .dragEnded(let v)? = recognize(events).last else { Issue.record("no drag end"); return }
        #expect(v.y < -1000 && v.y > -1400)   // 150 px between the bursts' last points in 125 ms
    }

    @Test("a finger that rests a slow frame before lifting does not fling either")
    func restOnSlowLoop() {
        let g = recognize([.pointerDown(id: 0, at: Point(x: 100, y: 500), time: 0),
                           .pointerMoved(id: 0, to: Point(x: 100, y: 300), time: 0.125),
                           .pointerUp(id: 0, at: Point(x: 100, y: 300), time: 0.25)])
        guard case .dragEnded(let v)? = g.last else { Issue.record("no drag end"); return }
        #expect(v == .zero)
    }

    @Test("a finger that rests before lifting does not fling")
    func restThenLift() {
        let g = recognize([.pointerDown(id: 0, at: Point(x: 100, y: 500), time: 0),
                           .pointerMoved(id: 0, to: Point(x: 100, y: 400), time: 0.05),
                           .pointerMoved(id: 0, to: Point(x: 100, y: 300), time: 0.10),
                           .pointerUp(id: 0, at: Point(x: 100, y: 300), time: 0.60)])
        #expect(g.last == .dragEnded(velocity: .zero))
    }

    @Test("two fingers pinch; the scale follows their distance")
    func pinch() {
        let g = recognize([.pointerDown(id: 1, at: Point(x: 100, y: 100), time: 0),
                           .pointerDown(id: 2, at: Point(x: 200, y: 100), time: 0.01),
                           .pointerMoved(id: 2, to: Point(x: 300, y: 100), time: 0.05),
                           .pointerUp(id: 2, at: Point(x: 300, y: 100), time: 0.1),
                           .pointerMoved(id: 1, to: Point(x: 10, y: 400), time: 0.15),
                           .pointerUp(id: 1, at: Point(x: 10, y: 400), time: 0.2)])
        #expect(g.contains(.pinchBegan(center: Point(x: 150, y: 100))))
        #expect(g.contains(.pinchChanged(scale: 2, center: Point(x: 200, y: 100))))
        #expect(g.contains(.pinchEnded(scale: 2)))
        // The finger left after a pinch neither drags nor taps.
        #expect(!g.contains { if case .dragBegan = $0 { true } else if case .tap = $0 { true } else { false } })
    }

    @Test("Ctrl+wheel becomes whole zoom steps; a plain wheel scrolls")
    func wheel() {
        let g = recognize([.wheel(dx: 0, dy: -0.5, zoom: true, time: 0), .wheel(dx: 0, dy: -0.5, zoom: true, time: 0.1),
                           .wheel(dx: 0, dy: 2, zoom: true, time: 0.2), .wheel(dx: 0, dy: 120, zoom: false, time: 0.3)])
        #expect(g == [.zoomStep(1), .zoomStep(-2), .wheel(dx: 0, dy: 120)])
    }
}

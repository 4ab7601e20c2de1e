// A finger held on a tile marks it on a touch screen: the long press must come while the finger
// is still down (a resting finger sends no events, so the owner's clock tells the recognizer),
// never for a finger that moved, and never together with the tap that would open the photo.

import Testing
@testable import Waterfall

@Suite("Long press")
struct LongPressTests {
    private let spot = Point(x: 100, y: 100)

    private func gestures(_ events: [InputEvent], advancingTo times: [Double] = []) -> [Gesture] {
        var recognizer = GestureRecognizer()
        var out: [Gesture] = []
        for event in events { recognizer.handle(event) { out.append($0) } }
        for time in times { recognizer.advance(to: time) { out.append($0) } }
        return out
    }

    @Test("a finger held still fires once the hold is long enough, while it is still down")
    func firesAfterTheHold() {
        var recognizer = GestureRecognizer()
        var out: [Gesture] = []
        recognizer.handle(.pointerDown(id: 0, at: spot, time: 10)) { out.append($0) }
        #expect(recognizer.longPressDeadline == 10.5)
        recognizer.advance(to: 10.3) { out.append($0) }
        #expect(out == [.touchDown(at: spot)], "not before the hold is long enough")
        recognizer.advance(to: 10.5) { out.append($0) }
        #expect(out == [.touchDown(at: spot), .longPress(at: spot)])
        #expect(recognizer.longPressDeadline == nil, "one long press per touch")
        recognizer.advance(to: 11) { out.append($0) }
        recognizer.handle(.pointerUp(id: 0, at: spot, time: 11.2)) { out.append($0) }
        #expect(out == [.touchDown(at: spot), .longPress(at: spot)], "no tap and no second long press at the lift")
    }

    @Test("a finger that moves beyond the slop is a drag, never a long press")
    func notOnAMovedFinger() {
        let moved = Point(x: 100, y: 140)
        let g = gestures([.pointerDown(id: 0, at: spot, time: 0), .pointerMoved(id: 0, to: moved, time: 0.2)],
                         advancingTo: [0.6, 1.0])
        #expect(!g.contains(.longPress(at: spot)))
        #expect(g.contains(.dragBegan(at: spot)))
    }

    @Test("a tremble within the slop still holds")
    func trembleHolds() {
        let g = gestures([.pointerDown(id: 0, at: spot, time: 0), .pointerMoved(id: 0, to: Point(x: 103, y: 104), time: 0.2)],
                         advancingTo: [0.55])
        #expect(g.last == .longPress(at: spot))
    }

    @Test("a quick tap is a tap and no long press; two fingers are a pinch, not a long press")
    func tapAndPinchAreNot() {
        let tap = gestures([.pointerDown(id: 0, at: spot, time: 0), .pointerUp(id: 0, at: spot, time: 0.1)], advancingTo: [1])
        #expect(tap == [.touchDown(at: spot), .tap(at: spot)])
        let pinch = gestures([.pointerDown(id: 0, at: spot, time: 0), .pointerDown(id: 1, at: Point(x: 300, y: 100), time: 0.05)],
                             advancingTo: [1])
        #expect(!pinch.contains(.longPress(at: spot)))
    }

    @Test("a hold whose lift is read before the owner's clock came round still ends as a long press, not a tap")
    func liftAfterTheHold() {
        let g = gestures([.pointerDown(id: 0, at: spot, time: 0), .pointerUp(id: 0, at: spot, time: 0.8)])
        #expect(g == [.touchDown(at: spot), .longPress(at: spot)])
    }

    @Test("on the wall a long press reaches the tile under the finger and does not select it")
    func wallLongPress() throws {
        let wall = FakeWall(count: 30)
        let view = WaterfallView<FakeCell>(viewportSize: Size(width: 900, height: 600))
        view.dataSource = wall
        view.delegate = wall
        view.reloadData()
        view.layoutCells()
        let target = view.drawList[4]
        let point = Point(x: target.frame.midX, y: target.frame.midY)
        view.handle(.pointerDown(id: 0, at: point, time: 5))
        view.holdGestures(until: 5.2)
        #expect(wall.longPressed.isEmpty)
        view.holdGestures(until: try #require(view.longPressDeadline))
        #expect(wall.longPressed == [target.index])
        view.handle(.pointerUp(id: 0, at: point, time: 5.7))
        #expect(wall.selected.isEmpty, "the photo does not open under a long press")
        #expect(wall.longPressed == [target.index])
    }
}

import CSDL2
import Foundation
import Testing
@testable import App
@testable import Screen
import Waterfall

/// Mouse, wheel and touch input as SDL reports it, through the viewer's event translation
/// into the wall: what the person's hand does is what the wall does.
@Suite("input through SDL events", .serialized)
@MainActor
struct ViewerInputTests {
    let library: ColourLibrary
    let events = EventSource(windowSize: WallHarness.size)

    init() throws {
        setenv("SDL_VIDEODRIVER", "dummy", 1)
        library = try ColourLibrary(count: 30)
    }

    /// A wall laid out at the top, the commands its taps issue recorded by its host.
    private func wall(columns: Int = 3) throws -> (WallHarness, RecordingHost) {
        let h = try WallHarness(library, columns: columns)
        let host = RecordingHost(drawer: h.drawer, decodes: h.decodes, size: WallHarness.size)
        h.wall.host = host
        h.layout()
        return (h, host)
    }

    private func feed(_ h: WallHarness, _ screenEvents: [ScreenEvent]) {
        for input in screenEvents.inputs { h.view.handle(input) }
    }

    private func click(at point: Point, ms: UInt32) -> [SDL_Event] {
        [SDLEvents.mouseButton(down: true, x: Int(point.x), y: Int(point.y), ms: ms),
         SDLEvents.mouseButton(down: false, x: Int(point.x), y: Int(point.y), ms: ms + 60)]
    }

    /// A tile drawn whole on screen, not the first (so a wrong index cannot pass by luck).
    private func wholeTile(_ h: WallHarness) throws -> DrawItem<TileCell> {
        try #require(h.view.drawList.last { $0.frame.minY >= 0 && $0.frame.maxY <= h.view.viewportSize.height && $0.index > 0 })
    }

    // MARK: Wheel

    @Test("a wheel notch towards the user scrolls down 120 px once the glide settles; away scrolls back; flipped reverses")
    func wheelScrolls() throws {
        let (h, _) = try wall()
        try withSDLEventQueue {
            let received = events.throughQueue([SDLEvents.wheel(y: -1), SDLEvents.wheel(y: -1)])
            #expect(received.inputs.map(\.wheelTravel) == [120, 120])
            feed(h, received)
            h.run(for: 5, untilStill: true)
            #expect(!h.view.isAnimating)
            #expect(h.view.contentOffset == 240)

            feed(h, events.throughQueue([SDLEvents.wheel(y: 1)]))
            h.run(for: 5, untilStill: true)
            #expect(h.view.contentOffset == 120)

            // "Natural" scrolling reports the same hand movement with the direction flipped.
            feed(h, events.throughQueue([SDLEvents.wheel(y: 1, flipped: true)]))
            h.run(for: 5, untilStill: true)
            #expect(h.view.contentOffset == 240)

            // A touchpad's fractions of a notch scroll a fraction of the distance.
            feed(h, events.throughQueue([SDLEvents.wheel(y: -0.25)]))
            h.run(for: 5, untilStill: true)
            #expect(h.view.contentOffset == 270)
        }
    }

    @Test("Ctrl+wheel changes the column count a notch at a time; without Ctrl the wheel only scrolls")
    func controlWheelChangesColumns() throws {
        let (h, _) = try wall(columns: 4)
        try withSDLEventQueue {
            SDL_SetModState(KMOD_LCTRL)
            defer { SDL_SetModState(KMOD_NONE) }
            // Away from the user zooms in: fewer, bigger tiles.
            feed(h, events.throughQueue([SDLEvents.wheel(y: 1)]))
            #expect(h.view.layout.laneCount == 3)
            #expect(h.wall.columns == .fixed(3))
            feed(h, events.throughQueue([SDLEvents.wheel(y: -1), SDLEvents.wheel(y: -1)]))
            #expect(h.view.layout.laneCount == 5)
            // Half notches of a smooth wheel add up to one step.
            feed(h, events.throughQueue([SDLEvents.wheel(y: 0.5)]))
            #expect(h.view.layout.laneCount == 5)
            feed(h, events.throughQueue([SDLEvents.wheel(y: 0.5)]))
            #expect(h.view.layout.laneCount == 4)
            #expect(h.view.contentOffset == 0, "zooming does not scroll")

            SDL_SetModState(KMOD_NONE)
            feed(h, events.throughQueue([SDLEvents.wheel(y: -1)]))
            h.run(for: 5, untilStill: true)
            #expect(h.view.layout.laneCount == 4)
            #expect(h.view.contentOffset == 120)
        }
    }

    // MARK: Mouse drags and flings

    @Test("a mouse drag moves the wall with the pointer; a drag that rests before release does not fling")
    func dragFollowsThePointer() throws {
        let (h, _) = try wall()
        let grabbed = try #require(h.view.layout.index(at: Point(x: 200, y: 250)))
        // Moving the mouse without a button held means nothing.
        feed(h, events.translating([SDLEvents.mouseMotion(x: 200, y: 100, ms: 9_000)]))
        #expect(h.view.contentOffset == 0)

        feed(h, events.translating([SDLEvents.mouseButton(down: true, x: 200, y: 250, ms: 10_000),
                                    SDLEvents.mouseMotion(x: 200, y: 245, ms: 10_016)]))
        #expect(h.view.contentOffset == 0, "within the touch slop the wall stays put")
        feed(h, events.translating([SDLEvents.mouseMotion(x: 200, y: 200, ms: 10_032)]))
        #expect(h.view.contentOffset == 50, "the wall catches up with the pointer, slop included")
        feed(h, events.translating([SDLEvents.mouseMotion(x: 203, y: 130, ms: 10_048)]))
        #expect(h.view.contentOffset == 120)
        #expect(h.view.layout.index(at: Point(x: 200, y: 130 + h.view.contentOffset)) == grabbed,
                "the tile grabbed is still under the pointer")

        // Rest, then let go: no fling.
        feed(h, events.translating([SDLEvents.mouseButton(down: false, x: 203, y: 130, ms: 10_400)]))
        h.run(for: 2)
        #expect(!h.view.isAnimating)
        #expect(h.view.contentOffset == 120)
    }

    /// Drags up 12 px every 16 ms (750 px/s) and lets go while moving, as SDL reports it: the
    /// button comes up where the last motion left the pointer. Returns the release speed.
    private func fling(_ h: WallHarness, startMs: UInt32 = 10_000) -> Double {
        var list = [SDLEvents.mouseButton(down: true, x: 200, y: 280, ms: startMs)]
        for k in 1...9 { list.append(SDLEvents.mouseMotion(x: 200, y: 280 - 12 * k, ms: startMs + 16 * UInt32(k))) }
        list.append(SDLEvents.mouseButton(down: false, x: 200, y: 280 - 12 * 9, ms: startMs + 16 * 9))
        feed(h, events.translating(list))
        return 750
    }

    @Test("a fast drag released while moving flings: the wall keeps going, slows, and stops where the release speed says")
    func fastDragFlings() throws {
        let (h, _) = try wall()
        let speed = fling(h)
        let released = h.view.contentOffset
        #expect(released == 108)
        #expect(h.view.isAnimating, "the wall coasts after the release")

        var last = released
        var grew = 0
        while h.view.isAnimating, h.clock < 200 {
            h.run(for: 1.0 / 60)
            #expect(h.view.contentOffset >= last, "a fling never runs backwards")
            if h.view.contentOffset > last { grew += 1 }
            last = h.view.contentOffset
        }
        #expect(!h.view.isAnimating, "the fling ends")
        #expect(grew > 10)
        // Exponential decay with UIScrollView's normal rate: the glide covers speed × τ.
        let tau = -0.001 / log(0.998)
        #expect(abs(h.view.contentOffset - (released + speed * tau)) < 1, "stopped at \(h.view.contentOffset)")
        let stopped = h.view.contentOffset
        h.run(for: 1)
        #expect(h.view.contentOffset == stopped)
    }

    // MARK: Clicks

    @Test("a click on a drawn tile selects exactly that tile; a click on the margin selects nothing")
    func clickSelectsTheTile() throws {
        let (h, selections) = try wall()
        let tile = try wholeTile(h)
        feed(h, events.translating(click(at: Point(x: tile.frame.midX, y: tile.frame.midY), ms: 10_000)))
        #expect(selections.selected == [tile.index])

        feed(h, events.translating(click(at: Point(x: WallHarness.margin / 2, y: tile.frame.midY), ms: 11_000)))
        #expect(selections.selected == [tile.index])

        // A press that wanders past the slop is a drag, not a click.
        feed(h, events.translating([SDLEvents.mouseButton(down: true, x: Int(tile.frame.midX), y: 200, ms: 12_000),
                                    SDLEvents.mouseMotion(x: Int(tile.frame.midX), y: 180, ms: 12_016),
                                    SDLEvents.mouseButton(down: false, x: Int(tile.frame.midX), y: 180, ms: 12_200)]))
        #expect(selections.selected == [tile.index])
    }

    @Test("a click during a fling stops the wall and selects nothing; the next click selects")
    func clickCatchesAFling() throws {
        let (h, selections) = try wall()
        _ = fling(h)
        h.run(for: 0.1)
        #expect(h.view.isAnimating)
        let tile = try wholeTile(h)
        let point = Point(x: tile.frame.midX, y: tile.frame.midY)
        feed(h, events.translating(click(at: point, ms: 20_000)))
        #expect(selections.selected.isEmpty, "catching the wall is not a selection")
        #expect(!h.view.isAnimating, "the fling stopped")
        let caught = h.view.contentOffset
        h.run(for: 1)
        #expect(h.view.contentOffset == caught)

        feed(h, events.translating(click(at: point, ms: 21_000)))
        #expect(selections.selected == [tile.index])
    }

    // MARK: Touch

    @Test("finger coordinates are scaled from SDL's 0…1 to window pixels, and a finger tap selects the tile under it")
    func fingersAreInWindowPixels() throws {
        let (h, selections) = try wall()
        try withSDLEventQueue {
            let received = events.throughQueue([SDLEvents.finger(SDL_FINGERDOWN, id: 3, x: 0.5, y: 0.5),
                                                SDLEvents.finger(SDL_FINGERUP, id: 3, x: 0.25, y: 1)])
            guard received.inputs.count == 2, case let .pointerDown(_, down, _) = received.inputs[0],
                  case let .pointerUp(_, up, _) = received.inputs[1] else {
                Issue.record("got \(received)")
                return
            }
            #expect(down == Point(x: 200, y: 150))
            #expect(up == Point(x: 100, y: 300))
        }

        let tile = try wholeTile(h)
        let x = Float(tile.frame.midX / WallHarness.size.width), y = Float(tile.frame.midY / WallHarness.size.height)
        feed(h, events.translating([SDLEvents.finger(SDL_FINGERDOWN, id: 5, x: x, y: y, ms: 30_000),
                                    SDLEvents.finger(SDL_FINGERUP, id: 5, x: x, y: y, ms: 30_080)]))
        #expect(selections.selected == [tile.index])
    }

    /// Two fingers `from` apart (normalised, about the centre) moving to `to` apart, one after
    /// the other, through SDL's queue; with `gestures`, SDL_MULTIGESTURE events come along as
    /// SDL sends them.
    private func pinch(_ h: WallHarness, from: Float, to: Float, gestures: Bool) throws {
        var list: [SDL_Event] = [
            SDLEvents.finger(SDL_FINGERDOWN, id: 1, x: 0.5 - from / 2, y: 0.5),
            SDLEvents.finger(SDL_FINGERDOWN, id: 2, x: 0.5 + from / 2, y: 0.5),
        ]
        let steps = 4
        for k in 1...steps {
            let spread = from + (to - from) * Float(k) / Float(steps)
            list.append(SDLEvents.finger(SDL_FINGERMOTION, id: 1, x: 0.5 - spread / 2, y: 0.5))
            if gestures { list.append(SDLEvents.multigesture(distance: (to - from) / Float(steps), x: 0.5, y: 0.5)) }
            list.append(SDLEvents.finger(SDL_FINGERMOTION, id: 2, x: 0.5 + spread / 2, y: 0.5))
            if gestures { list.append(SDLEvents.multigesture(distance: (to - from) / Float(steps), x: 0.5, y: 0.5)) }
        }
        list.append(SDLEvents.finger(SDL_FINGERUP, id: 1, x: 0.5 - to / 2, y: 0.5))
        list.append(SDLEvents.finger(SDL_FINGERUP, id: 2, x: 0.5 + to / 2, y: 0.5))
        try withSDLEventQueue {
            let received = events.throughQueue(list)
            #expect(received.count == 2 + 2 * steps + 2, "every finger event arrives, no gesture event does")
            feed(h, received)
        }
    }

    @Test("spreading two fingers makes fewer, bigger columns; pinching in makes more")
    func pinchChangesColumns() throws {
        let (spread, _) = try wall(columns: 4)
        try pinch(spread, from: 0.2, to: 0.4, gestures: false)
        #expect(spread.view.layout.laneCount == 2, "fingers twice as far apart: half the columns")
        #expect(spread.wall.columns == .fixed(2))
        #expect(spread.view.layout.laneBreadth > 150)

        let (squeeze, _) = try wall(columns: 4)
        try pinch(squeeze, from: 0.4, to: 0.2, gestures: false)
        #expect(squeeze.view.layout.laneCount == 8, "fingers half as far apart: twice the columns")
    }

    @Test("SDL's multi-finger gesture events alongside the fingers do not pinch a second time")
    func multigestureDoesNotPinchTwice() throws {
        for (from, to) in [(Float(0.2), Float(0.4)), (0.4, 0.2)] {
            let (plain, _) = try wall(columns: 4)
            try pinch(plain, from: from, to: to, gestures: false)
            let (withGestures, _) = try wall(columns: 4)
            try pinch(withGestures, from: from, to: to, gestures: true)
            #expect(withGestures.view.layout.laneCount == plain.view.layout.laneCount)
            #expect(withGestures.view.layout.laneCount != 4)
        }
        try withSDLEventQueue {
            #expect(events.throughQueue([SDLEvents.multigesture(distance: 0.3, x: 0.5, y: 0.5)]).isEmpty)
        }
    }
}

extension InputEvent {
    /// Vertical wheel travel in logical pixels (nil for other events).
    var wheelTravel: Double? {
        if case let .wheel(_, dy, _, _, _) = self { dy } else { nil }
    }
}

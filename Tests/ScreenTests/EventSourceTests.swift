import CSDL2
import Foundation
import Testing
import Waterfall
@testable import Screen

/// SDL_Event → ScreenEvent: what each device report means to the wall. (AppTests has the
/// same few event builders for its end-to-end input tests; test targets cannot share files.)
@Suite("SDL event translation", .serialized)
@MainActor
struct EventSourceTests {
    let source = EventSource(windowSize: Size(width: 1280, height: 800))

    init() { useDummyVideoDriver() }

    // MARK: Builders

    private func button(_ down: Bool, x: Int32, y: Int32, ms: UInt32, button: Int32 = SDL_BUTTON_LEFT,
                        which: UInt32 = 0) -> SDL_Event {
        var e = SDL_Event()
        e.type = down ? SDL_MOUSEBUTTONDOWN.rawValue : SDL_MOUSEBUTTONUP.rawValue
        e.button.timestamp = ms
        e.button.button = UInt8(button)
        e.button.x = x
        e.button.y = y
        e.button.which = which
        return e
    }

    private func motion(x: Int32, y: Int32, ms: UInt32, which: UInt32 = 0) -> SDL_Event {
        var e = SDL_Event()
        e.type = SDL_MOUSEMOTION.rawValue
        e.motion.timestamp = ms
        e.motion.x = x
        e.motion.y = y
        e.motion.which = which
        return e
    }

    private func wheel(x: Float = 0, y: Float, flipped: Bool = false, which: UInt32 = 0, ms: UInt32 = 0,
                       pointer: (x: Int32, y: Int32) = (0, 0)) -> SDL_Event {
        var e = SDL_Event()
        e.wheel.mouseX = pointer.x
        e.wheel.mouseY = pointer.y
        e.type = SDL_MOUSEWHEEL.rawValue
        e.wheel.timestamp = ms
        e.wheel.x = Int32(x)
        e.wheel.y = Int32(y)
        e.wheel.preciseX = x
        e.wheel.preciseY = y
        e.wheel.direction = flipped ? SDL_MOUSEWHEEL_FLIPPED.rawValue : SDL_MOUSEWHEEL_NORMAL.rawValue
        e.wheel.which = which
        return e
    }

    private func finger(_ type: SDL_EventType, id: Int64, x: Float, y: Float, touch: Int64 = 3, ms: UInt32 = 0) -> SDL_Event {
        var e = SDL_Event()
        e.type = type.rawValue
        e.tfinger.timestamp = ms
        e.tfinger.touchId = touch
        e.tfinger.fingerId = id
        e.tfinger.x = x
        e.tfinger.y = y
        return e
    }

    private func windowEvent(_ id: SDL_WindowEventID, ms: UInt32 = 0) -> SDL_Event {
        var e = SDL_Event()
        e.type = SDL_WINDOWEVENT.rawValue
        e.window.timestamp = ms
        e.window.event = UInt8(id.rawValue)
        return e
    }

    private func key(_ sym: SDL_KeyCode, _ mod: SDL_Keymod = KMOD_NONE) -> SDL_Event {
        var e = SDL_Event()
        e.type = SDL_KEYDOWN.rawValue
        e.key.keysym.sym = SDL_Keycode(sym.rawValue)
        e.key.keysym.mod = UInt16(mod.rawValue)
        return e
    }

    private func withQueue(_ body: () throws -> Void) throws {
        SDL_SetHint(SDL_HINT_NO_SIGNAL_HANDLERS, "1")
        try #require(SDL_InitSubSystem(SDL_INIT_EVENTS) == 0)
        defer {
            SDL_FlushEvents(SDL_FIRSTEVENT.rawValue, SDL_LASTEVENT.rawValue)
            SDL_QuitSubSystem(SDL_INIT_EVENTS)
        }
        SDL_FlushEvents(SDL_FIRSTEVENT.rawValue, SDL_LASTEVENT.rawValue)
        try body()
    }

    private let mouse = EventSource.mousePointer

    // MARK: Mouse

    @Test("the left button is a pointer: down, drag moves, up, in window pixels with SDL's time in seconds")
    func leftButtonIsAPointer() {
        #expect(source.translate(motion(x: 5, y: 5, ms: 900)) == nil, "hovering means nothing")
        #expect(source.translate(button(false, x: 5, y: 5, ms: 950)) == nil, "a release never pressed here is ignored")
        #expect(source.translate(button(true, x: 10, y: 20, ms: 1000)) == .input(.pointerDown(id: mouse, at: Point(x: 10, y: 20), time: 1)))
        #expect(source.translate(motion(x: 15, y: 40, ms: 1016)) == .input(.pointerMoved(id: mouse, to: Point(x: 15, y: 40), time: 1.016)))
        #expect(source.translate(button(false, x: 15, y: 42, ms: 1100)) == .input(.pointerUp(id: mouse, at: Point(x: 15, y: 42), time: 1.1)))
        #expect(source.translate(motion(x: 30, y: 40, ms: 1200)) == nil, "no button held any more")
    }

    @Test("right and middle buttons, and mouse events SDL made from touches, are not pointers; right asks for details, back is Backspace")
    func otherButtonsAndSyntheticMice() {
        #expect(source.translate(button(true, x: 10, y: 20, ms: 1, button: SDL_BUTTON_RIGHT)) == .secondaryClick(Point(x: 10, y: 20)))
        #expect(source.translate(button(false, x: 10, y: 20, ms: 2, button: SDL_BUTTON_RIGHT)) == nil)
        #expect(source.translate(button(true, x: 10, y: 20, ms: 3, button: SDL_BUTTON_X1)) == .key(KeyPress(.backspace)))
        #expect(source.translate(button(true, x: 10, y: 20, ms: 1, button: SDL_BUTTON_MIDDLE)) == nil)
        #expect(source.translate(button(true, x: 10, y: 20, ms: 1, which: EventSource.touchMouse)) == nil)
        #expect(source.translate(wheel(y: 1, which: EventSource.touchMouse)) == nil)
        #expect(source.translate(finger(SDL_FINGERDOWN, id: 0, x: 0.5, y: 0.5, touch: EventSource.mouseTouch)) == nil,
                "touches SDL made from the mouse are not fingers")
    }

    @Test("losing focus mid-drag cancels the pointer, so the drag does not stick to it")
    func focusLossCancelsADrag() {
        #expect(source.translate(windowEvent(SDL_WINDOWEVENT_FOCUS_LOST)) == nil, "nothing to cancel")
        _ = source.translate(button(true, x: 10, y: 20, ms: 1000))
        #expect(source.translate(windowEvent(SDL_WINDOWEVENT_FOCUS_LOST, ms: 1500)) == .input(.pointerCancelled(id: mouse, time: 1.5)))
        #expect(source.translate(button(false, x: 10, y: 20, ms: 1600)) == nil, "the late release is not a second end")
    }

    @Test("window events: size changes, exposure and quit")
    func windowEvents() {
        #expect(source.translate(windowEvent(SDL_WINDOWEVENT_SIZE_CHANGED)) == .resized)
        #expect(source.translate(windowEvent(SDL_WINDOWEVENT_EXPOSED)) == .exposed)
        #expect(source.translate(windowEvent(SDL_WINDOWEVENT_RESTORED)) == .exposed)
        #expect(source.translate(windowEvent(SDL_WINDOWEVENT_MOVED)) == nil)
        var quit = SDL_Event()
        quit.type = SDL_QUIT.rawValue
        #expect(source.translate(quit) == .quit)
    }

    // MARK: Wheel

    @Test("a notch is 120 px: towards the user scrolls down, away scrolls up, flipped reverses, fractions stay fractions")
    func wheel() {
        SDL_SetModState(KMOD_NONE)
        #expect(source.translate(wheel(y: -1, ms: 2000)) == .input(.wheel(dx: 0, dy: 120, zoom: false, at: .zero, time: 2)))
        #expect(source.translate(wheel(y: 2)) == .input(.wheel(dx: 0, dy: -240, zoom: false, at: .zero, time: 0)))
        #expect(source.translate(wheel(y: 1, flipped: true)) == .input(.wheel(dx: 0, dy: 120, zoom: false, at: .zero, time: 0)))
        #expect(source.translate(wheel(y: -0.25)) == .input(.wheel(dx: 0, dy: 30, zoom: false, at: .zero, time: 0)))
        #expect(source.translate(wheel(x: 1, y: 0)) == .input(.wheel(dx: 120, dy: 0, zoom: false, at: .zero, time: 0)))
        #expect(source.translate(wheel(y: 0)) == nil, "a wheel event that moves nothing")
    }

    @Test("with Ctrl held the wheel zooms, in notches: away from the user is a positive step")
    func controlWheelZooms() {
        SDL_SetModState(KMOD_RCTRL)
        defer { SDL_SetModState(KMOD_NONE) }
        #expect(source.translate(wheel(y: 1)) == .input(.wheel(dx: 0, dy: -1, zoom: true, at: .zero, time: 0)))
        #expect(source.translate(wheel(y: -0.5)) == .input(.wheel(dx: 0, dy: 0.5, zoom: true, at: .zero, time: 0)))
        var steps: [Gesture] = []
        var recognizer = GestureRecognizer()
        for event in [wheel(y: 1), wheel(y: 0.5), wheel(y: 0.5), wheel(y: -1)] {
            if case .input(let input)? = source.translate(event) { recognizer.handle(input) { steps.append($0) } }
        }
        #expect(steps == [.zoomStep(1, at: .zero), .zoomStep(1, at: .zero), .zoomStep(-1, at: .zero)])
    }

    @Test("the wheel says where the pointer was, so Ctrl+wheel zooms about the tile under it")
    func wheelCarriesThePointer() {
        SDL_SetModState(KMOD_LCTRL)
        defer { SDL_SetModState(KMOD_NONE) }
        let point = Point(x: 312, y: 205)
        #expect(source.translate(wheel(y: 1, pointer: (312, 205))) == .input(.wheel(dx: 0, dy: -1, zoom: true, at: point, time: 0)))
        var steps: [Gesture] = []
        var recognizer = GestureRecognizer()
        if case .input(let input)? = source.translate(wheel(y: -1, pointer: (312, 205))) { recognizer.handle(input) { steps.append($0) } }
        #expect(steps == [.zoomStep(-1, at: point)])
    }

    // MARK: Touch

    @Test("fingers are pointers of their own, at SDL's normalised coordinates scaled to the window")
    func fingers() {
        #expect(source.translate(finger(SDL_FINGERDOWN, id: 11, x: 0.5, y: 0.5, ms: 3000))
                == .input(.pointerDown(id: 11, at: Point(x: 640, y: 400), time: 3)))
        #expect(source.translate(finger(SDL_FINGERMOTION, id: 11, x: 0.25, y: 0.75))
                == .input(.pointerMoved(id: 11, to: Point(x: 320, y: 600), time: 0)))
        #expect(source.translate(finger(SDL_FINGERDOWN, id: 12, x: 1, y: 0))
                == .input(.pointerDown(id: 12, at: Point(x: 1280, y: 0), time: 0)))
        #expect(source.translate(finger(SDL_FINGERUP, id: 11, x: 0, y: 1))
                == .input(.pointerUp(id: 11, at: Point(x: 0, y: 800), time: 0)))
        // A driver's negative finger id never collides with the mouse's pointer id.
        if case .input(.pointerDown(let id, _, _))? = source.translate(finger(SDL_FINGERDOWN, id: -1, x: 0, y: 0)) {
            #expect(id != mouse && id >= 0)
        } else {
            Issue.record("a finger with a negative id was dropped")
        }
    }

    @Test("a window's event source scales touches by the window's size when they arrive, so a resize rescales them")
    func fingersFollowTheWindowSize() throws {
        // Window starts SDL video itself; balanced here once the window is gone.
        defer { SDL_QuitSubSystem(SDL_INIT_VIDEO | SDL_INIT_EVENTS) }
        try touchesInAResizedWindow()
    }

    private func touchesInAResizedWindow() throws {
        let window = try Window(title: "cascade test", placement: .windowed(width: 400, height: 300))
        let windowSource = EventSource(window: window)
        #expect(windowSource.translate(finger(SDL_FINGERDOWN, id: 1, x: 0.5, y: 0.5))
                == .input(.pointerDown(id: 1, at: Point(x: 200, y: 150), time: 0)))
        SDL_SetWindowSize(window.handle, 800, 600)
        try #require(window.size == Size(width: 800, height: 600))
        #expect(windowSource.translate(finger(SDL_FINGERMOTION, id: 1, x: 0.5, y: 0.5))
                == .input(.pointerMoved(id: 1, to: Point(x: 400, y: 300), time: 0)))
    }

    @Test("SDL's gesture events are ignored: the recognizer already sees the fingers they come from")
    func gesturesAreIgnored() {
        var multi = SDL_Event()
        multi.type = SDL_MULTIGESTURE.rawValue
        multi.mgesture.dDist = 0.2
        multi.mgesture.numFingers = 2
        #expect(source.translate(multi) == nil)
        var dollar = SDL_Event()
        dollar.type = SDL_DOLLARGESTURE.rawValue
        #expect(source.translate(dollar) == nil)
    }

    // MARK: Keys

    @Test("keys: letters and digits lowercase with Shift apart, named keys, keypad twins; others are not ours")
    func keys() {
        #expect(source.translate(key(SDLK_g, KMOD_LSHIFT)) == .key(KeyPress(.character("g"), shift: true)))
        #expect(source.translate(key(SDLK_7)) == .key(KeyPress(.character("7"))))
        #expect(source.translate(key(SDLK_f, KMOD_LCTRL)) == .key(KeyPress(.character("f"), control: true)))
        #expect(source.translate(key(SDLK_q, KMOD_RALT)) == .key(KeyPress(.character("q"), alt: true)))
        #expect(source.translate(key(SDLK_RETURN)) == .key(KeyPress(.enter)))
        #expect(source.translate(key(SDLK_KP_ENTER)) == .key(KeyPress(.enter)))
        #expect(source.translate(key(SDLK_EQUALS)) == .key(KeyPress(.equals)))
        #expect(source.translate(key(SDLK_EQUALS, KMOD_LSHIFT)) == .key(KeyPress(.plus, shift: true)))
        #expect(source.translate(key(SDLK_KP_MINUS)) == .key(KeyPress(.minus)))
        #expect(source.translate(key(SDLK_SPACE, KMOD_RSHIFT)) == .key(KeyPress(.space, shift: true)))
        #expect(source.translate(key(SDLK_PAGEDOWN)) == .key(KeyPress(.pageDown)))
        #expect(source.translate(key(SDLK_F1)) == .key(KeyPress(.f1)))
        #expect(source.translate(key(SDLK_SLASH, KMOD_LSHIFT)) == .key(KeyPress(.question, shift: true)), "? on a US keyboard")
        #expect(source.translate(key(SDLK_SLASH)) == nil)
        #expect(source.translate(key(SDLK_F5)) == nil)
        var up = key(SDLK_q)
        up.type = SDL_KEYUP.rawValue
        #expect(source.translate(up) == nil, "a release is not a press")
    }

    // MARK: The queue

    @Test("through SDL's queue, poll returns what translate says, skipping events that mean nothing")
    func queueMatchesTranslation() throws {
        try withQueue {
            let events = [finger(SDL_FINGERDOWN, id: 2, x: 0.5, y: 0.25), windowEvent(SDL_WINDOWEVENT_MOVED),
                          finger(SDL_FINGERUP, id: 2, x: 0.5, y: 0.25), wheel(y: -1), key(SDLK_j)]
            for var event in events { #expect(SDL_PushEvent(&event) == 1) }
            var received: [ScreenEvent] = []
            while let event = source.poll() { received.append(event) }
            #expect(received.count == 4)
            let expected = events.compactMap { source.translate($0) }
            // SDL stamps pushed events with its own clock; everything else is as translated.
            #expect(received.map(\.withoutTime) == expected.map(\.withoutTime))
            #expect(source.next(waitingUpTo: 0) == nil, "an empty queue returns at once")
        }
    }

    @Test("many wakes from workers queue one wake event until the loop acknowledges it")
    func wakerCoalesces() throws {
        try withQueue {
            let waker = Waker()
            let group = DispatchGroup()
            for _ in 0..<8 {
                DispatchQueue.global().async(group: group) { for _ in 0..<100 { waker.wake() } }
            }
            group.wait()
            #expect(source.next(waitingUpTo: 1) == .wake)
            #expect(source.poll() == nil, "800 wakes, one event")
            waker.acknowledge()
            waker.wake()
            #expect(source.next(waitingUpTo: 1) == .wake)
        }
    }

    @Test("on the console the loop sleeps in poll(2): a queued event comes at once, an empty wait lasts its timeout, a worker's wake ends the sleep")
    func consoleWait() throws {
        try withQueue {
            let console = EventSource(windowSize: Size(width: 1280, height: 800), consoleWait: ConsoleWait())
            var pressed = key(SDLK_j)
            #expect(SDL_PushEvent(&pressed) == 1)
            #expect(console.next(waitingUpTo: 5) == .key(KeyPress(.character("j"))))
            let start = EventSource.clock()
            // The doorbell is the process's: a decode finishing in a suite running beside this
            // one rings it too. Its wakes are let by; anything else, or a short wait, fails.
            var other: ScreenEvent?
            while EventSource.clock() - start < 0.2 {
                guard let event = console.next(waitingUpTo: max(0, 0.2 - (EventSource.clock() - start))) else { break }
                if event != .wake { other = event; break }
            }
            #expect(other == nil)
            #expect(EventSource.clock() - start >= 0.19, "nothing came: the whole timeout was waited")
            let waker = Waker()
            DispatchQueue.global().asyncAfter(deadline: .now() + 0.1) { waker.wake() }
            #expect(console.next(waitingUpTo: 60) == .wake)
            #expect(EventSource.clock() - start < 30, "the doorbell ended the sleep, not the timeout")
        }
    }
}

extension ScreenEvent {
    /// The event with input timestamps zeroed, for comparing events SDL stamped itself.
    var withoutTime: ScreenEvent {
        guard case .input(let input) = self else { return self }
        switch input {
        case let .pointerDown(id, p, _): return .input(.pointerDown(id: id, at: p, time: 0))
        case let .pointerMoved(id, p, _): return .input(.pointerMoved(id: id, to: p, time: 0))
        case let .pointerUp(id, p, _): return .input(.pointerUp(id: id, at: p, time: 0))
        case let .pointerCancelled(id, _): return .input(.pointerCancelled(id: id, time: 0))
        case let .wheel(dx, dy, zoom, point, _): return .input(.wheel(dx: dx, dy: dy, zoom: zoom, at: point, time: 0))
        }
    }
}

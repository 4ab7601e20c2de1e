import CSDL2
import Waterfall

/// Reads SDL's event queue and hands the frame loop `ScreenEvent`s: it blocks while nothing
/// happens (no busy loop, near 0 % CPU at rest) and returns at once while something moves.
@MainActor
public final class EventSource {
    /// The mouse's primary button is one pointer among the fingers; this id never collides with
    /// a finger's (those are made non-negative).
    public static let mousePointer = -1
    /// SDL_TOUCH_MOUSEID and SDL_MOUSE_TOUCHID, which Swift cannot import (C casts of -1).
    static let touchMouse = UInt32.max
    static let mouseTouch = SDL_TouchID(-1)

    /// The window's size before any turn, which turns SDL's normalised finger coordinates
    /// into logical pixels, and how its picture is turned (every point is turned with it).
    private let screen: () -> (size: Size, rotation: ScreenRotation)
    /// Logical pixels per point of SDL's mouse coordinates (`Window.logicalPerWindowPoint`).
    private let logicalPerPoint: () -> Double
    private var mouseDown = false
    /// How close to the window's right edge a hovering mouse is reported (`edgeHovered`); 0:
    /// never. Only crossings into and out of the band are reported, so a mouse moving over
    /// the wall wakes the loop no more than it did.
    public var hoverEdge = 0.0
    private var hoveringEdge = false
    /// How close to the window's bottom edge a hovering mouse is reported (`bottomHovered`), for
    /// a window of that height; nil: never. Crossings only, as for the right edge.
    public var hoverBottom: ((Double) -> Double)?
    private var hoveringBottom = false
    /// Where the loop sleeps on the console (SDL's own wait polls there); nil elsewhere.
    private let consoleWait: ConsoleWait?
    /// Touch screens on the console, with the kernel's timestamps; SDL's fingers are ignored
    /// while it runs. Nil elsewhere, or where libinput has no udev to find them.
    private let consoleTouch: ConsoleTouch?
    /// Touch screens on the console where libinput cannot start, read from the kernel's event
    /// devices; SDL's fingers are ignored while it runs. Nil elsewhere, or with libinput.
    private let evdevTouch: EvdevTouch?
    /// The kernel's word that a display output changed, on the console; nil elsewhere (a
    /// desktop's window system handles its own screens).
    private let hotplug: DisplayHotplug?

    /// What the loop took from the queue and how long it went without looking. Process-wide,
    /// as SDL's event queue is: the app reads it (the control socket's `get-stats`) without
    /// holding the session's event source.
    public private(set) static var activity = EventActivity()

    public init(window: Window) {
        _ = Waker.eventType
        self.screen = { [unowned window] in (window.screenSize, window.rotation) }
        self.logicalPerPoint = { [unowned window] in window.logicalPerWindowPoint }
        let console = window.driver.lowercased() == "kmsdrm"
        consoleWait = console ? ConsoleWait() : nil
        consoleTouch = console ? ConsoleTouch() : nil
        evdevTouch = console && consoleTouch == nil ? EvdevTouch() : nil
        hotplug = console ? DisplayHotplug() : nil
    }

    /// For tests: translate against a fixed logical size (the screen's, before `rotation`), the
    /// mouse's points `logicalPerPoint` logical pixels each.
    public init(windowSize: Size, rotation: ScreenRotation = .upright, logicalPerPoint: Double = 1) {
        _ = Waker.eventType
        self.screen = { (windowSize, rotation) }
        self.logicalPerPoint = { logicalPerPoint }
        consoleWait = nil
        consoleTouch = nil
        evdevTouch = nil
        hotplug = nil
    }

    /// For tests: sleeping as on the console, whatever the video driver.
    init(windowSize: Size, consoleWait: ConsoleWait) {
        _ = Waker.eventType
        self.screen = { (windowSize, .upright) }
        self.logicalPerPoint = { 1 }
        self.consoleWait = consoleWait
        consoleTouch = nil
        evdevTouch = nil
        hotplug = nil
    }

    /// Whether touches come from libinput (the console) rather than SDL, for the log.
    public var readsTouchThroughLibinput: Bool { consoleTouch != nil }
    /// Whether touches come from the kernel's event devices (the console without libinput)
    /// rather than SDL, for the log.
    public var readsTouchFromEventDevices: Bool { evdevTouch != nil }

    /// The console's next touch report, from whichever reader runs.
    private func consoleTouchReport() -> InputEvent? {
        let size = screen().size
        return consoleTouch?.next(screenSize: size) ?? evdevTouch?.next(screenSize: size)
    }

    /// The next event, waiting at most `timeout` seconds (nil: until one comes). Events SDL
    /// reports that mean nothing to the wall are skipped without returning.
    public func next(waitingUpTo timeout: Double?) -> ScreenEvent? {
        Self.activity.looking(at: Self.clock())
        let taken = waitForEvent(upTo: timeout)
        Self.activity.lookedAway(at: Self.clock(), taking: taken)
        return taken
    }

    private func waitForEvent(upTo timeout: Double?) -> ScreenEvent? {
        var event = SDL_Event()
        // Events the wall ignores (hover, key releases) must not restart the wait: with the
        // pointer moving they would otherwise hold a glide's next frame back indefinitely.
        let deadline = timeout.map { SDL_GetTicks64() + UInt64((max(0, $0) * 1000).rounded(.up)) }
        if let consoleWait { return waitOnConsole(consoleWait, until: deadline) }
        while true {
            let got: Int32
            if let deadline {
                let now = SDL_GetTicks64()
                got = SDL_WaitEventTimeout(&event, Int32(clamping: deadline > now ? deadline - now : 0))
            } else {
                got = SDL_WaitEvent(&event)
            }
            guard got == 1 else { return nil }
            if let translated = translate(event) { return translated }
        }
    }

    private func waitOnConsole(_ wait: ConsoleWait, until deadline: UInt64?) -> ScreenEvent? {
        var event = SDL_Event()
        while true {
            if hotplug?.drain() == true { return .displayChanged }
            if let touch = consoleTouchReport() { return .input(turned(touch)) }
            // Pumps first: what woke the wait, or was queued before it, is in SDL's queue now.
            if SDL_PollEvent(&event) == 1 {
                if let translated = translate(event) { return translated }
                continue
            }
            var remaining: Int?
            if let deadline {
                let now = SDL_GetTicks64()
                guard deadline > now else { return nil }
                remaining = Int(deadline - now)
            }
            let readable = [consoleTouch?.descriptor ?? -1, hotplug?.descriptor ?? -1] + (evdevTouch?.descriptors ?? [])
            if wait.wait(milliseconds: remaining, orReadable: readable) { evdevTouch?.lookForDevices() }
        }
    }

    /// The next queued event, without waiting.
    public func poll() -> ScreenEvent? {
        Self.activity.looking(at: Self.clock())
        var taken = hotplug?.drain() == true ? .displayChanged : consoleTouchReport().map { ScreenEvent.input(turned($0)) }
        var event = SDL_Event()
        while taken == nil, SDL_PollEvent(&event) == 1 {
            taken = translate(event)
        }
        Self.activity.lookedAway(at: Self.clock(), taking: taken)
        return taken
    }

    /// The monotonic clock of the stall figures, seconds (SDL's own, so Screen needs no other).
    public nonisolated static func clock() -> Double {
        Double(SDL_GetPerformanceCounter()) / Double(SDL_GetPerformanceFrequency())
    }

    func translate(_ event: SDL_Event) -> ScreenEvent? {
        let translated = translateUnturned(event)
        if case .input(let input)? = translated { return .input(turned(input)) }
        if case .secondaryClick(let point)? = translated {
            let (size, rotation) = screen()
            return .secondaryClick(rotation.logicalPoint(point, onPhysical: size))
        }
        return translated
    }

    /// Points on the screen, in the picture turned on it.
    private func turned(_ input: InputEvent) -> InputEvent {
        let (size, rotation) = screen()
        return rotation.logical(input, onPhysical: size)
    }

    private func translateUnturned(_ event: SDL_Event) -> ScreenEvent? {
        let time = Double(event.common.timestamp) / 1000
        switch event.type {
        case Waker.eventType:
            return .wake
        case SDL_QUIT.rawValue:
            return .quit
        case SDL_WINDOWEVENT.rawValue:
            switch SDL_WindowEventID(UInt32(event.window.event)) {
            case SDL_WINDOWEVENT_SIZE_CHANGED: return .resized
            case SDL_WINDOWEVENT_EXPOSED, SDL_WINDOWEVENT_RESTORED, SDL_WINDOWEVENT_SHOWN: return .exposed
            case SDL_WINDOWEVENT_HIDDEN, SDL_WINDOWEVENT_MINIMIZED: return .hidden
            case SDL_WINDOWEVENT_FOCUS_LOST:
                // A button released while another window had the pointer is never reported;
                // without this a drag would stay stuck to the pointer.
                guard mouseDown else { return nil }
                mouseDown = false
                return .input(.pointerCancelled(id: Self.mousePointer, time: time))
            default: return nil
            }
        case SDL_MOUSEBUTTONDOWN.rawValue, SDL_MOUSEBUTTONUP.rawValue:
            let button = event.button
            guard button.which != Self.touchMouse else { return nil }
            // The mouse's back button goes back as Backspace does (browsers, file managers,
            // Loupe); the right button asks for the photo's details.
            if button.button == UInt8(SDL_BUTTON_X1) {
                return event.type == SDL_MOUSEBUTTONDOWN.rawValue ? .key(KeyPress(.backspace)) : nil
            }
            if button.button == UInt8(SDL_BUTTON_RIGHT) {
                return event.type == SDL_MOUSEBUTTONDOWN.rawValue ? .secondaryClick(point(button.x, button.y)) : nil
            }
            guard button.button == UInt8(SDL_BUTTON_LEFT) else { return nil }
            let spot = point(button.x, button.y)
            if event.type == SDL_MOUSEBUTTONDOWN.rawValue {
                mouseDown = true
                return .input(.pointerDown(id: Self.mousePointer, at: spot, time: time))
            }
            guard mouseDown else { return nil }
            mouseDown = false
            return .input(.pointerUp(id: Self.mousePointer, at: spot, time: time))
        case SDL_MOUSEMOTION.rawValue:
            // Hovering means nothing to the wall (only a held button drags), except crossing
            // into or out of the band where the scrubber's rail is.
            guard event.motion.which != Self.touchMouse else { return nil }
            guard mouseDown else { return hovered(at: point(event.motion.x, event.motion.y)) }
            return .input(.pointerMoved(id: Self.mousePointer, to: point(event.motion.x, event.motion.y), time: time))
        case SDL_MOUSEWHEEL.rawValue:
            return wheel(event.wheel, time: time)
        case SDL_FINGERDOWN.rawValue, SDL_FINGERMOTION.rawValue, SDL_FINGERUP.rawValue:
            // The same touches, read through libinput or from the event devices with their
            // real times.
            guard consoleTouch == nil, evdevTouch == nil else { return nil }
            return finger(event.tfinger, type: event.type, time: time)
        case SDL_KEYDOWN.rawValue:
            return Self.keyPress(event.key.keysym).map { press in
                var press = press
                press.isRepeat = event.key.repeat != 0
                return .key(press)
            }
        default:
            // SDL_MULTIGESTURE is derived by SDL from the same finger events the gesture
            // recognizer already sees; acting on both would pinch twice.
            return nil
        }
    }

    /// A point in SDL's mouse coordinates, in logical pixels.
    private func point(_ x: Int32, _ y: Int32) -> Point {
        let logical = logicalPerPoint()
        return Point(x: Double(x) * logical, y: Double(y) * logical)
    }

    private func hovered(at point: Point) -> ScreenEvent? {
        let (size, rotation) = screen()
        let logical = rotation.logicalPoint(point, onPhysical: size), window = rotation.logicalSize(ofPhysical: size)
        let near = hoverEdge > 0 && logical.x >= window.width - hoverEdge
        // One crossing a motion: in the corner, the bottom band's waits for the next one.
        if near != hoveringEdge {
            hoveringEdge = near
            return .edgeHovered(near)
        }
        let low = hoverBottom.map { logical.y >= window.height - $0(window.height) } ?? false
        guard low != hoveringBottom else { return nil }
        hoveringBottom = low
        return .bottomHovered(low)
    }

    /// One notch of a classic wheel scrolls this many logical pixels (browsers use 100–120).
    public static let pixelsPerNotch = 120.0

    private func wheel(_ wheel: SDL_MouseWheelEvent, time: Double) -> ScreenEvent? {
        guard wheel.which != Self.touchMouse else { return nil }
        // preciseY carries the fractions of smooth-scrolling wheels and touchpads.
        var dy = Double(wheel.preciseY), dx = Double(wheel.preciseX)
        if wheel.direction == SDL_MOUSEWHEEL_FLIPPED.rawValue { dy = -dy; dx = -dx }
        guard dy != 0 || dx != 0 else { return nil }
        let zoom = SDL_GetModState().rawValue & KMOD_CTRL.rawValue != 0
        // Where the pointer was when the wheel turned (SDL 2.26), so a zoom holds the tile under it.
        let pointer = point(wheel.mouseX, wheel.mouseY)
        // SDL's positive y is "away from the user", which scrolls toward the top of the wall.
        if zoom { return .input(.wheel(dx: 0, dy: -dy, zoom: true, at: pointer, time: time)) }
        return .input(.wheel(dx: dx * Self.pixelsPerNotch, dy: -dy * Self.pixelsPerNotch, zoom: false, at: pointer, time: time))
    }

    private func finger(_ finger: SDL_TouchFingerEvent, type: UInt32, time: Double) -> ScreenEvent? {
        // Mouse events SDL turns into touches are not fingers (the hint is off; belt and braces).
        guard finger.touchId != Self.mouseTouch else { return nil }
        let size = screen().size
        let point = Point(x: Double(finger.x) * size.width, y: Double(finger.y) * size.height)
        let id = Int(truncatingIfNeeded: finger.fingerId) & Int.max
        switch type {
        case SDL_FINGERDOWN.rawValue: return .input(.pointerDown(id: id, at: point, time: time))
        case SDL_FINGERMOTION.rawValue: return .input(.pointerMoved(id: id, to: point, time: time))
        default: return .input(.pointerUp(id: id, at: point, time: time))
        }
    }

    static func keyPress(_ keysym: SDL_Keysym) -> KeyPress? {
        let mod = UInt32(keysym.mod)
        let shift = mod & KMOD_SHIFT.rawValue != 0
        let control = mod & KMOD_CTRL.rawValue != 0
        let alt = mod & KMOD_ALT.rawValue != 0
        let sym = Int(keysym.sym)
        let key: Key
        switch sym {
        case Int(SDLK_UP.rawValue): key = .up
        case Int(SDLK_DOWN.rawValue): key = .down
        case Int(SDLK_LEFT.rawValue): key = .left
        case Int(SDLK_RIGHT.rawValue): key = .right
        case Int(SDLK_PAGEUP.rawValue): key = .pageUp
        case Int(SDLK_PAGEDOWN.rawValue): key = .pageDown
        case Int(SDLK_HOME.rawValue): key = .home
        case Int(SDLK_END.rawValue): key = .end
        case Int(SDLK_RETURN.rawValue), Int(SDLK_KP_ENTER.rawValue), Int(SDLK_RETURN2.rawValue): key = .enter
        case Int(SDLK_ESCAPE.rawValue): key = .escape
        case Int(SDLK_BACKSPACE.rawValue): key = .backspace
        case Int(SDLK_DELETE.rawValue): key = .delete
        case Int(SDLK_SPACE.rawValue): key = .space
        case Int(SDLK_TAB.rawValue): key = .tab
        case Int(SDLK_EQUALS.rawValue) where !shift: key = .equals
        case Int(SDLK_PLUS.rawValue), Int(SDLK_KP_PLUS.rawValue), Int(SDLK_EQUALS.rawValue): key = .plus
        case Int(SDLK_MINUS.rawValue), Int(SDLK_KP_MINUS.rawValue): key = .minus
        case Int(SDLK_QUESTION.rawValue): key = .question
        // SDL names the key, not the character: `?` arrives as Shift + the `/` key.
        case Int(SDLK_SLASH.rawValue) where shift: key = .question
        case Int(SDLK_F1.rawValue): key = .f1
        case Int(SDLK_GREATER.rawValue): key = .greater
        case Int(SDLK_PERIOD.rawValue) where shift: key = .greater
        case Int(SDLK_LESS.rawValue): key = .less
        case Int(SDLK_COMMA.rawValue) where shift: key = .less
        case Int(SDLK_a.rawValue)...Int(SDLK_z.rawValue), Int(SDLK_0.rawValue)...Int(SDLK_9.rawValue):
            key = .character(Character(Unicode.Scalar(UInt8(sym))))
        default: return nil
        }
        return KeyPress(key, shift: shift, control: control, alt: alt)
    }
}

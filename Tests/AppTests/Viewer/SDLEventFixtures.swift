// SDL events as the drivers report them, for feeding the viewer through its real event
// translation. Timestamps are milliseconds, as in SDL; events sent through SDL's queue get
// SDL's own timestamp instead, so anything that depends on timing (taps, flings) is fed
// through `EventSource.translate` with the test's timestamps.

import CSDL2
import Testing
@testable import Screen
import Waterfall

enum SDLEvents {
    static func mouseButton(down: Bool, x: Int, y: Int, ms: UInt32, button: Int32 = SDL_BUTTON_LEFT) -> SDL_Event {
        var event = SDL_Event()
        event.type = down ? SDL_MOUSEBUTTONDOWN.rawValue : SDL_MOUSEBUTTONUP.rawValue
        event.button.timestamp = ms
        event.button.button = UInt8(button)
        event.button.state = UInt8(down ? SDL_PRESSED : SDL_RELEASED)
        event.button.clicks = 1
        event.button.x = Int32(x)
        event.button.y = Int32(y)
        return event
    }

    static func mouseMotion(x: Int, y: Int, ms: UInt32) -> SDL_Event {
        var event = SDL_Event()
        event.type = SDL_MOUSEMOTION.rawValue
        event.motion.timestamp = ms
        event.motion.x = Int32(x)
        event.motion.y = Int32(y)
        return event
    }

    /// `y` in notches: positive is away from the user (towards the top of the wall).
    static func wheel(y: Float, x: Float = 0, flipped: Bool = false, ms: UInt32 = 0) -> SDL_Event {
        var event = SDL_Event()
        event.type = SDL_MOUSEWHEEL.rawValue
        event.wheel.timestamp = ms
        event.wheel.x = Int32(x.rounded(.towardZero))
        event.wheel.y = Int32(y.rounded(.towardZero))
        event.wheel.preciseX = x
        event.wheel.preciseY = y
        event.wheel.direction = flipped ? SDL_MOUSEWHEEL_FLIPPED.rawValue : SDL_MOUSEWHEEL_NORMAL.rawValue
        return event
    }

    /// A finger at normalised window coordinates (0…1 across each side), as SDL reports touches.
    static func finger(_ type: SDL_EventType, id: Int64, x: Float, y: Float, ms: UInt32 = 0) -> SDL_Event {
        var event = SDL_Event()
        event.type = type.rawValue
        event.tfinger.timestamp = ms
        event.tfinger.touchId = 7
        event.tfinger.fingerId = id
        event.tfinger.x = x
        event.tfinger.y = y
        event.tfinger.pressure = 1
        return event
    }

    /// What SDL derives from two or more fingers moving; the viewer must not act on it.
    static func multigesture(distance: Float, x: Float, y: Float) -> SDL_Event {
        var event = SDL_Event()
        event.type = SDL_MULTIGESTURE.rawValue
        event.mgesture.touchId = 7
        event.mgesture.dDist = distance
        event.mgesture.x = x
        event.mgesture.y = y
        event.mgesture.numFingers = 2
        return event
    }

    static func key(_ sym: SDL_KeyCode, _ mod: SDL_Keymod = KMOD_NONE) -> SDL_Event {
        var event = SDL_Event()
        event.type = SDL_KEYDOWN.rawValue
        event.key.state = UInt8(SDL_PRESSED)
        event.key.keysym.sym = SDL_Keycode(sym.rawValue)
        event.key.keysym.mod = UInt16(mod.rawValue)
        return event
    }

    /// The key as SDL reports it, as the viewer reads it.
    @MainActor
    static func press(_ sym: SDL_KeyCode, _ mod: SDL_Keymod = KMOD_NONE) -> KeyPress? {
        var keysym = SDL_Keysym()
        keysym.sym = SDL_Keycode(sym.rawValue)
        keysym.mod = UInt16(mod.rawValue)
        return EventSource.keyPress(keysym)
    }
}

/// Runs `body` with SDL's event queue started (no video needed) and empty, then stops it
/// again; SDL's signal handlers stay off so the test process still ends on SIGTERM.
@MainActor
func withSDLEventQueue(_ body: () throws -> Void) throws {
    SDL_SetHint(SDL_HINT_NO_SIGNAL_HANDLERS, "1")
    try #require(SDL_InitSubSystem(SDL_INIT_EVENTS) == 0, "SDL events: \(String(cString: SDL_GetError()))")
    defer {
        SDL_FlushEvents(SDL_FIRSTEVENT.rawValue, SDL_LASTEVENT.rawValue)
        SDL_QuitSubSystem(SDL_INIT_EVENTS)
    }
    SDL_FlushEvents(SDL_FIRSTEVENT.rawValue, SDL_LASTEVENT.rawValue)
    try body()
}

extension EventSource {
    /// Pushes `events` on SDL's queue and reads back what the viewer's loop would get.
    func throughQueue(_ events: [SDL_Event]) -> [ScreenEvent] {
        for var event in events {
            let pushed = SDL_PushEvent(&event)
            #expect(pushed == 1, "SDL_PushEvent: \(String(cString: SDL_GetError()))")
        }
        var received: [ScreenEvent] = []
        while let event = poll() { received.append(event) }
        return received
    }

    /// Translates `events` as they come, keeping their timestamps.
    func translating(_ events: [SDL_Event]) -> [ScreenEvent] {
        events.compactMap { translate($0) }
    }
}

extension [ScreenEvent] {
    var inputs: [InputEvent] {
        compactMap { if case .input(let input) = $0 { input } else { nil } }
    }
}

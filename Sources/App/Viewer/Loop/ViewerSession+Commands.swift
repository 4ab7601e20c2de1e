// The one place a Command is carried out, whichever way it came: a key (KeyBindings), a gesture,
// the control socket, or the clock (the slideshow's timer, the kiosk's idle drift). The session
// keeps what is session-wide; everything else goes down the stack of screens from the top.

import Control
import Screen
import Waterfall

extension ViewerSession {
    @discardableResult
    func perform(_ command: Command, from origin: CommandOrigin = .control) -> Result<JSONValue, ControlError> {
        if !command.isQuery, origin != .timer {
            // A program driving the wall counts as someone using it: the attract drift stops.
            idle.noteInput(now: clock.now)
        }
        if !command.isQuery { dirty = true }
        switch command {
        case .getState: return .success(state)
        case .getStats: return .success(health)
        case .toggleHelp: overlay.toggle(.help, over: stack.top)
        case .toggleInfo: overlay.toggle(.info, over: stack.top)
        case .toggleStats: statsPanel.shown.toggle()
        case .toggleFullscreen: window.setFullscreen(!window.isFullscreen)
        case .reload: if !scanning { rescan() }
        case .quit:
            // A kiosk's keyboard may not end it unless allowed; its owner's socket may.
            if origin == .key, !options.quitKeys { log.debug("quit key ignored (kiosk)") } else { running = false }
        case .screen(let request): performScreen(request)
        default:
            return stack.perform(command, from: origin) { dismiss($0) }
        }
        return .success(.null)
    }
}

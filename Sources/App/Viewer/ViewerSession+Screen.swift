// The screen sleeping and waking (issue 15 §4): on a transition the display is powered down or
// up, subscribers and `--events stdout` hear `screen-off` / `screen-on`, and systemd's status
// line says it. While off the loop draws nothing and starts no decodes (ViewerSession.loop).

import Control
import Foundation
import Screen
import Waterfall

extension ViewerSession {
    func tickScreen(at now: Double) {
        guard screen.update(now: now, date: Date()) else { return }
        let on = screen.isOn, reason = screen.power.reason.rawValue
        let method = window.setDisplayPower(on: on)
        if case .blackScreen(let why) = method, !on, !screen.blackScreenLogged {
            screen.blackScreenLogged = true
            log.info("the screen cannot be powered down here (\(why)): it is drawn black and the backlight is left to the system")
        }
        log.info("screen \(on ? "on" : "off") (\(reason))")
        if on {
            dirty = true
            // Waking is where idleness starts: the attract drift waits its full delay again.
            idle.noteInput(now: now)
        }
        emit(.screen(on: on, reason: reason))
        let status = "screen \(on ? "on" : "off") (\(reason)), \(wall.entries.count) photos"
        if let notifier = daemon.notifier {
            // Started with the screen off (outside the schedule): no frame will come to say READY.
            if !daemon.ready { daemon.ready = true; notifier.ready(status: status) } else { notifier.status(status) }
        }
    }

    func performScreen(_ request: ScreenRequest) {
        let command: ScreenPower.Command = switch request {
        case .on: .on
        case .off: .off
        case .auto: .auto
        }
        screen.command(command, now: ProcessClock.now())
        // At once, so the reply and a get-state right after it see the new state.
        tickScreen(at: ProcessClock.now())
    }

    /// `get-state`'s screen fields.
    var screenState: [(String, JSONValue)] {
        [("screen", .string(screen.isOn ? "on" : "off")), ("screenReason", .string(screen.power.reason.rawValue))]
    }
}

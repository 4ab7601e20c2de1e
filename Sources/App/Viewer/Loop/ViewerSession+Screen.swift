// The screen sleeping and waking: on a transition the display is powered down or
// up, subscribers and `--events stdout` hear `screen-off` / `screen-on`, and systemd's status
// line says it. While off the loop draws nothing and starts no decodes (ViewerSession.loop).

import Control
import Foundation
import Screen
import Waterfall
import Kiosk

extension ViewerSession {
    func tickScreen(at now: Double) {
        defer { if !screen.isOn { daemon.dark(status: screenStatus, scanning: scanning) } }
        guard screen.update(now: now, date: clock.date) else { return }
        let on = screen.isOn, reason = screen.power.reason.rawValue
        for screen in stack.screens.reversed() { screen.screenPower(on: on, at: now) }
        let method = window.setDisplayPower(on: on)
        // The TV over HDMI-CEC, on its own queue: the bus may take seconds.
        television?.screenPower(on: on)
        screen.drawnBlack = false
        if case .blackScreen(let why) = method, !on {
            screen.drawnBlack = true
            if !screen.blackScreenLogged {
                screen.blackScreenLogged = true
                log.info("the screen cannot be powered down here (\(why)): it is drawn black and the backlight is left to the system")
            }
        }
        log.info("screen \(on ? "on" : "off") (\(reason))")
        if on {
            dirty = true
            // Waking is where idleness starts: the attract drift waits its full delay again.
            idle.noteInput(now: now)
        }
        emit(.screen(on: on, reason: reason))
        daemon.screenChanged(status: screenStatus)
    }

    private var screenStatus: String {
        "screen \(screen.isOn ? "on" : "off") (\(screen.power.reason.rawValue)), \(wall.entries.count) photos"
    }


    /// A black window standing in for a powered-down screen is drawn black again when the
    /// window system lost its contents (uncovered, resized).
    func redrawDarkScreen() {
        guard !screen.isOn, screen.drawnBlack, !window.renderer.isDetached else { return }
        window.renderer.clear(ScreenColor(rgb: 0))
        window.renderer.present()
    }

    func performScreen(_ request: ScreenRequest) {
        let command: ScreenPower.Command = switch request {
        case .on: .on
        case .off: .off
        case .auto: .auto
        }
        screen.command(command, now: clock.now)
        // At once, so the reply and a get-state right after it see the new state.
        tickScreen(at: clock.now)
    }

    /// `get-state`'s screen fields, and with `--cec` where cascade is on the HDMI-CEC bus.
    var screenState: [(String, JSONValue)] {
        // How long until the idle timeout darkens it, for an owner checking the timeout took (and a
        // test, which can then read a held "on" as no deadline instead of waiting one out).
        let untilIdle = screen.power.nextIdleDeadline - clock.now
        return [("screen", .string(screen.isOn ? "on" : "off")), ("screenReason", .string(screen.power.reason.rawValue)),
                ("screenOffIn", untilIdle.isFinite ? .double((max(0, untilIdle) * 10).rounded() / 10) : .null)]
            + (television.map { [("cec", Self.json($0.status))] } ?? [])
    }

    private static func json(_ cec: CecTelevision.Status) -> JSONValue {
        var fields: [(String, JSONValue)] = [
            ("device", cec.device.map { .string($0) } ?? .null),
            ("logicalAddress", cec.logicalAddress.map { .int(Int($0.value)) } ?? .null),
            ("physicalAddress", cec.physicalAddress.map { .string($0.description) } ?? .null),
        ]
        if let problem = cec.problem { fields.append(("problem", .string(problem))) }
        return .object(fields)
    }
}

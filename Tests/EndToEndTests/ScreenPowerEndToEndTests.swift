// The screen sleeping and waking through the real binary in Xvfb: the idle
// timeout turns it off (Xvfb has no DPMS extension, so the black-window fallback and its one log
// line are what shows here), no frames are drawn while off, a key or a click wakes it without
// doing anything else, `cascade ctl screen off|on|auto` holds and releases it, and a schedule
// that is off now starts with the screen off. State is read through `get-state`, `get-stats`
// and the control socket's events, never through timing.

import Foundation
import Testing
@testable import App
@testable import TestSupport
import Kiosk

@Suite("the screen sleeps and wakes in a real X server", .serialized)
struct ScreenPowerEndToEndTests {
    typealias Service = DaemonEndToEndTests.Service

    private func screen(_ control: ControlConnection) async throws -> (state: String, reason: String) {
        let state = try await control.data(["get-state"]) as? [String: Any]
        return (state?["screen"] as? String ?? "?", state?["screenReason"] as? String ?? "?")
    }

    private func frames(_ control: ControlConnection) async throws -> Int {
        let stats = try await control.data(["get-stats"]) as? [String: Any]
        return stats?["frames"] as? Int ?? -1
    }

    private func ctl(_ service: Service, _ words: [String]) async throws {
        let run = try await runTool(cascadeBinary, ["ctl", "--socket", service.socket] + words)
        #expect(run.status == .exited(0), "cascade ctl \(words.joined(separator: " ")): \(String(decoding: run.output, as: UTF8.self))")
    }

    @Test("idle turns it off and no frames are drawn; a key or a click wakes it and does nothing else; ctl screen off/on/auto")
    func idleKeysClicksAndCommands() async throws {
        // 0.05 minutes: three seconds without input.
        // A slow watchdog: the test's notify socket holds only ten datagrams (systemd reads them
        // at once; the test only while it waits), and STATUS lines must not be lost behind pings.
        let service = try await Service(photos: 12, arguments: ["--screen-off-after", "0.05"],
                                        environment: ["WATCHDOG_USEC": "30000000"])
        try await service.check {
            try await service.notify.wait(for: "READY=1")
            let control = try await ControlConnection(service.socket)
            _ = try await control.data(["subscribe", "screen-on", "screen-off", "selected", "opened", "closed"])
            let display = service.server.display
            let window = try await display.waitForWindow(class: "cascade")

            let off = try await control.event("screen-off")
            #expect(off["reason"] as? String == "idle")
            #expect(try await screen(control) == ("off", "idle"))
            try await service.notify.wait(for: "STATUS=screen off (idle), 12 photos")
            let fallback = service.child.errorOutput.components(separatedBy: "\n").filter { $0.contains("cannot be powered down here") }
            #expect(fallback.count == 1, "one line for the black-screen fallback:\n\(service.child.errorOutput)")
            // No DPMS in Xvfb: the window itself is black, tiles and gaps alike.
            let dark = try await display.capture(window)
            for (x, y) in [(400, 150), (100, 500), (5, 5)] {
                #expect(close(dark.pixel(x, y), (0, 0, 0), tolerance: 2), "(\(x), \(y)) is \(dark.pixel(x, y)) with the screen off")
            }

            // Off: the frame counter stands still (asking for stats draws nothing), even when the
            // wall moves: a scroll the loop has taken (get-state shows it) would have drawn a frame.
            let before = try await frames(control)
            let offset = ((try await control.data(["get-state"]) as? [String: Any])?["offset"] as? NSNumber)?.doubleValue ?? 0
            _ = try await control.data(["scroll-to", ["offset": offset + 40]])
            #expect(((try await control.data(["get-state"]) as? [String: Any])?["offset"] as? NSNumber)?.doubleValue == offset + 40)
            #expect(try await frames(control) == before, "frames were drawn while the screen was off")
            #expect(try await screen(control) == ("off", "idle"), "a scroll from the socket woke the screen")

            // Return opens the photo under the cursor when the screen is on; here it only wakes.
            try await display.xdotool(["windowfocus", window], allowFailure: true)
            try await display.xdotool(["key", "--window", window, "Return"])
            #expect(try await control.event("screen-on")["reason"] as? String == "auto")
            let afterKey = try await control.data(["get-state"]) as? [String: Any]
            #expect(afterKey?["mode"] as? String == "wall", "the key that woke the screen also opened a photo")
            #expect(!control.events.contains { $0["event"] as? String == "opened" })
            #expect(try await frames(control) > before, "awake, the wall is drawn again")

            // Off again by idleness; a click in the middle of a tile wakes it and does not select.
            #expect(try await control.event("screen-off")["reason"] as? String == "idle")
            try await display.xdotool(["mousemove", "--window", window, "400", "150"])
            try await display.xdotool(["click", "--window", window, "1"])
            _ = try await control.event("screen-on")
            _ = try await control.data(["get-state"])
            #expect(!control.events.contains { $0["event"] as? String == "selected" }, "the waking click selected a tile")
            // The same click with the screen on does select: the one before was swallowed, not missed.
            try await display.xdotool(["click", "--window", window, "1"])
            _ = try await control.event("selected")

            // Held off until auto; held on through the idle timeout.
            try await ctl(service, ["screen", "off"])
            #expect(try await control.event("screen-off")["reason"] as? String == "command")
            try await service.notify.wait(for: "STATUS=screen off (command), 12 photos")
            #expect(try await screen(control) == ("off", "command"))
            try await ctl(service, ["screen", "on"])
            #expect(try await control.event("screen-on")["reason"] as? String == "command")
            // Held on, no idle deadline is running (ScreenScheduleTests proves the hold outlasts
            // it on a clock of its own); under auto the three seconds run again.
            var state = try await control.data(["get-state"]) as? [String: Any]
            #expect(state?["screenOffIn"] is NSNull, "a held on still has an idle deadline: \(String(describing: state?["screenOffIn"]))")
            #expect(try await screen(control) == ("on", "command"))
            // A photo left open closes when the screen goes dark: the next visitor finds the wall.
            _ = try await control.data(["open", 0])
            _ = try await control.event("opened")
            try await ctl(service, ["screen", "auto"])
            state = try await control.data(["get-state"]) as? [String: Any]
            let offIn = (state?["screenOffIn"] as? NSNumber)?.doubleValue ?? -1
            #expect(offIn > 0 && offIn <= 3, "under auto the idle timeout runs from the command: \(offIn)")
            #expect(try await control.event("screen-off")["reason"] as? String == "idle", "auto hands it back to the idle timeout")
            _ = try await control.event("closed")
            #expect((try await control.data(["get-state"]) as? [String: Any])?["mode"] as? String == "wall")

            let bad = try await control.request(["screen", "dim"])
            #expect((bad["error"] as? String)?.contains("screen needs \"on\", \"off\" or \"auto\"") == true)
        }
    }

    @Test("a schedule that is off now starts with the screen off and tells systemd it is ready")
    func scheduleOffAtStart() async throws {
        // The day after tomorrow, all day: never today.
        let names = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        let today = Calendar.current.component(.weekday, from: Date())
        let schedule = "\(names[(today + 1) % 7]) 00:00-24:00"
        let service = try await Service(photos: 12, arguments: ["--screen-schedule", schedule],
                                        environment: ["WATCHDOG_USEC": "30000000"])
        try await service.check {
            let messages = try await service.notify.wait(for: "READY=1")
            #expect(messages.contains { $0.contains("STATUS=screen off (schedule)") }, "\(messages)")
            let control = try await ControlConnection(service.socket)
            #expect(try await screen(control) == ("off", "schedule"))
            #expect(try await frames(control) == 0, "a screen off from the start draws nothing")
            // A reload while dark still ends in READY=1, though no frame is drawn to say it.
            kill(service.child.pid, SIGHUP)
            try await service.notify.wait(for: "RELOADING=1")
            try await service.notify.wait(for: "READY=1")
            #expect(try await screen(control) == ("off", "schedule"))
            _ = try await control.data(["subscribe", "screen-on"])
            try await ctl(service, ["screen", "on"])
            #expect(try await control.event("screen-on")["reason"] as? String == "command")
            #expect(try await screen(control) == ("on", "command"))
        }
    }

    @Test("a bad schedule in the configuration names the file, the line and the bad part")
    func badScheduleInTheConfiguration() async throws {
        let folder = try PhotoFolder()
        let config = folder.path + "/cascade.toml"
        try "kiosk = false\nscreen-schedule = \"Mon-Fri 07:00-22:00, Sat-Sun 09:00-25:00\"\n".write(toFile: config, atomically: true, encoding: .utf8)
        let child = try ChildProcess(cascadeBinary, ["--config", config, folder.path], environment: [:])
        let status = try await child.waitForExit(within: longestWait)
        let output = child.errorOutput
        #expect(status == .exited(64))
        #expect(output.contains("\(config):2") && output.contains("'Sat-Sun 09:00-25:00'") && output.contains("'25:00'"), "\(output)")
    }
}

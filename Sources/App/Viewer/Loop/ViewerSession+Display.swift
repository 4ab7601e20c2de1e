// The console's screen going away and coming back. While it is gone nothing is drawn or
// presented and no decode is started (the loop sleeps as with the screen off), the control
// socket still answers; when it is back the window is made again for its mode (SDL's kmsdrm
// learns a screen's modes only when video starts), the screens lay themselves out for the new
// size keeping their place, and every picture is read again from the thumbnail cache.

import Control
import Screen
import Waterfall

extension ViewerSession {
    /// The wall is on screen to be drawn: lit, and the console's screen is there.
    var showing: Bool { screen.isOn && !displayGone }

    /// The console's screen is unplugged or switched off, or the window could not be made again.
    var displayGone: Bool { window.renderer.isDetached || consoleOutput?.isPresent == false }

    /// The kernel said an output changed: read the wall's connector and act on what changed.
    func displayChanged() {
        guard let output = consoleOutput else { return }
        switch output.check() {
        case .lost:
            log.info("display \(output.label) is gone: drawing and decoding pause until it is back")
            emit(.displayLost(output: output.label))
            daemon.screenChanged(status: "display \(output.label) is gone")
        case .back:
            displayCameBack(output.label)
        case nil:
            // A window that could not be made at the last return is tried again at every change.
            if window.renderer.isDetached, output.isPresent { displayCameBack(output.label) }
        }
    }

    /// Makes the window again and draws every screen anew at the size it came back at.
    /// Internal (not private) so a test can bring a dummy-driver window back.
    func displayCameBack(_ label: String) {
        let size: Size
        do {
            size = try window.recreate()
        } catch {
            log.error("display \(label) is back, but the window could not be opened again (\(error)); trying again at the next change")
            return
        }
        if options.kiosk {
            window.showCursor(false)
            window.keepScreenOn()
        }
        for screen in stack.screens { screen.rendererRecreated(size: size) }
        // A return during the schedule's dark hours stays dark: SDL's new start lit the output.
        if !screen.isOn { tickScreenDark() }
        dirty = true
        log.info("display \(label) is back at \(Int(size.width))×\(Int(size.height)): the wall is drawn again")
        emit(.displayBack(output: label, size: size))
        daemon.screenChanged(status: "showing \(wall.entries.count) photos")
    }

    /// Turns the output off again for a screen that is meant to be off.
    private func tickScreenDark() {
        if case .blackScreen = window.setDisplayPower(on: false) { screen.drawnBlack = true }
    }

    /// `get-state`'s display field, on the console: `"gone"` while its screen is unplugged or off.
    var displayState: [(String, JSONValue)] {
        guard consoleOutput != nil else { return [] }
        return [("display", .string(displayGone ? "gone" : "connected"))]
    }
}

// A screen mounted on its side (`--rotate`): the picture is laid out in the turned size and
// turned as it is presented (Renderer+Rotation); touches and the mouse are turned with it
// (EventSource). Set at start, changed by a reload, kept through resizes.

import Control
import Logging
import Screen
import Waterfall

extension Viewer {
    /// Turns the window's picture before anything is laid out in it. A renderer that cannot
    /// turn (no render targets) leaves the picture upright: a wall on its side beats no wall.
    @MainActor
    static func turn(_ window: Window, to rotation: ScreenRotation, log: Logger) {
        guard rotation != window.rotation else { return }
        do {
            try window.rotate(rotation)
            log.info("picture turned \(rotation.degrees)° clockwise: \(Int(window.size.width))×\(Int(window.size.height)) on a \(Int(window.screenSize.width))×\(Int(window.screenSize.height)) screen")
        } catch {
            log.error("the picture stays as it was (\(window.rotation.degrees)°): cannot turn it \(rotation.degrees)°: \(error)")
        }
    }
}

extension ViewerSession {
    /// A reload turned the picture: every screen is laid out again for its new size.
    func turn(to rotation: ScreenRotation) {
        Viewer.turn(window, to: rotation, log: log)
        resizeScreens()
        dirty = true
    }

    /// Every screen laid out again for the picture's size now.
    func resizeScreens() {
        let size = window.size
        for screen in stack.screens { screen.resize(size) }
    }

    /// `get-state`'s "rotate": how the picture is turned on the screen, in degrees clockwise.
    /// Every rect get-state gives is the upright picture's.
    var rotationState: [(String, JSONValue)] { [("rotate", .int(window.rotation.degrees))] }

    /// The window changed size: the turned picture follows it before anything is laid out.
    func fitRotation() {
        do { try window.fitRotation() } catch { log.error("the turned picture keeps its old size: \(error)") }
    }
}

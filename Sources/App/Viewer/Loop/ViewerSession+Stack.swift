// The session as the screens' host: what a screen may ask of the loop (ScreenHost), and the
// stack's changes — a screen opened, one closed — with the window's title following the top.

import Control
import Photos
import Screen
import Waterfall

extension ViewerSession: ScreenHost {
    var roots: [PhotoPath] { scanPaths }
    var pointer: Point? { window.pointerLocation() }
    var shiftHeld: Bool { window.shiftHeld }
    var windowSize: Size { window.size }

    func push(_ screen: any ViewerScreen) {
        screen.host = self
        stack.push(screen)
        dirty = true
        titleChanged()
    }

    func dismiss(_ screen: any ViewerScreen) {
        for closed in stack.remove(screen) {
            // Told first, while it still knows what it showed (the slideshow's photo).
            closed.dismissed()
            closed.close()
        }
        dirty = true
        titleChanged()
    }

    func titleChanged() {
        window.setTitle((stack.top.title ?? title) + wall.marksTitle)
    }

    /// An event for `--events stdout` and for the control socket's subscribers.
    func emit(_ event: ViewerEvent) {
        // A kiosk's keys put nothing back from the trash; there the notice names no key.
        if let line = ActionNotice.line(for: event, undoKey: options.kiosk ? nil : keys.label(for: .restore)) {
            notify(line.text, isError: line.isError)
        }
        output.send(event)
        daemon.control?.publish(event.json, named: event.name)
        publishMqttEvent(event)
        // What has been on the screen is what an Immich cache lets go first when it is full.
        switch event {
        case let .opened(_, path), let .shown(_, path, _, _, _): daemon.immich?.noteShown(path: path.string)
        default: break
        }
    }

    /// Puts `text` up as the notice, in place of any before it.
    func notify(_ text: String, isError: Bool = false) {
        notice = ActionNotice(text, isError: isError, now: clock.now)
        dirty = true
    }

    /// A selection runs the on-select command, if any — never waited for here.
    func runOnSelect(_ path: PhotoPath, index: Int) {
        daemon.onSelect?.run(path: path.bytes, uri: path.uri, index: index)
    }
}

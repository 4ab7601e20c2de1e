// What reaches the loop: window events (input, resizes, wake-ups from other threads), and the
// work that is due by the clock rather than by an event.

import Foundation
import Screen

extension ViewerSession {
    func handle(_ event: ScreenEvent) {
        // A finger or button landing changes nothing on screen by itself (a fling it stops
        // stays where it was drawn); a frame for it would only hold the lift back, and on a slow
        // screen a tap whose lift is read a long frame later is no tap.
        if case .input(.pointerDown) = event {} else { dirty = true }
        switch event {
        case .input, .key:
            idle.noteInput(now: ProcessClock.now())
            // Input that wakes the screen does only that (ScreenController).
            guard screen.admits(event, now: ProcessClock.now()) else { tickScreen(at: ProcessClock.now()); return }
        default: break
        }
        switch event {
        case .quit:
            running = false
        case .wake:
            waker.acknowledge()
            while let outcome = scan?.take() { finishScan(outcome) }
            // At once, not after the next paced frame: a control request is answered in well
            // under a millisecond rather than up to a refresh later.
            takeDaemonWork()
        case .resized:
            let size = window.size
            wall.view.setViewportSize(size)
            detail?.resize(size)
            slideshow?.resize(size)
        case .exposed:
            windowVisible = true
            redrawDarkScreen()
        case .hidden:
            windowVisible = false
        case .input(let input):
            if let slideshow {
                slideshow.handle(input)
            } else if let detail {
                detail.handle(input, pointer: window.pointerLocation())
            } else {
                wall.view.handle(input)
            }
        case .key(let press):
            if overlayTakes(press) { break }
            if let command = keys.command(for: press, in: mode), !press.isRepeat || command.repeats {
                perform(command, from: .key)
            }
        }
    }

    /// Work that is due by the clock rather than by an event: the kiosk's idle behaviour,
    /// the screen's schedule and the daemon's watchdog.
    func tick(at now: Double) {
        daemon.feedWatchdog(at: now)
        tickScreen(at: now)
        // Nobody sees a dark wall drift or a photo close; a dark frame decodes nothing.
        guard screen.isOn else { return }
        if windowVisible, detail?.advanceAnimation(to: now) == true { dirty = true }
        tickSlideshow(at: now)
        // The photo frame is what an idle kiosk is for: no attract drift or close under it.
        guard slideshow == nil else { return }
        let scroll = wall.view.scroll
        switch idle.step(now: now, detailOpen: detail != nil, offset: scroll.offset, maxOffset: scroll.maxOffset,
                         gliding: scroll.isAnimating) {
        case .none: break
        case .closeDetail:
            log.info("photo closed after \(Int(options.detailTimeout)) s without input")
            closeDetail()
        case .drift(let y): wall.view.scrollTo(offset: y)
        case .glideToTop: wall.view.scrollTo(offset: 0, animated: true)
        }
    }
}

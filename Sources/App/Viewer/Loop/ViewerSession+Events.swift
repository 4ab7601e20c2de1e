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
        case .input, .key, .secondaryClick:
            idle.noteInput(now: clock.now)
            if places?.pending != nil, event.movesThePlace { places?.pending = nil }
            // Input that wakes the screen does only that (ScreenController).
            guard screen.admits(event, now: clock.now) else { tickScreen(at: clock.now); return }
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
            fitRotation()
            resizeScreens()
        case .exposed:
            windowVisible = true
            redrawDarkScreen()
        case .hidden:
            windowVisible = false
        case .displayChanged:
            displayChanged()
        case .edgeHovered(let near):
            if stack.isAtBottom { wall.edgeHovered(near) }
        case .bottomHovered(let near):
            (stack.top as? DetailScreen)?.bottomHovered(near)
        case .input(let input):
            stack.top.handle(input)
        case .secondaryClick(let point):
            // The info panel about the tile clicked (the cursor goes there), or about the photo
            // open; a second click on the same photo closes it, as `i` does.
            let before = stack.isAtBottom ? wall.cursor : nil
            if stack.isAtBottom, let index = wall.tile(at: point) { wall.cursor = index }
            if overlay.shown == .info, !stack.isAtBottom || wall.cursor == before {
                overlay.toggle(.info, over: stack.top)
            } else {
                overlay.show(.info, over: stack.top)
            }
        case .key(let press):
            if overlay.takes(press) || stack.top.takes(press) { break }
            if let command = keys.command(for: press, in: stack.top.mode), !press.isRepeat || command.repeats {
                perform(command, from: .key)
            }
        }
    }

    /// Work that is due by the clock rather than by an event: the top screen's own (the
    /// slideshow's timer, an animation), the kiosk's idle behaviour, the screen's schedule and
    /// the daemon's watchdog. What the clock asks for is a command, performed as a key's is.
    func tick(at now: Double) {
        daemon.feedWatchdog(at: ProcessClock.now())
        tickScreen(at: now)
        if let shown = message, now >= shown.until {
            message = nil
            dirty = true
            daemon.mqttStatesDue = true
        }
        if let shown = notice, now >= shown.until {
            notice = nil
            dirty = true
        }
        // Nobody sees a dark or missing wall drift or a photo close; a dark frame decodes nothing.
        guard showing else { return }
        if stack.top.tick(at: now) { dirty = true }
        if slideshowAtStart, !scanning, !wall.entries.isEmpty {
            slideshowAtStart = false
            perform(.slideshow(.start), from: .timer)
        } else if stack.top.whenIdle == .attract, let after = options.slideshow.after, now - idle.lastInput >= after {
            log.info("slideshow after \(Int(after / 60)) min without input")
            perform(.slideshow(.start), from: .timer)
        }
        let role = stack.top.whenIdle
        // The photo frame is what an idle kiosk is for: no attract drift or close under it.
        guard role != .stays else { return }
        let scroll = wall.view.scroll
        let action = idle.step(now: now, detailOpen: role == .closes, offset: scroll.offset, maxOffset: scroll.maxOffset,
                               gliding: scroll.isAnimating)
        if action == .closeDetail { log.info("photo closed after \(Int(options.detailTimeout)) s without input") }
        if let command = action.command { perform(command, from: .timer) }
    }

    /// When the idle logic next needs the loop: the drift, a photo's time-out, the slideshow.
    var idleDeadline: Double {
        switch stack.top.whenIdle {
        case .stays: return .infinity
        case .closes: return idle.nextDeadline(detailOpen: true)
        case .attract:
            let slideshow = options.slideshow.after.map { idle.lastInput + $0 } ?? .infinity
            return min(idle.nextDeadline(detailOpen: false), slideshow)
        }
    }
}

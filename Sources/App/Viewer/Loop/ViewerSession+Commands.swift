// The one place a Command is carried out, whichever way it came: a key (KeyBindings), a gesture,
// the control socket, or the clock (the slideshow's timer, the kiosk's idle drift). The session
// keeps what is session-wide; everything else goes down the stack of screens from the top. The
// socket's requests are answered here on the frame loop, the only thread that may touch the
// screens, and so is `get-state`.

import Control
import Photos
import Screen
import Waterfall

extension ViewerSession {
    @discardableResult
    func perform(_ asked: Command, from origin: CommandOrigin = .control) -> Result<JSONValue, ControlError> {
        let command: Command
        switch admitted(asked, from: origin) {
        case .success(let allowed): command = allowed
        case .failure(let refusal): return .failure(refusal)
        }
        if !command.isQuery, origin != .timer {
            // A program driving the wall counts as someone using it: the attract drift stops.
            idle.noteInput(now: clock.now)
        }
        if !command.isQuery {
            dirty = true
            daemon.mqttStatesDue = true
        }
        switch command {
        case .getState: return .success(state)
        case .getStats: return .success(health.json)
        case .toggleHelp: overlay.toggle(.help, over: stack.top)
        case .toggleInfo: overlay.toggle(.info, over: stack.top)
        case .toggleStats: statsPanel.shown.toggle()
        case .toggleFullscreen: window.setFullscreen(!window.isFullscreen)
        case .reload: if !scanning { rescan() }
        case .quit:
            // A kiosk's keyboard may not end it unless allowed; its owner's socket may.
            if origin == .key, !options.quitKeys { log.debug("quit key ignored (kiosk)") } else { running = false }
        case .screen(let request): performScreen(request)
        case .sort(let request): performSort(request)
        case .trash, .trashShown, .restore, .rotate, .transfer, .copyPath, .run:
            let result = performFileAction(command, from: origin)
            // A program has the reply; a person pressing a key has only the screen.
            if origin == .key || origin == .touch, case .failure(let refusal) = result { notify(refusal.message, isError: true) }
            return result
        case .message(let text): message = text.map { ScreenMessage($0, now: clock.now) }
        case .slideshowInterval(let seconds): adoptSlideshow { $0.interval = seconds }
        case .transition(let transition): adoptSlideshow { $0.transition = SlideshowSettings.Transition(rawValue: transition.rawValue) ?? .fade }
        case .brightness(let percent): return performBrightness(percent)
        case .folder(let folder): return performFolder(folder)
        case let .immich(request, path): return performImmich(request, path: path, from: origin)
        default:
            return stack.perform(command, from: origin) { dismiss($0) }
        }
        return .success(.null)
    }

    /// Orders the wall anew at once (the photos in hand, no file read), then walks the folders
    /// again in that order with those headers, so that the watcher's edits, the next start and
    /// the index follow it.
    private func performSort(_ request: SortRequest) {
        let order: Photos.SortOrder = switch request.key {
        case .name: .name
        case .date: .date
        case .mtime: .mtime
        case .size: .size
        case .random: if case .random(let seed) = options.order { .random(seed: seed) } else { .random(seed: 1) }
        }
        options.order = order
        options.reversed = request.descending
        // An explicit order replaces the event wall's newest-first.
        options.newestFirst = false
        let started = ProcessClock.now()
        wall.reorder(order, reversed: request.descending)
        log.debug("sorted \(wall.entries.count) photos by \(request.key.rawValue) in \(Int(((ProcessClock.now() - started) * 1000).rounded())) ms")
        for screen in stack.screens.dropFirst() { screen.photosChanged(wall.entries, by: .viewer) }
        if scanning { daemon.owePendingRescan() } else { rescan(known: wall.entries) }
    }

    /// The slideshow's settings changed: the next one started has them, the running one takes them.
    private func adoptSlideshow(_ change: (inout SlideshowSettings) -> Void) {
        change(&options.slideshow)
        for case let slideshow as SlideshowScreen in stack.screens { slideshow.adopt(options.slideshow) }
    }

    /// Answers every request waiting in the socket's mailbox.
    func answerControlRequests() {
        guard let control = daemon.control else { return }
        for request in control.takeRequests() {
            answering = request
            let result = perform(request.command, from: .control)
            // An action that answers later (`rotate`) took the request.
            let held = answering == nil
            answering = nil
            if held, case .success = result { continue }
            control.reply(to: request, result)
        }
    }

    /// `get-state`: every screen's fields, bottom up (a screen above replaces a field of the
    /// same name: the photo's "mode"), then the session's own.
    var state: JSONValue {
        var fields: [(String, JSONValue)] = []
        for screen in stack.screens {
            for (name, value) in screen.stateFields {
                if let at = fields.firstIndex(where: { $0.0 == name }) { fields[at].1 = value } else { fields.append((name, value)) }
            }
        }
        return .object(fields + [("overlay", overlay.state(over: stack.top, keys: keys, marks: wall.marks, scale: window.renderer.scale))] + screenState + displayState + rotationState
                       + [("scale", .double(window.renderer.scale)),
                          ("message", message.map { .string($0.text) } ?? .null),
                          ("notice", notice?.json ?? .null),
                          ("slideshowInterval", .double(options.slideshow.interval)),
                          ("transition", .string(options.slideshow.transition.rawValue))] + brightnessState + folderState)
    }
}

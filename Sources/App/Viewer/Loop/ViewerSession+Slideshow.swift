// The photo-frame mode over the wall: started by `--slideshow`, the S key, the `slideshow`
// command or, in a kiosk, after `--slideshow-after` minutes without input; a tap beside the
// photo or Esc returns to the wall at the photo shown.

import Control
import Photos
import Screen
import Waterfall

extension ViewerSession {
    func performSlideshow(_ request: SlideshowRequest) -> Result<JSONValue, ControlError> {
        let now = ProcessClock.now()
        switch request {
        case .start: startSlideshow()
        case .stop: stopSlideshow()
        case .next, .previous, .pause, .resume, .togglePause:
            guard let slideshow else { return .failure(ControlError("no slideshow is running (slideshow start)")) }
            switch request {
            case .next: slideshow.next()
            case .previous: slideshow.back()
            case .pause: slideshow.pause(true, at: now)
            case .resume: slideshow.pause(false, at: now)
            default: slideshow.pause(!slideshow.isPaused, at: now)
            }
        }
        return .success(.null)
    }

    func startSlideshow() {
        guard slideshow == nil else { return }
        if detail != nil { closeDetail() }
        let settings = options.slideshow
        let playlist = SlideshowPlaylist(entries: wall.entries, settings: settings, roots: scanPaths,
                                         indexFile: options.photoIndexFile, log: log)
        let screen = SlideshowScreen(drawer: drawer, playlist: playlist, settings: settings, viewportSize: window.size,
                                     decodes: decodes, source: wall.source, log: log)
        screen.onCommand = { [unowned self] command in perform(command, from: .touch) }
        screen.onShown = { [unowned self] entries, round, position, size in
            for (i, entry) in entries.enumerated() {
                let index = wall.entries.firstIndex { $0.path == entry.path }
                emit(.shown(index: index, path: entry.path, round: round, position: position + i, roundSize: size))
            }
            window.setTitle("cascade — " + entries.map(\.name).joined(separator: " · "))
        }
        slideshow = screen
        log.info("slideshow: \(playlist.roundSize) photos, order \(settings.order.rawValue), every \(settings.interval) s")
    }

    /// Back to the wall, at the photo shown.
    func stopSlideshow() {
        guard let slideshow else { return }
        let shown = slideshow.shown.first
        slideshow.close()
        self.slideshow = nil
        window.setTitle(title)
        if let shown, let index = wall.entries.firstIndex(where: { $0.path == shown.path }) {
            wall.cursor = index
            wall.view.scrollToCell(at: index, position: .visible)
        }
    }

    /// The slideshow's own clock work, and the kiosk's hand-over to it after a quiet spell.
    func tickSlideshow(at now: Double) {
        if let slideshow {
            if slideshow.tick(at: now) { dirty = true }
        } else if slideshowAtStart, !scanning, !wall.entries.isEmpty {
            slideshowAtStart = false
            startSlideshow()
        } else if let after = options.slideshow.after, detail == nil, now - idle.lastInput >= after {
            log.info("slideshow after \(Int(after / 60)) min without input")
            startSlideshow()
        }
    }

    var slideshowDeadline: Double {
        if let slideshow { return slideshow.nextDeadline }
        guard let after = options.slideshow.after, detail == nil else { return .infinity }
        return idle.lastInput + after
    }

    /// get-state's fields while the slideshow runs.
    var slideshowState: [(String, JSONValue)] {
        guard let slideshow else { return [] }
        let shown = slideshow.shown.map { entry -> JSONValue in
            .object([("index", wall.entries.firstIndex { $0.path == entry.path }.map { .int($0) } ?? .null),
                     ("path", .string(entry.path.string)), ("uri", .string(entry.path.uri))])
        }
        return [("slideshow", .object([("shown", .array(shown)), ("paused", .bool(slideshow.isPaused)),
                                       ("roundSize", .int(slideshow.roundSize)), ("position", .int(slideshow.position + 1)),
                                       ("nextReady", .bool(slideshow.nextReady)),
                                       ("caption", .array(slideshow.caption.map { .string($0) }))]))]
    }
}

// When the open photo's filmstrip shows and what reaches it: always (`--filmstrip`, the photo
// above it), on its key, or while the mouse is near the window's bottom edge (both over the
// photo). A press on it is its own until it lifts; the photo's zoom and pan never touch it.

import Control
import Screen
import Waterfall

extension DetailScreen {
    /// How long a strip shown by hovering stays after the mouse left the bottom band.
    static let filmstripLingers = 1.0

    /// The photo's part of a window of `size`: all of it, but for a strip shown always.
    static func photoArea(in size: Size, filmstrip: Bool) -> Size {
        filmstrip ? Size(width: size.width, height: max(1, size.height - Filmstrip.height(in: size))) : size
    }

    func filmstripShown(at now: Double) -> Bool {
        filmstripAlways || filmstripByKey || filmstripHovered || now < filmstripLingersUntil
    }

    /// The strip, made on first use: a photo opened and closed without it costs nothing.
    func shownFilmstrip() -> Filmstrip {
        if let filmstrip { return filmstrip }
        let made = Filmstrip(drawer: drawer, entries: entries, current: index, windowSize: windowSize,
                             source: source, decodes: decodes) { [unowned self] job in key(job) }
        made.view.columnLimits = 1...1
        made.onPick = { [unowned self] i in show(i) }
        filmstrip = made
        return made
    }

    /// The renderer was made anew and its textures with it: the strip's thumbnails are asked for
    /// again, as the wall's tiles are.
    func rendererRecreated(size: Size) {
        resize(size)
        filmstrip?.show(entries, current: index)
    }

    func toggleFilmstrip() {
        filmstripByKey.toggle()
        // Hidden by the key, it goes now, not after a hover's linger.
        if !filmstripByKey { filmstripLingersUntil = -.infinity }
    }

    /// The mouse came into the window's bottom band (true) or left it.
    func bottomHovered(_ near: Bool) {
        if filmstripHovered, !near { filmstripLingersUntil = clock.now + Self.filmstripLingers }
        filmstripHovered = near
    }

    /// True once, when a strip the mouse left is due to go: a frame without it is owed.
    func filmstripLingerEnded(at now: Double) -> Bool {
        guard filmstripLingersUntil > -.infinity, now >= filmstripLingersUntil else { return false }
        filmstripLingersUntil = -.infinity
        return true
    }

    /// When a strip left by the mouse goes, for the loop's sleep.
    var filmstripDeadline: Double { filmstripLingersUntil > clock.now ? filmstripLingersUntil : .infinity }

    /// Hands `event` to the strip when it is for it: a press on it and the rest of that press,
    /// a plain wheel over it. True when the strip took it.
    func passToFilmstrip(_ event: InputEvent, pointer: Point?) -> Bool {
        guard filmstripShown(at: clock.now) else {
            pointerOnStrip = false
            return false
        }
        let strip = shownFilmstrip()
        switch event {
        case .pointerDown(_, let point, _):
            if !pointerOnStrip { pointerOnStrip = strip.frame.contains(point) }
        case .wheel(_, _, let zoom, let at, _):
            // Ctrl+wheel over the strip zooms the photo as anywhere: the strip has one row.
            guard !zoom, let at = at ?? pointer, strip.frame.contains(at) else { return false }
            strip.handle(event)
            return true
        case .pointerMoved, .pointerUp, .pointerCancelled:
            break
        }
        guard pointerOnStrip else { return false }
        strip.handle(event)
        switch event {
        case .pointerUp, .pointerCancelled: pointerOnStrip = false
        default: break
        }
        return true
    }

    /// get-state's `filmstrip`: whether it shows, the photo it rings (the one open), and the
    /// thumbnails drawn with their rects in the window (none while hidden).
    var filmstripState: JSONValue {
        let shown = filmstripShown(at: clock.now)
        let thumbnails: [JSONValue] = shown ? (filmstrip?.visible ?? []).map { item in
            .object([("index", .int(item.index)), ("screen", .rect(item.rect))])
        } : []
        return .object([("shown", .bool(shown)), ("always", .bool(filmstripAlways)), ("current", .int(index)),
                        ("visible", .array(thumbnails))])
    }
}

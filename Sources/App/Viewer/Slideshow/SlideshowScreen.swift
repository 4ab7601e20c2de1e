// The photo frame: one photo at a time (two portraits side by side on a landscape screen, laid out
// as one picture), fit to the screen and decoded at its size by the workers, the next slide decoded
// while this one shows, a crossfade into each, timed by the clock (SlideshowTiming). A slide
// changes when it is due and its pixels are in, so a slow decode delays a change and never flashes
// a grey box. Where the photos leave bars, a blurred copy of them fills the bars (SlideMat); a
// panorama under `--transition pan` pans across at full height (SlideLayout).

import Control
import Foundation
import Logging
import Photos
import Screen
import Waterfall
import Kiosk

@MainActor
final class SlideshowScreen: ViewerScreen {
    typealias Decodes = ViewerDecodes

    let id = ScreenID.next()
    weak var host: (any ScreenHost)?
    var mode: ViewerMode { .slideshow }
    var whenIdle: IdleRole { .stays }
    var title: String? { current.map { "cascade — " + $0.entries.map(\.name).joined(separator: " · ") } }
    let clock: any SceneClock

    /// One slide: its photos and, as each decode lands, its picture (or why there is none).
    @MainActor
    private final class Slide {
        let serial: Int
        let entries: [PhotoEntry]
        var pictures: [Int: TileTexture] = [:]
        var failures: [Int: String] = [:]
        /// The blurred mats beside the photos, by photo, where the slide has any.
        var mats: [Int: TileTexture] = [:]
        let exif = SlideExif()
        let matPixels = SlideMats()
        init(serial: Int, entries: [PhotoEntry]) { self.serial = serial; self.entries = entries }
        var isReady: Bool { pictures.count + failures.count == entries.count }
        func destroy() { for texture in Array(pictures.values) + Array(mats.values) { texture.destroy() } }
    }

    let drawer: TileDrawer
    private(set) var settings: SlideshowSettings
    private var localClock: LocalClock
    private let playlist: SlideshowPlaylist
    private let decodes: Decodes
    private let source: TileSource
    private let log: Logger
    private var viewportSize: Size
    private(set) var timing: SlideshowTiming
    private var current: Slide?, previous: Slide?, upcoming: Slide?
    private var serial = 0
    /// A step asked for (a key, a swipe) before the next slide's pixels were in.
    private var stepWanted = false
    /// Paused because the screen is off, not by hand.
    private var pausedForDark = false
    private var touch = HeldTouch()
    private var swipe = 0.0

    /// A new interval or transition while it runs (`slideshow-interval`, `transition`): the
    /// slide on screen keeps its start, so the next comes the new interval after it.
    func adopt(_ new: SlideshowSettings) {
        if new.clockFormat != settings.clockFormat { localClock = LocalClock(configured: new.clockFormat) }
        // The slide decoded ahead was sized for the old layout (a panorama as a strip, or at full
        // height for its pan) and matted or not as the old setting said: it is decoded again.
        let redecode = new.transition != settings.transition || new.mat != settings.mat
        settings = new
        timing.interval = new.timing.interval
        timing.transition = new.timing.transition
        if redecode {
            playlist.unstep(upcoming?.entries.count ?? 0)
            drop(&upcoming)
            // During a fade the tick decodes it once the fade is over.
            if !timing.isFading(at: clock.now) { prepareUpcoming() }
        }
    }

    /// A slide began to show: its photos, the round's size and the place of its first photo.
    var onShown: (([PhotoEntry], _ round: Int, _ position: Int, _ roundSize: Int) -> Void)?
    /// A photo's place on the wall beneath, for `get-state`.
    var wallIndex: ((PhotoPath) -> Int?)?
    /// It left the stack (Esc, a tap beside the photo), not at exit.
    var onDismissed: (() -> Void)?

    init(drawer: TileDrawer, playlist: SlideshowPlaylist, settings: SlideshowSettings, viewportSize: Size,
         decodes: Decodes, source: TileSource, log: Logger, clock: any SceneClock = SystemClock()) {
        self.clock = clock
        self.drawer = drawer
        self.playlist = playlist
        self.settings = settings
        localClock = LocalClock(configured: settings.clockFormat)
        self.viewportSize = viewportSize
        self.decodes = decodes
        self.source = source
        self.log = log
        timing = settings.timing
        prepareUpcoming()
    }

    /// The photos on screen.
    var shown: [PhotoEntry] { current?.entries ?? [] }
    var isPaused: Bool { timing.isPaused }
    var roundSize: Int { playlist.roundSize }
    var position: Int { playlist.position - (upcoming?.entries.count ?? 0) }
    /// Whether the next slide's pixels are in, so a step now changes the screen at once.
    var nextReady: Bool { upcoming?.isReady ?? false }

    func needsFrame(at now: Double) -> Bool {
        timing.isFading(at: now) || (settings.transition == .pan && !timing.isPaused && current != nil) || swipe != 0
    }

    /// When the loop must wake for the next change (or the caption's clock for the next minute).
    func nextDeadline(after now: Double) -> Double {
        guard current != nil else { return .infinity }
        return min(slideDeadline(after: now), touch.due)
    }

    private func slideDeadline(after now: Double) -> Double {
        let due: Double
        if let upcoming {
            // A slide due before its pixels are in changes when its decode wakes the loop: a
            // deadline already past would have the loop wake, find nothing to do and wake
            // again, spinning a core the decode needs (on a slow frame, for most of a slide).
            due = upcoming.isReady ? timing.nextDue : .infinity
        } else {
            // The fade's end, when the next slide's decode is due to start. Past it, the tick
            // has already asked for one: none (the library emptied) is nothing to wake for.
            due = now < timing.fadeEnd ? timing.fadeEnd : .infinity
        }
        guard settings.captions.contains(.clock) else { return due }
        let wall = clock.date.timeIntervalSince1970
        return min(due, clock.now + 60 - wall.truncatingRemainder(dividingBy: 60) + 0.05)
    }
    /// The clock's minute last drawn.
    private var clockDrawn = ""

    // MARK: Stepping

    /// Changes the slide when it is due (or asked for) and the next one's pixels are in; true
    /// when the screen must be drawn again (a new slide, or the caption's clock moved on).
    func tick(at now: Double) -> Bool {
        let held = touch.tick(at: now) { apply($0) }
        return step(at: now) || held
    }

    private func step(at now: Double) -> Bool {
        // The next slide is decoded once this one's fade is over: on two cores a decode beside
        // the fade's blending made frames late.
        if upcoming == nil, !timing.isFading(at: now) { prepareUpcoming() }
        let clockMoved = settings.captions.contains(.clock) && localClock.string(at: clock.date) != clockDrawn
        // The timer's step is a command like a key's, performed in the one place commands are.
        if let upcoming, upcoming.isReady, current != nil, !stepWanted, timing.isDue(at: now) {
            issue(.slideshow(.next), from: .timer)
        }
        guard let upcoming, upcoming.isReady, current == nil || stepWanted else { return clockMoved }
        previous?.destroy()
        previous = current
        current = upcoming
        self.upcoming = nil
        stepWanted = false
        timing.shown(at: now)
        playlist.save(ahead: 0)
        onShown?(upcoming.entries, playlist.roundNumber, playlist.position - upcoming.entries.count + 2, playlist.roundSize)
        host?.titleChanged()
        if timing.transition == 0 { prepareUpcoming() }
        return true
    }

    func next() { stepWanted = true }

    /// The photo before the one on screen, shown at once when it is in.
    func back() {
        let ahead = upcoming?.entries.count ?? 0, onScreen = current?.entries.count ?? 0
        guard playlist.back(ahead + onScreen) else { return }
        drop(&upcoming)
        upcoming = makeSlide(playlist.current.map { [$0] } ?? [])
        stepWanted = true
    }

    func pause(_ on: Bool, at now: Double) {
        pausedForDark = false
        if on { timing.pause(at: now) } else { timing.resume(at: now) }
    }

    /// The screen went dark or lit: nobody sees a dark frame, so the slide's time stops and
    /// goes on at wake with what it had left; a pause asked for by hand stays.
    func screenPower(on: Bool, at now: Double) {
        if !on, !timing.isPaused {
            timing.pause(at: now)
            pausedForDark = true
        } else if on, pausedForDark {
            timing.resume(at: now)
            pausedForDark = false
        }
    }

    /// The library changed: the round takes arrivals and loses removals; the slide decoded
    /// ahead is chosen again if one of its photos is gone or changed. A photo on screen that
    /// left the folder gives way to the next slide, even while paused: a photo taken off a
    /// frame should not stay on it.
    func update(_ entries: [PhotoEntry]) {
        let present = Dictionary(entries.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        // A slide ahead whose photos are all still there, unchanged, stays — decoded or on its way.
        // Chosen again at every change, it would never be ready on a folder that takes a photo
        // every few seconds (an event's camera, a sync) while a decode takes longer than that.
        if let slide = upcoming, slide.entries.allSatisfy({ present[$0.path] == $0 }) {
            playlist.update(entries)
        } else {
            playlist.unstep(upcoming?.entries.count ?? 0)
            drop(&upcoming)
            playlist.update(entries)
            prepareUpcoming()
        }
        if let shown = current, !shown.entries.allSatisfy({ present[$0.path] != nil }) { stepWanted = true }
    }

    func resize(_ size: Size) {
        viewportSize = size
        // The next slide is decoded again for the new size; the one on screen is stretched.
        playlist.unstep(upcoming?.entries.count ?? 0)
        drop(&upcoming)
        prepareUpcoming()
    }

    /// The window was made again and the slides' textures are gone: the slide on screen is
    /// decoded again for the new size and shown as soon as it is in, as `back` shows one.
    func rendererRecreated(size: Size) {
        viewportSize = size
        playlist.unstep(upcoming?.entries.count ?? 0)
        drop(&upcoming)
        previous?.destroy(); previous = nil
        guard let shown = current?.entries else { return prepareUpcoming() }
        upcoming = makeSlide(shown)
        stepWanted = true
    }

    func close() {
        drop(&upcoming)
        current?.destroy(); current = nil
        previous?.destroy(); previous = nil
    }

    private func prepareUpcoming() {
        guard upcoming == nil else { return }
        let landscape = viewportSize.width > viewportSize.height
        upcoming = makeSlide(playlist.next(pairing: settings.pairPortraits && landscape))
    }

    private func makeSlide(_ entries: [PhotoEntry]) -> Slide? {
        guard !entries.isEmpty else { return nil }
        serial += 1
        let slide = Slide(serial: serial, entries: entries)
        let source = self.source, exif = slide.exif
        // Flattened onto the background, so every texture is opaque; and, where the drawing is
        // done on the CPU, a small photo is enlarged once here rather than stretched on every
        // frame of its fades (the software renderer's scaling path is several times slower).
        let matte = Matte(DetailScreen.background), enlarging = drawer.renderer.isSoftware
        let wantsExif = settings.captions.contains(.date) || settings.captions.contains(.place)
        let wantsPlace = settings.captions.contains(.place)
        let frames = frames(of: entries)
        let matted = settings.mat == .blur && !SlideLayout.bars(frames, in: viewportSize).isEmpty
        let matAreas = SlideLayout.matAreas(frames, in: viewportSize), mats = slide.matPixels
        for (i, entry) in entries.enumerated() {
            // At most the largest texture: beyond it the slide is drawn scaled up.
            let box = drawer.renderer.textureFit(PixelRect(snapping: Rect(origin: .zero, size: frames[i].size),
                                                           scale: drawer.renderer.scale).size)
            let matBox = matted ? drawer.renderer.textureFit(PixelRect(snapping: matAreas[i], scale: drawer.renderer.scale).size) : nil
            decodes.submit(key: key(.slide(serial, i)), generation: UInt64(serial), priority: -900 + Double(i)) { () throws(TileFailure) in
                if wantsExif, let details = try? PhotoDetails.read(entry.path) {
                    exif.set(wantsPlace ? PlaceNames.named(details.exif) : details.exif, at: i)
                }
                var image = try source.photo(for: entry, fitting: box).get()
                image.flatten(onto: matte)
                if let matBox { mats.set(SlideMat.make(from: image, size: matBox), at: i) }
                return enlarging ? image.enlarged(toFill: box) : image
            }
        }
        return slide
    }

    private func drop(_ slide: inout Slide?) {
        guard let dropped = slide else { return }
        for i in dropped.entries.indices { decodes.cancel(key: key(.slide(dropped.serial, i))) }
        dropped.destroy()
        slide = nil
    }

    func accept(_ finished: Decodes.Finished, now: Double) {
        guard case let .slide(number, i) = finished.key.job else { return }
        guard let slide = [upcoming, current].compactMap({ $0 }).first(where: { $0.serial == number }) else { return }
        switch finished.result {
        case .success(let image):
            do {
                let texture = try TileTexture(renderer: drawer.renderer, capacity: PixelSize(width: image.width, height: image.height),
                                              opaque: true)
                try texture.fill(with: image)
                slide.pictures[i] = texture
                if let mat = slide.matPixels.take(at: i) {
                    let matTexture = try TileTexture(renderer: drawer.renderer, capacity: PixelSize(width: mat.width, height: mat.height),
                                                     opaque: true)
                    try matTexture.fill(with: mat)
                    slide.mats[i] = matTexture
                }
            } catch {
                slide.failures[i] = "\(error)"
            }
        case .failure(let failure):
            slide.failures[i] = failure.reason
            log.warning("cannot show \(slide.entries[i].path): \(failure.reason)")
        }
    }

    // MARK: Input

    func handle(_ event: InputEvent) {
        touch.handle(event, now: host?.clock.now) { apply($0) }
    }

    private func apply(_ gesture: Gesture) {
        switch gesture {
        case .tap(let point):
            issue(covers(point) ? .slideshow(.togglePause) : .slideshow(.stop))
        case .longPress(let point):
            // A finger held on a photo from Immich stars it there; on any other, nothing.
            guard let current, let i = frames(of: current.entries).firstIndex(where: { $0.contains(point) }) else { return }
            issue(.immich(.favorite, path: current.entries[i].path.string))
        case .dragMoved(let delta, _):
            swipe += delta.x
        case .dragEnded(let velocity):
            defer { swipe = 0 }
            let far = abs(swipe) > viewportSize.width * 0.15, fast = abs(velocity.x) > 600 && abs(swipe) > 20
            if far || fast { issue(.slideshow(swipe < 0 ? .next : .previous)) }
        default:
            break
        }
    }

    /// Whether a point is on the slide rather than on the bars beside it. A pair counts as one
    /// picture: the middle of the screen, between its two photos, is where people tap to pause.
    private func covers(_ point: Point) -> Bool {
        guard let current else { return true }
        return frames(of: current.entries).reduce(Rect.zero) { $0.union($1) }.contains(point)
    }

    // MARK: Drawing

    /// Where a slide's photos go at the start of its time: one photo fit to the screen, a pair
    /// as one picture; a panorama under the pan at full height, at its left end.
    func frames(of entries: [PhotoEntry]) -> [Rect] {
        if let size = panorama(entries) { return [SlideLayout.pan(size, on: viewportSize, travel: 0)] }
        return SlideLayout.frames(entries.map(WallPlan.displayedSize), in: viewportSize)
    }

    /// The photo's size as shown, when the slide is a panorama that pans across the screen.
    private func panorama(_ entries: [PhotoEntry]) -> Size? {
        guard settings.transition == .pan, entries.count == 1, let entry = entries.first else { return nil }
        let size = WallPlan.displayedSize(entry)
        return SlideLayout.isPanorama(size, on: viewportSize) ? size : nil
    }

    func draw(now: Double) {
        drawer.renderer.clear(DetailScreen.background)
        let fade = timing.fade(at: now)
        if fade >= 1, let previous { previous.destroy(); self.previous = nil }
        let new = current.map { placements(of: $0, travel: timing.travel(at: now)) } ?? []
        if let previous {
            // The old slide is copied as it is (the software renderer's plain copy) and the new
            // one blended over it: one blend per pixel, not two. Where the old one shows past
            // the new (its photos and mats), the background is blended back over it, so its
            // edges fade too.
            let old = placements(of: previous, travel: 1)
            draw(previous, at: old, opacity: 1)
            let newCover = new.map(\.rect) + matPieces(of: current, at: new).map(\.part)
            let oldCover = old.map(\.rect) + matPieces(of: previous, at: old).map(\.part)
            let uncovered = newCover.reduce(oldCover) { strips, cover in strips.flatMap { $0.subtracting(cover) } }
            let veil = DetailScreen.background
            for strip in uncovered {
                drawer.fill(strip, color: ScreenColor(red: veil.red, green: veil.green, blue: veil.blue, alpha: UInt8((fade * 255).rounded())))
            }
        }
        if let current {
            draw(current, at: new, opacity: fade)
            drawCaption()
        } else {
            drawer.drawPanel(["starting the slideshow…"], placement: .centre)
        }
        if timing.isPaused { drawer.drawPanel(["paused"], placement: .topRight) }
    }

    /// Where each photo of a slide is drawn, `travel` of the way through its pan: a panorama
    /// across the screen, other photos the Ken Burns move, a pair as one picture.
    private func placements(of slide: Slide, travel: Double) -> [(index: Int, rect: Rect)] {
        var rects = frames(of: slide.entries)
        if settings.transition == .pan, !slide.pictures.isEmpty {
            if let size = panorama(slide.entries) {
                rects = [SlideLayout.pan(size, on: viewportSize, travel: travel)]
            } else {
                rects = SlideLayout.kenBurns(rects, travel: travel)
            }
        }
        return rects.enumerated().map { i, rect in (i, rect.offsetBy(dx: swipe, dy: 0)) }
    }

    /// Where a slide's mats are drawn: the bars its photos leave, each bar from the mat of the
    /// photo beside it.
    private func matPieces(of slide: Slide?, at placements: [(index: Int, rect: Rect)]) -> [(mat: TileTexture, area: Rect, part: Rect)] {
        guard let slide, !slide.mats.isEmpty else { return [] }
        let rects = placements.map(\.rect)
        let screen = Rect(origin: .zero, size: viewportSize)
        // The areas the mats were made for, so a Ken Burns move never stretches them.
        let areas = SlideLayout.matAreas(frames(of: slide.entries), in: viewportSize).map { $0.offsetBy(dx: swipe, dy: 0) }
        return SlideLayout.bars(rects, in: viewportSize).flatMap { bar in
            areas.enumerated().compactMap { i, area -> (mat: TileTexture, area: Rect, part: Rect)? in
                guard let mat = slide.mats[i], let part = bar.intersection(area)?.intersection(screen) else { return nil }
                return (mat, area, part)
            }
        }
    }

    private func draw(_ slide: Slide, at placements: [(index: Int, rect: Rect)], opacity: Double) {
        for piece in matPieces(of: slide, at: placements) {
            drawer.drawImage(piece.mat, over: piece.area, onlyIn: piece.part, opacity: opacity)
        }
        for (i, rect) in placements {
            if let picture = slide.pictures[i] {
                drawer.drawImage(picture, in: rect, opacity: opacity)
            } else {
                drawer.draw(.error(reason: slide.failures[i] ?? "not decoded"), in: rect)
            }
        }
    }

    /// The caption's lines for the slide on screen (get-state tells them too).
    var caption: [String] {
        guard let current, !settings.captions.isEmpty else { return [] }
        var lines = current.entries.enumerated().map { i, entry in
            SlideCaption.line(for: entry, exif: current.exif.summary(at: i), captions: settings.captions)
        }.filter { !$0.isEmpty }
        if settings.captions.contains(.clock) { lines.append(localClock.string(at: clock.date)) }
        return lines
    }

    /// In the lower left corner, on a dark band, where faces are least often.
    private func drawCaption() {
        let lines = caption
        if settings.captions.contains(.clock) { clockDrawn = lines.last ?? "" }
        drawer.drawPanel(lines, placement: .bottomLeft)
    }
}

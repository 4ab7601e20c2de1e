// One photo fit to the window — decoded at the window's size, never at its own 24 MP — with
// its neighbours decoded ahead so stepping through is instant; zoom about the pointer or the
// fingers, pan by dragging when zoomed, swipe to the next one when not. Until the decode lands,
// the wall tile's picture is shown enlarged in the photo's place, so opening is never a grey box.

import Control
import Foundation
import Logging
import Photos
import Screen
import Waterfall

@MainActor
final class DetailScreen: ViewerScreen {
    typealias Decodes = ViewerDecodes

    let id: ScreenID
    weak var host: (any ScreenHost)?
    var mode: ViewerMode { .detail }
    var whenIdle: IdleRole { .closes }
    var title: String? { "cascade — " + entry.name }
    let clock: any SceneClock

    private enum Slot {
        case loading(generation: UInt64)
        /// `sharper`: a decode at a higher resolution for the zoom is on its way.
        case ready(TileTexture, since: Double, sharper: UInt64? = nil)
        case failed(String)

        var failure: String? { if case .failed(let reason) = self { reason } else { nil } }
    }

    let drawer: TileDrawer
    private(set) var entries: [PhotoEntry]
    private(set) var index: Int
    private(set) var viewport: PhotoViewport
    /// Until when the zoom's percentage is drawn (the loop's clock).
    private(set) var zoomShownUntil = -Double.infinity
    let decodes: Decodes
    let source: TileSource
    /// A copy of the picture the wall's tile of a photo shows (by index and path), or nil.
    private let tilePicture: ((Int, PhotoPath) -> TileTexture?)?
    /// That copy for the photo shown, drawn until its decode has faded in over it.
    private var preview: (index: Int, texture: TileTexture)?
    private let log: Logger
    private var slots: [Int: Slot] = [:]
    private var generation: UInt64 = 0
    private var touch = HeldTouch()
    private var pinchBaseZoom = 1.0
    /// Horizontal travel of a swipe in progress, drawn so the photo follows the finger.
    private var swipe = 0.0
    private var fading = false
    /// Photos whose full-size decode failed (too big for the GPU, the pixel cap): not retried.
    private var noSharper: Set<Int> = []
    /// Originals asked for and decoded, of photos whose files stand in for them (PhotoOriginals).
    private var originals = DetailOriginals()
    /// Photos shown in part (a truncated JPEG), with the reason, for the info panel.
    private var partials: [Int: String] = [:]
    /// When the view opened: the second click of a double-click must not close it again.
    private let openedAt: Double
    /// How long after opening a tap beside the photo is taken for the end of a double-click.
    var doubleClickGuard = 0.4
    private var timing: DetailTiming
    /// The photo's frames, when it is an animated GIF, WebP or JPEG XL and its still is in.
    let animation: DetailAnimation?
    /// What the last frame drawn showed of the photo, for `timing`.
    private var drawnPicture = DetailTiming.Picture.placeholder
    /// The window; the photo has all of it but for a filmstrip shown always.
    private(set) var windowSize: Size
    /// The strip of neighbours (DetailScreen+Filmstrip), made the first time it shows.
    var filmstrip: Filmstrip?
    /// `--filmstrip`: the strip always shows, under the photo rather than over it.
    let filmstripAlways: Bool
    /// Shown by its key (`filmstrip`), until the key again.
    var filmstripByKey = false
    /// The mouse is in the window's bottom band, where the strip shows while it stays.
    var filmstripHovered = false
    /// A strip the mouse left stays until then (the loop's clock), as a menu bar does.
    var filmstripLingersUntil = -Double.infinity
    /// A press that landed on the strip: its stream goes to the strip until it lifts.
    var pointerOnStrip = false

    /// The photo shown changed (next, previous, swipe).
    var onChange: ((Int) -> Void)?
    /// It left the stack (Esc, a tap beside the photo, the idle time-out), not at exit.
    var onDismissed: (() -> Void)?
    /// Whether a photo is marked (the wall keeps the marks); nil: nothing is.
    var isMarked: ((PhotoPath) -> Bool)?
    /// The wall's list it is to take once its own decode is in (`rehome`).
    var pendingHome: (entries: [PhotoEntry], index: Int)?

    static let background = ScreenColor(red: 12, green: 12, blue: 13)

    /// `tilePicture`: a copy of the wall tile's picture of photo (index, path), if the tile shows it.
    /// `animations`: where animated photos' frames are decoded; nil plays none.
    init(drawer: TileDrawer, entries: [PhotoEntry], index: Int, viewportSize: Size, decodes: Decodes,
         source: TileSource, tilePicture: ((Int, PhotoPath) -> TileTexture?)? = nil, log: Logger,
         animations: AnimationDecodes? = nil, clock: any SceneClock = SystemClock(), filmstrip: Bool = false) {
        let id = ScreenID.next()
        self.id = id
        self.clock = clock
        openedAt = clock.now
        self.drawer = drawer
        self.entries = entries
        self.index = index
        self.decodes = decodes
        self.source = source
        self.tilePicture = tilePicture
        self.log = log
        animation = animations.map { DetailAnimation(decodes: $0, source: source, renderer: drawer.renderer, log: log, for: id) }
        windowSize = viewportSize
        filmstripAlways = filmstrip
        viewport = Self.viewport(for: entries[index], size: Self.photoArea(in: viewportSize, filmstrip: filmstrip), scale: drawer.renderer.scale)
        timing = DetailTiming(index: index, askedAt: openedAt)
        request()
    }

    var entry: PhotoEntry { entries[index] }
    var needsFrame: Bool { fading || (filmstripShown(at: clock.now) && filmstrip?.needsFrame == true) }
    /// Whether photo `i`'s decode for the window is in.
    func hasDecode(_ i: Int) -> Bool { if case .ready? = slots[i] { true } else { false } }
    /// Whether the tile's picture stands in for the photo shown (or is under its fade-in).
    var showsTilePicture: Bool { preview != nil }

    // MARK: Navigation

    func show(_ newIndex: Int) {
        guard newIndex >= 0, newIndex < entries.count, newIndex != index else { return }
        index = newIndex
        swipe = 0
        timing.restart(index: newIndex, at: clock.now)
        viewport = Self.viewport(for: entries[index], size: viewport.viewport, scale: drawer.renderer.scale)
        request()
        playIfReady()
        filmstrip?.follow(newIndex)
        onChange?(index)
        host?.titleChanged()
    }

    func next() { show(index + 1) }
    func previous() { show(index - 1) }

    /// The list the photo is shown among changed (its folder arrived, a reload): the photo keeps
    /// its texture at `newIndex` of `newEntries`, its neighbours are asked for anew. Refused
    /// (false) while a decode of the photo is on its way: its key is the photo's old place.
    func adopt(_ newEntries: [PhotoEntry], index newIndex: Int) -> Bool {
        guard newEntries.indices.contains(newIndex), newEntries[newIndex].path == entry.path else { return false }
        let kept = slots[index]
        switch kept {
        case .loading?, .ready(_, _, sharper: _?)?: return false
        default: break
        }
        for (i, slot) in slots where i != index {
            if case .ready(let texture, _, _) = slot { texture.destroy() }
            decodes.cancel(key: key(.detail(i)))
        }
        slots = kept.map { [newIndex: $0] } ?? [:]
        noSharper = noSharper.contains(index) ? [newIndex] : []
        // The tile's picture under a fade-in still in progress stays under it.
        if let kept = preview, kept.index == index { preview = (newIndex, kept.texture) }
        entries = newEntries
        index = newIndex
        filmstrip?.show(newEntries, current: newIndex)
        request()
        // Its frames are asked for by index: they start again under the new one.
        animation?.stop()
        playIfReady()
        return true
    }

    /// One walk over the list, whatever the number rewritten (a sync may replace thousands).
    func photosRewritten(_ fresh: [PhotoEntry]) {
        let byPath = Dictionary(fresh.map { ($0.path, $0) }, uniquingKeysWith: { _, last in last })
        for i in entries.indices {
            guard let new = byPath[entries[i].path] else { continue }
            entries[i] = new
            noSharper.remove(i)
            if i == index { viewport = Self.viewport(for: new, size: viewport.viewport, scale: drawer.renderer.scale) }
            // The old picture is of the old file, perhaps of another shape: it goes now rather
            // than show stretched or stale.
            if case .ready(let texture, _, _)? = slots[i] { texture.destroy() }
            if i == index, preview?.index == i { dropPreview() }
            slots[i] = nil
            decodes.cancel(key: key(.detail(i)))
        }
        // Its thumbnails are of the old files.
        filmstrip?.show(entries, current: index)
        request()
    }

    func resize(_ size: Size) {
        windowSize = size
        filmstrip?.resize(size)
        viewport.resize(viewport: Self.photoArea(in: size, filmstrip: filmstripAlways))
        let box = windowBox
        guard !box.isEmpty else { return }
        // Decoded for the old window size: decode again at the new one. The photo on screen
        // stays (stretched) until then, so a resize or full-screen toggle never blinks.
        for (i, slot) in slots {
            switch slot {
            case .ready(let texture, let since, _) where i == index:
                slots[i] = .ready(texture, since: since, sharper: decode(i, box: box, priority: -2000))
            case .ready(let texture, _, _):
                texture.destroy()
                slots[i] = nil
            case .loading:
                slots[i] = nil
            case .failed:
                break
            }
        }
        request()
    }

    /// What a photo fitted to the window is decoded at: the window's pixels, held to the largest
    /// texture (a 4K screen on a GPU that stops at 2048 px shows it scaled up, not failed).
    var windowBox: PixelSize {
        drawer.renderer.textureFit(PixelRect(snapping: Rect(origin: .zero, size: viewport.viewport), scale: drawer.renderer.scale).size)
    }

    /// The photo, then its neighbours; decodes for photos no longer near are dropped.
    private func request() {
        let wanted = [index, index + 1, index - 1].filter { $0 >= 0 && $0 < entries.count }
        for (i, _) in slots where !wanted.contains(i) {
            if case .ready(let texture, _, _) = slots[i] { texture.destroy() }
            slots[i] = nil
            decodes.cancel(key: key(.detail(i)))
        }
        let box = windowBox
        guard !box.isEmpty else { return }
        for (rank, i) in wanted.enumerated() where slots[i] == nil {
            slots[i] = .loading(generation: decode(i, box: box, priority: -1000 + Double(rank)))
        }
        requestOriginal()
    }

    /// The photo shown, once its preview is on screen, asks for its original, if it has one
    /// elsewhere (a photo from Immich): only the photo looked at, not its neighbours.
    private func requestOriginal() {
        guard case .ready(_, _, nil)? = slots[index], !originals.asked.contains(entry.path),
              host?.fetchOriginal(of: entry.path) == true else { return }
        originals.asked.insert(entry.path)
    }

    /// Originals that came: each decoded in place of its preview, which stays until it is in.
    func takeOriginals() {
        guard let fetched = host?.fetchedOriginals(), !fetched.isEmpty else { return }
        for (path, result) in fetched {
            guard let i = entries.firstIndex(where: { $0.path == path }) else { continue }
            switch result {
            case .failure(let reason):
                log.warning("\(reason.reason); \(path.lastComponent) shows its preview")
            case .success(let file):
                guard case .ready(let texture, let since, nil)? = slots[i] else { continue }
                generation += 1
                let entry = entries[i], box = windowBox, source = self.source, originals = self.originals
                decodes.submit(key: key(.detail(i)), generation: generation, priority: -2000) { () throws(TileFailure) in
                    try originals.decode(file, of: entry, fitting: box, source: source)
                }
                slots[i] = .ready(texture, since: since, sharper: generation)
            }
        }
    }

    /// Submits a decode of photo `i` fitted to `box`; returns its generation.
    private func decode(_ i: Int, box: PixelSize, priority: Double) -> UInt64 {
        generation += 1
        let entry = originals.entry(for: entries[i]), source = self.source
        // Ahead of every wall tile: what the person is looking at comes first.
        decodes.submit(key: key(.detail(i)), generation: generation, priority: priority) { () throws(TileFailure) in
            try source.photo(for: entry, fitting: box).get()
        }
        return generation
    }

    /// Whether the renderer draws on the CPU, asked once (it may ask OpenGL).
    private lazy var drawsOnCPU = drawer.renderer.drawsOnCPU

    /// Zoomed in past the pixels decoded for the window, the photo is decoded again at the size
    /// it is shown (at most its own size), so a zoom shows detail rather than blur. The
    /// window-sized texture stays on screen until the sharper one arrives.
    private func requestSharper() {
        guard case .ready(let texture, let since, let pending)? = slots[index], let info = originals.entry(for: entry).info,
              !noSharper.contains(index) else { return }
        let shown = PixelRect(snapping: Rect(origin: .zero, size: viewport.frame.size), scale: drawer.renderer.scale).size
        let want = Self.sharperSize(shown: shown, native: PixelSize(width: info.displayedWidth, height: info.displayedHeight),
                                    maximumTexture: drawer.renderer.maximumTextureSize, drawsOnCPU: drawsOnCPU)
        // Only worth it when it brings a quarter more pixels along a side.
        guard pending == nil, Double(want.width) > Double(texture.contentSize.width) * 1.25 else { return }
        slots[index] = .ready(texture, since: since, sharper: decode(index, box: want, priority: -2000))
    }

    func accept(_ finished: Decodes.Finished, now: Double) {
        if case .strip = finished.key.job {
            filmstrip?.accept(finished)
            return
        }
        guard case .detail(let i) = finished.key.job else { return }
        defer { if let home = pendingHome { rehome(home.entries, at: home.index) } }
        var previous: TileTexture?
        switch slots[i] {
        case .loading(let expected)? where expected == finished.generation: break
        case .ready(let texture, _, let sharper)? where sharper == finished.generation: previous = texture
        default: return
        }
        switch finished.result {
        case .success(let image):
            do {
                let texture = try TileTexture(renderer: drawer.renderer,
                                              capacity: PixelSize(width: image.width, height: image.height))
                try texture.fill(with: image)
                previous?.destroy()
                slots[i] = .ready(texture, since: i == index && previous == nil ? now : -.infinity)
                partials[i] = image.partial
                if i == index { playIfReady() }
                if i == index, viewport.isZoomed { requestSharper() }
                if i == index { requestOriginal() }
            } catch {
                if let previous {
                    noSharper.insert(i)
                    slots[i] = .ready(previous, since: -.infinity)
                } else {
                    slots[i] = .failed("\(error)")
                }
            }
        case .failure(let failure) where previous != nil:
            // The window-sized photo stays; zooming shows it stretched.
            noSharper.insert(i)
            log.warning("cannot decode \(entries[i].path) at full size: \(failure.reason)")
            slots[i] = .ready(previous!, since: -.infinity)
        case .failure(let failure):
            slots[i] = .failed(failure.reason)
            log.warning("cannot show \(entries[i].path): \(failure.reason)")
        }
    }

    /// How photo `i` is shown when not whole: "cannot show: …" or "partial: …".
    func problem(at i: Int) -> String? {
        InfoPanel.note(failure: slots[i]?.failure, partial: partials[i])
    }

    /// Frees every texture and pending decode (the view is closing).
    func close() {
        for (i, slot) in slots {
            if case .ready(let texture, _, _) = slot { texture.destroy() }
            decodes.cancel(key: key(.detail(i)))
        }
        slots.removeAll()
        dropPreview()
        animation?.stop()
        filmstrip?.close()
    }

    // MARK: Input

    func handle(_ event: InputEvent) { handle(event, pointer: host?.pointer) }

    func handle(_ event: InputEvent, pointer: Point?) {
        if passToFilmstrip(event, pointer: pointer) { return }
        if case let .wheel(_, dy, notches, _, _) = event {
            // A notch (120 px of wall scrolling) zooms by about a fifth, as in image viewers.
            // Ctrl+wheel reports notches rather than pixels: it zooms just the same.
            let pixels = notches ? dy * EventSource.pixelsPerNotch : dy
            zoom(by: pow(1.0015, -pixels), around: pointer)
            return
        }
        touch.handle(event, now: host?.clock.now) { apply($0) }
    }

    /// When a finger held on the photo becomes a long press, on the scene's clock.
    var longPressDue: Double { touch.due }

    /// The scene's clock reached `now`: a finger held long enough is a long press.
    func holdTouch(at now: Double) -> Bool { touch.tick(at: now) { apply($0) } }

    func zoom(by factor: Double, around point: Point? = nil) {
        let centre = Point(x: viewport.viewport.width / 2, y: viewport.viewport.height / 2)
        viewport.zoom(by: factor, around: point ?? centre)
        zoomChanged()
    }

    func resetZoom() {
        viewport.reset()
        zoomChanged()
    }

    func toggleActualSize() {
        viewport.toggleActualSize()
        zoomChanged()
    }

    /// How long the zoom's percentage stays on screen after it changed.
    static let zoomShownFor = 1.5

    /// The photo's shape in a viewport of `size`; with its pixel size known (a header read), a
    /// smaller photo rests at 1:1 on this screen's pixels.
    static func viewport(for entry: PhotoEntry, size: Size, scale: Double) -> PhotoViewport {
        PhotoViewport(photo: WallPlan.displayedSize(entry), viewport: size, screenScale: entry.info != nil ? scale : nil)
    }

    /// The zoom changed: a sharper decode if the photo grew, and its percentage shown a moment.
    private func zoomChanged() {
        zoomShownUntil = clock.now + Self.zoomShownFor
        requestSharper()
    }

    /// The zoom as the bottom line says it: "100 %" at 1:1.
    var zoomLabel: String? { viewport.percent.map { "\(Int($0.rounded())) %" } }

    private func apply(_ gesture: Gesture) {
        switch gesture {
        case .tap(let point):
            if !viewport.contains(point), clock.now - openedAt > doubleClickGuard { issue(.back) }
        case .dragMoved(let delta, _):
            if viewport.isZoomed { viewport.pan(by: delta) } else { swipe += delta.x }
        case .dragEnded(let velocity):
            defer { swipe = 0 }
            guard !viewport.isZoomed else { return }
            let far = abs(swipe) > viewport.viewport.width * 0.15
            let fast = abs(velocity.x) > 600 && abs(swipe) > 20
            guard far || fast else { return }
            let step: Command = swipe < 0 ? .next : .previous
            issue(step)
        case .pinchBegan:
            pinchBaseZoom = viewport.zoom
        case .pinchChanged(let scale, let centre):
            let target = pinchBaseZoom * scale
            if viewport.zoom > 0 { viewport.zoom(by: target / viewport.zoom, around: centre) }
        case .pinchEnded:
            zoomChanged()
        case .longPress(let point):
            // A finger held on a photo from Immich stars it there; on any other, nothing.
            if viewport.contains(point) { issue(.immich(.favorite, path: entry.path.string)) }
        case .touchDown, .dragBegan, .wheel, .zoomStep:
            break
        }
    }

    // MARK: Drawing

    /// Copies the tile's picture of the photo shown while its decode is on the way; asked again
    /// at each frame until the tile has it (a tile still loading when the photo opened).
    private func takePreview() {
        if let preview, preview.index != index { dropPreview() }
        guard preview == nil, let tilePicture else { return }
        switch slots[index] {
        case .loading?, nil: break
        case .ready?, .failed?: return
        }
        if let picture = tilePicture(index, entry.path) { preview = (index, picture) }
    }

    private func dropPreview() {
        preview?.texture.destroy()
        preview = nil
    }

    /// Draws the tile's picture in the photo's frame; false when there is none.
    private func drawPreview(in frame: Rect) -> Bool {
        guard let preview, preview.index == index else { return false }
        let area = Self.pictureRect(content: preview.texture.contentSize, in: frame)
        if area != frame { drawer.draw(.placeholder, in: frame) }
        drawer.drawImage(preview.texture, in: area)
        return true
    }

    /// The frame last drawn is on screen: logs when the photo first showed, and sharp.
    func presented(at now: Double) {
        for line in timing.presented(drawnPicture, at: now) { log.debug("\(line)") }
    }

    func draw(now: Double) {
        // Before the frame's first draw: the copy is drawn into a texture of its own.
        takePreview()
        drawer.clearBackground()
        drawer.fill(Rect(origin: .zero, size: windowSize), color: Self.background)
        var frame = viewport.frame
        frame.origin.x += swipe
        fading = false
        switch slots[index] {
        case .ready(let texture, let since, _):
            // The decode fades in over the tile's picture: the same photo at the same place,
            // only sharper.
            let opacity = (now - since) / WallScreen.fadeDuration
            if opacity < 1 {
                fading = true
                if !drawPreview(in: frame) { drawer.draw(.placeholder, in: frame) }
            } else {
                dropPreview()
            }
            drawer.drawImage(animation?.picture(for: index, path: entry.path) ?? texture, in: frame, opacity: opacity)
            drawnPicture = .sharp
        case .failed(let reason):
            dropPreview()
            drawer.draw(.error(reason: reason), in: frame)
            drawnPicture = .error
        case .loading, nil:
            if drawPreview(in: frame) {
                drawnPicture = .tile
            } else {
                drawer.draw(.placeholder, in: frame)
                drawnPicture = .placeholder
            }
        }
        let marked = isMarked?(entry.path) ?? false
        // On the part of the photo in view: a zoomed photo's own corner may be off screen.
        let window = Rect(origin: .zero, size: viewport.viewport)
        if marked, frame.intersects(window) {
            let left = max(frame.minX, 0), top = max(frame.minY, 0)
            drawer.drawMarkBadge(in: Rect(x: left, y: top, width: min(frame.maxX, window.maxX) - left,
                                          height: min(frame.maxY, window.maxY) - top))
        }
        let zoomShown = now < zoomShownUntil ? zoomLabel.map { "   " + $0 } ?? "" : ""
        let stripShown = filmstripShown(at: now)
        // The strip has the bottom edge: the line goes to the top rather than over the thumbnails.
        drawer.drawPanel(["\(entry.name)   \(index + 1) / \(entries.count)" + (marked ? "   marked" : "") + zoomShown],
                         placement: stripShown ? .topLeft : .bottomCentre)
        if stripShown { shownFilmstrip().draw(now: now) }
    }
}

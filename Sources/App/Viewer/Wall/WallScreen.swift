// The wall in a window: the engine's WaterfallView fed with photos. It is the data source
// (texture-backed cells dequeued by size class) and the delegate (heights from the headers,
// margins, selection), starts a decode when a tile enters the preload range and cancels it
// when the tile leaves, and uploads finished pixels a few per frame.

import Control
import Logging
import Photos
import Screen
import Waterfall

@MainActor
final class WallScreen: ViewerScreen, @MainActor WaterfallDataSource, @MainActor WaterfallDelegate {
    typealias Cell = TileCell
    typealias Decodes = ViewerDecodes

    let view: WaterfallView<TileCell>
    let drawer: TileDrawer
    private(set) var entries: [PhotoEntry] = []
    private(set) var columns: ColumnCount
    private(set) var margins: Margins
    private(set) var captionHeight: Double
    let source: TileSource
    private let decodes: Decodes
    private let log: Logger

    let id = ScreenID.next()
    weak var host: (any ScreenHost)?
    var mode: ViewerMode { .wall }
    var whenIdle: IdleRole { .attract }

    /// The months (or years) of a wall sorted by date, each under a heading.
    private(set) var sections = WallSections(headingHeight: TileDrawer.headingHeight)
    /// The keyboard cursor (a ring round its tile), nil until an arrow key is pressed.
    var cursor: Int?
    /// The photo opened from this wall, while it is open (WallScreen+Commands).
    weak var openedPhoto: DetailScreen?
    /// The photo named alone on the command line, open before its folder's wall is known
    /// (WallScreen+Alone); nil once it has its place there.
    var alonePhoto: PhotoEntry?

    /// The photos marked to act on together (WallScreen+Marks).
    var marks = PhotoMarks()
    /// The events' clock less the scene's, as of the last pointer event: a finger held still
    /// sends nothing, and its long press comes by the scene's clock (WallScreen+Marks).
    var eventClockLead = 0.0

    /// Fade-in of a photo arriving on screen, seconds.
    static let fadeDuration = 0.18
    /// A picture ready this soon after its tile came into view (a warm cache, a first pass)
    /// reads as instant; fading it in would only delay the settled screen.
    static let instantArrival = 0.1
    /// The frame-loop time of the layout pass in progress, for the cells it hands out.
    private var layoutTime = -Double.infinity
    /// The longest side a tile texture is decoded at; bigger tiles (one column on a 4K
    /// screen) are scaled up a little rather than exceed what every GPU can allocate.
    static let maximumTextureSide = 4096

    private let cells: TileCells
    private var nextGeneration: UInt64 = 0
    /// Photos that could not be shown, by path: shown as error tiles without decoding again,
    /// and logged once.
    private var failures: [PhotoPath: String] = [:]
    /// Photos shown in part (a truncated JPEG), by path, with the reason: logged once.
    private var partials: [PhotoPath: String] = [:]
    private var prioritisedOffset = -1.0
    /// New arrivals from a watched folder and when their highlight ends (kiosk event walls).
    private(set) var arrivals: [PhotoPath: Double] = [:]
    var highlightArrivals: Double = 0
    private(set) var fading = false
    private(set) var lateResultsDropped = 0
    private(set) var uploads = 0
    /// Tile decodes asked of the scheduler (first passes not counted).
    private(set) var decodeRequests = 0

    /// The date scrubber over the wall, while it shows (WallScreen+Scrubber).
    weak var scrubber: ScrubberScreen?
    /// Where the wall was when last looked at for the scrubber: a move from there shows it.
    var scrubSeenOffset = 0.0
    /// The wall moves by the clock (the kiosk's idle drift), not by anyone: no rail for that.
    var movedByClock = false
    /// While true (the scrubber's thumb moving), tiles entering the preload range get no decode:
    /// they are passed over, not looked at. Set false, the tiles then live are requested, by
    /// their distance to the screen as always.
    var holdsDecodes = false {
        didSet { if oldValue, !holdsDecodes { requestHeld() } }
    }
    /// Cells given a tile while decodes were held, by serial: still to be requested.
    private var held: Set<Int> = []

    init(drawer: TileDrawer, viewportSize: Size, style: WallStyle, source: TileSource, decodes: Decodes,
         textureBudgetBytes: Int, log: Logger) {
        self.drawer = drawer
        self.columns = style.columns
        self.margins = style.margins
        captionHeight = style.captions ? drawer.captionHeight : 0
        self.source = source
        self.decodes = decodes
        self.log = log
        let pool = ReusePool<TileCell>(budgetBytes: textureBudgetBytes)
        view = WaterfallView(viewportSize: viewportSize, pool: pool)
        cells = TileCells(pool: pool)
        view.dataSource = self
        view.delegate = self
        view.setAxis(style.axis)
        // An empty wall is laid out too, so its column count is the configured one from the
        // first frame: READY=1 and get-state can come before the scan's first photos.
        view.reloadData()
    }

    var scale: Double { drawer.renderer.scale }
    var pool: ReusePool<TileCell> { view.pool }

    // MARK: Photos

    /// Shows `entries`, keeping the photo at the top of the screen where it is when it is
    /// still among them (a reload), else the top of the wall. `holding`: the index of the photo
    /// to keep where it is on screen instead (the cursor's, when the wall is ordered again).
    func show(_ newEntries: [PhotoEntry], holding held: Int? = nil) {
        var keep: (path: PhotoPath, screenY: Double)?
        if let held, held < entries.count {
            keep = (entries[held].path, start(of: view.layout.frame(at: held)) - view.contentOffset)
        } else if let anchor = view.layout.anchor(forViewport: view.viewportRect), anchor.index < entries.count {
            keep = (entries[anchor.index].path, anchor.screenY)
        }
        let cursorPath = cursor.flatMap { $0 < entries.count ? entries[$0].path : nil }
        entries = newEntries
        sections.show(newEntries, newestFirst: host.flatMap { WallSections.newestFirst(in: $0.options.wallOrder) })
        failures.removeAll()
        partials.removeAll()
        view.reloadData()
        cursor = cursorPath.flatMap { path in newEntries.firstIndex { $0.path == path } }
        dropMarksOfGonePhotos()
        if let keep, let index = newEntries.firstIndex(where: { $0.path == keep.path }) {
            view.scrollTo(offset: start(of: view.layout.frame(at: index)) - keep.screenY)
        } else {
            view.scrollTo(offset: 0)
        }
        prioritisedOffset = -1
        scrubSeenOffset = view.contentOffset
    }

    /// The same photos in `order`: the photo at the cursor stays where it is on screen (if it
    /// is on screen; else it is brought to the top), or without a cursor the photo at the top
    /// of the screen does.
    func reorder(_ order: Photos.SortOrder, reversed: Bool) {
        var sorted = entries
        order.sort(&sorted, reversed: reversed)
        show(sorted, holding: cursor.flatMap { isOnScreen($0) ? $0 : nil })
        if let cursor, !isOnScreen(cursor) { view.scrollToCell(at: cursor, position: .top, animated: false) }
    }

    /// A watched folder changed. Deletions go first, while the data source still holds the old
    /// entries; then the new entries, insertions and reloads — each through the engine, which
    /// keeps the tile at the top of the screen where it is. `stayAtTop`: a newest-first wall
    /// seen from its top stays there, so arrivals are seen.
    /// `keepingLanes`: photos that left (the trash, a move, a file deleted elsewhere) leave their
    /// gaps to close within their columns — the person was looking at the photos around them;
    /// a rescan's differences are dealt out again as a fresh wall is.
    func apply(_ edit: LibraryEdit, highlightingFor seconds: Double, now: Double, stayAtTop: Bool, keepingLanes: Bool = false) {
        let atTop = stayAtTop && view.contentOffset <= 0.5
        let cursorPath = cursor.flatMap { $0 < entries.count ? entries[$0].path : nil }
        for range in edit.removedRanges { view.deleteCells(in: range, keepingLanes: keepingLanes) }
        entries = edit.entries
        sections.apply(edit)
        for range in edit.insertedRanges { view.insertCells(in: range) }
        for index in edit.changed {
            failures[entries[index].path] = nil
            partials[entries[index].path] = nil
        }
        for range in edit.changedRanges { view.reloadCells(in: range) }
        // A month that came or went, or a year grown into months: its headings, in one relayout
        // from the first that moved, the photo looked at held where it is.
        view.reloadSections()
        cursor = cursorPath.flatMap { path in entries.firstIndex { $0.path == path } }
        dropMarksOfGonePhotos()
        if seconds > 0 {
            for index in edit.inserted { arrivals[entries[index].path] = now + seconds }
        }
        if atTop { view.scrollTo(offset: 0) }
        prioritisedOffset = -1
        scrubSeenOffset = view.contentOffset
    }

    /// A new look from a reloaded configuration: same photos, laid out again around the
    /// photo at the top of the screen.
    func restyle(_ style: WallStyle) {
        columns = style.columns
        margins = style.margins
        captionHeight = style.captions ? drawer.captionHeight : 0
        view.setAxis(style.axis)
        show(entries)
    }

    /// Turns the wall (`set-direction`), the photo looked at held where it is along the scroll.
    /// The lanes go back to auto: a count chosen for columns across the width means nothing
    /// for rows down the height.
    func turn(to axis: WallAxis) {
        guard axis != view.axis else { return }
        columns = .automatic
        view.setColumns(.automatic)
        view.setAxis(axis)
        prioritisedOffset = -1
        scrubSeenOffset = view.contentOffset
    }

    /// The wall's sections, in wall order, with their headings' rects in wall coordinates: none
    /// unless it is sorted by date.
    var sectionHeadings: [(section: DateSection, heading: Rect)] {
        zip(sections.sections, 0..<view.layout.sectionCount).map { ($0, view.layout.headingFrame(ofSection: $1)) }
    }

    // MARK: Data source and delegate

    func numberOfCells(in view: WaterfallView<TileCell>) -> Int { entries.count }

    func numberOfColumns(in view: WaterfallView<TileCell>) -> ColumnCount { columns }

    func sectionBreaks(in view: WaterfallView<TileCell>) -> [SectionBreak] { sections.breaks }

    func waterfallView(_ view: WaterfallView<TileCell>, lengthAt index: Int, breadth: Double) -> Double {
        TileSizing.tileLength(axis: view.axis, breadth: breadth, displayed: WallPlan.displayedSize(entries[index]), captionHeight: captionHeight)
    }

    func waterfallView(_ view: WaterfallView<TileCell>, marginFor type: MarginType) -> Double {
        switch type {
        case .top: margins.top
        case .left: margins.left
        case .bottom: margins.bottom
        case .right: margins.right
        case .row: margins.row
        case .column: margins.column
        }
    }

    func waterfallView(_ view: WaterfallView<TileCell>, cellAt index: Int) -> TileCell {
        let box = decodeBox(at: index)
        let sizeClass = TextureSizeClass(fitting: box)
        let cell = cells.dequeue(for: view, sizeClass: sizeClass)
        nextGeneration += 1
        cell.generation = nextGeneration
        cell.requestedAt = layoutTime
        let entry = entries[index]
        if let reason = failures[entry.path] {
            cell.state = .failed(reason)
        } else {
            cell.state = .loading
            if holdsDecodes { held.insert(cell.serial) } else { request(cell, entry: entry, box: box, priority: decodePriority(index)) }
        }
        return cell
    }

    private func request(_ cell: TileCell, entry: PhotoEntry, box: PixelSize, priority: Double) {
        let source = self.source
        let matte = Matte(drawer.theme.placeholder), enlarging = drawer.renderer.isSoftware
        decodeRequests += 1
        decodes.submit(key: key(.tile(cell.serial)), generation: cell.generation, priority: priority) {
            () throws(TileFailure) in try source.pixels(for: entry, box: box, onto: matte, enlarging: enlarging).get()
        }
        // A tile in view gets the file's own small picture first, ahead of every photo: the
        // screen fills with images in the first frames instead of one photo at a time.
        if priority < 0 {
            decodes.submit(key: key(.preview(cell.serial)), generation: cell.generation, priority: Self.previewPriority) {
                () throws(TileFailure) in try source.preview(for: entry, box: box, onto: matte, enlarging: enlarging).get()
            }
        }
    }

    /// Decodes let go: every live tile still waiting for its first request gets it now.
    private func requestHeld() {
        guard !held.isEmpty else { return }
        view.forEachLiveCell { index, cell in
            guard held.contains(cell.serial), cell.state == .loading else { return }
            request(cell, entry: entries[index], box: decodeBox(at: index), priority: decodePriority(index))
        }
        held.removeAll()
        prioritisedOffset = -1
    }

    func waterfallView(_ view: WaterfallView<TileCell>, didEndDisplaying cell: TileCell, at index: Int) {
        if held.remove(cell.serial) == nil, cell.isWaiting {
            decodes.cancel(key: key(.tile(cell.serial)))
            decodes.cancel(key: key(.preview(cell.serial)))
        }
        cell.state = .idle
    }

    func waterfallView(_ view: WaterfallView<TileCell>, didTapCellAt index: Int) {
        if host?.shiftHeld == true { shiftClicked(index) } else { issue(.select(index)) }
    }

    func waterfallView(_ view: WaterfallView<TileCell>, didLongPressCellAt index: Int) {
        longPressed(index)
    }

    func waterfallView(_ view: WaterfallView<TileCell>, didSelectCellAt index: Int) {
        selected(index)
    }

    func waterfallView(_ view: WaterfallView<TileCell>, didChangeColumns columns: ColumnCount) {
        self.columns = columns
    }

    // MARK: The frame

    /// Advances scrolling, brings the live cells in line with the viewport, and re-ranks
    /// pending decodes when the wall moved.
    func layout(now: Double) {
        view.advance(to: now)
        layoutTime = now
        view.layoutCells()
        let offset = view.contentOffset
        noteScrolled(to: offset)
        if offset != prioritisedOffset {
            prioritisedOffset = offset
            var changes: [(key: DecodeKey, priority: Double)] = []
            view.forEachLiveCell { index, cell in
                guard cell.isWaiting, !held.contains(cell.serial) else { return }
                let priority = decodePriority(index)
                changes.append((key(.tile(cell.serial)), priority))
                // Scrolled out of view before its first pass came: the photo's turn is enough.
                if priority >= 0, cell.state == .loading { decodes.cancel(key: key(.preview(cell.serial))) }
            }
            if !changes.isEmpty { decodes.reprioritize(changes) }
        }
    }

    /// Takes one finished decode. Dropped unless its cell still waits for exactly it.
    func accept(_ finished: Decodes.Finished, now: Double) {
        if case .preview(let serial) = finished.key.job {
            acceptPreview(finished, cell: cells[serial], now: now)
            return
        }
        guard case .tile(let serial) = finished.key.job, let cell = cells[serial], cell.generation == finished.generation, cell.isWaiting else {
            lateResultsDropped += 1
            return
        }
        // The photo (or its failure) is in: a first pass still on its way is no use now.
        if cell.state == .loading { decodes.cancel(key: key(.preview(serial))) }
        switch finished.result {
        case .success(let image):
            do {
                try cell.fill(with: image, renderer: drawer.renderer)
                uploads += 1
                // Only a photo arriving in view fades in; one preloaded off screen is simply there.
                // Over its preview it goes on with the preview's fade: sharper, not flashing.
                if case .previewed(let since) = cell.state {
                    cell.state = .shown(since: since)
                } else {
                    cell.state = .shown(since: fadeStart(of: cell, now: now))
                }
                if let reason = image.partial { notePartial(cell, reason: reason) }
            } catch {
                fail(cell, reason: "cannot upload: \(error)")
            }
        case .failure(let failure):
            fail(cell, reason: failure.reason)
        }
    }

    /// Where a picture arriving now starts its fade: now for one coming into view late, the
    /// distant past (shown at once) for one preloaded off screen or ready within `instantArrival`.
    private func fadeStart(of cell: TileCell, now: Double) -> Double {
        let onScreen = view.drawList.contains { $0.cell === cell }
        return onScreen && now - cell.requestedAt > Self.instantArrival ? now : -.infinity
    }

    /// Ahead of every photo in the queue.
    static let previewPriority = -2.0

    /// A first pass, shown while its cell still waits for exactly that photo; a file without one
    /// says nothing.
    private func acceptPreview(_ finished: Decodes.Finished, cell: TileCell?, now: Double) {
        guard let cell, cell.generation == finished.generation, cell.state == .loading,
              case .success(let image) = finished.result else { return }
        do {
            try cell.fill(with: image, renderer: drawer.renderer)
            uploads += 1
            cell.state = .previewed(since: fadeStart(of: cell, now: now))
        } catch {
            log.debug("cannot upload a preview: \(error)")
        }
    }

    private func fail(_ cell: TileCell, reason: String) {
        cell.state = .failed(reason)
        guard let index = index(of: cell) else { return }
        let path = entries[index].path
        if failures.updateValue(reason, forKey: path) == nil {
            log.warning("cannot show \(path): \(reason)")
            host?.emit(.loadError(index: index, path: path, error: reason, partial: false))
        }
    }

    private func notePartial(_ cell: TileCell, reason: String) {
        guard let index = index(of: cell) else { return }
        let path = entries[index].path
        if partials.updateValue(reason, forKey: path) == nil {
            log.warning("showing part of \(path): \(reason)")
            host?.emit(.loadError(index: index, path: path, error: reason, partial: true))
        }
    }

    private func index(of cell: TileCell) -> Int? {
        view.liveIndices.first { view.liveCell(at: $0) === cell }
    }

    /// How the photo at `path` is shown when not whole: "cannot show: …" or "partial: …".
    func problem(for path: PhotoPath) -> String? {
        InfoPanel.note(failure: failures[path], partial: partials[path])
    }

    func draw(now: Double) {
        layout(now: now)
        drawer.clearBackground()
        fading = false
        for item in view.drawList {
            let content: TileContent
            switch item.cell.state {
            case .idle, .loading:
                content = .placeholder
            case .shown(let since), .previewed(let since):
                let opacity = (now - since) / Self.fadeDuration
                if opacity < 1 { fading = true }
                content = item.cell.texture.map { .photo($0, opacity: opacity) } ?? .placeholder
            case .failed(let reason):
                content = .error(reason: reason)
            }
            let caption = captionHeight > 0 ? entries[item.index].name : nil
            drawer.draw(content, in: item.frame, caption: caption)
            if case .photo = content, entries[item.index].info?.isAnimated == true {
                drawer.drawMotionMark(in: WallPlan.photoRect(frame: item.frame, captionHeight: captionHeight))
            }
            if !arrivals.isEmpty, let until = arrivals[entries[item.index].path] {
                // Full strength, then fading out over the last second.
                let opacity = min(1, until - now)
                if opacity > 0 { drawer.drawArrivalMark(in: item.frame, opacity: opacity) }
                if opacity < 1 { fading = true }
            }
            if !marks.isEmpty, marks.contains(entries[item.index].path) {
                drawer.drawMarkBadge(in: WallPlan.photoRect(frame: item.frame, captionHeight: captionHeight))
            }
            if item.index == cursor { drawer.drawCursor(around: item.frame, room: cursorRoom) }
        }
        for k in view.layout.sections(in: view.viewportRect) where k < sections.sections.count {
            drawer.drawHeading(sections.sections[k].label,
                               in: onScreen(view.layout.headingFrame(ofSection: k), offset: view.drawnOffset))
        }
        if !arrivals.isEmpty { arrivals = arrivals.filter { $0.value > now } }
    }

    /// When an arrival's highlight starts to fade: the loop sleeps until then, not frame by frame.
    func nextArrivalFade(after now: Double) -> Double {
        arrivals.values.lazy.map { $0 - 1 }.filter { $0 > now }.min() ?? .infinity
    }

    /// A copy of the picture tile `index` shows, if it shows the photo at `path` (the index is
    /// checked: the folder may have changed since it was given). A copy, because the tile's
    /// texture goes to another tile, or is freed, when the pool needs it.
    func copyOfPicture(at index: Int, showing path: PhotoPath) -> TileTexture? {
        let found = index < entries.count && entries[index].path == path ? index : entries.firstIndex { $0.path == path }
        guard let found, let cell = view.liveCell(at: found), case .shown = cell.state,
              let texture = cell.texture, !texture.isDestroyed, !texture.contentSize.isEmpty else { return nil }
        do {
            return try texture.copy()
        } catch {
            log.debug("cannot copy the tile of \(path): \(error)")
            return nil
        }
    }

    var needsFrame: Bool { view.isAnimating || fading }
}

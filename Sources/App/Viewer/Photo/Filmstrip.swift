// The strip of neighbours under an open photo: the seed's table laid on its side — the engine's
// WaterfallView on the horizontal axis with one row — so its thumbnails come from a reuse pool by
// size class and the ones in view are found by the layout's binary search, as on the wall. Its
// pictures take the wall's decode path (the thumbnail cache first), on the detail view's jobs.

import Photos
import Screen
import Waterfall

@MainActor
final class Filmstrip: @MainActor WaterfallDataSource, @MainActor WaterfallDelegate {
    typealias Cell = TileCell

    /// The strip's height against the window's: thumbnails large enough to tell photos apart,
    /// small enough to leave the photo most of the window (gThumb's and Shotwell's strips are
    /// about this share of a laptop's screen).
    static let heightShare = 0.13
    /// Not less than this, logical pixels: a short window still gets recognisable thumbnails.
    static let minimumHeight = 56.0
    /// Around and between the thumbnails, logical pixels: room for the current one's ring.
    static let margin = 6.0
    static let background = ScreenColor(red: 22, green: 22, blue: 24)
    /// What the strip's textures may hold: a few screens of thumbnails, a small share of the wall's.
    static let budgetBytes = 24 << 20

    let view: WaterfallView<TileCell>
    private let drawer: TileDrawer
    private let source: TileSource
    private let decodes: ViewerDecodes
    /// The decode key of a cell's job, in the detail view's terms.
    private let key: (DecodeKey.Job) -> DecodeKey
    private(set) var entries: [PhotoEntry]
    /// The photo open, outlined and kept in the middle.
    private(set) var current: Int
    /// The window's size; the strip is its bottom band.
    private(set) var windowSize: Size
    private let cells: TileCells
    private var generation: UInt64 = 0
    /// Whether the next layout scrolls to the current one at once: the first time the strip is
    /// laid out, and after a resize, it is simply there; a step glides.
    private var placed = false

    /// A thumbnail was tapped or clicked.
    var onPick: ((Int) -> Void)?

    init(drawer: TileDrawer, entries: [PhotoEntry], current: Int, windowSize: Size, source: TileSource,
         decodes: ViewerDecodes, key: @escaping (DecodeKey.Job) -> DecodeKey) {
        self.drawer = drawer
        self.entries = entries
        self.current = current
        self.windowSize = windowSize
        self.source = source
        self.decodes = decodes
        self.key = key
        let pool = ReusePool<TileCell>(budgetBytes: Self.budgetBytes)
        view = WaterfallView(viewportSize: Self.stripSize(in: windowSize), pool: pool)
        cells = TileCells(pool: pool)
        // Only the screen's width and a little beyond: the strip is glanced at, not browsed.
        view.preloadAhead = 0.5
        view.preloadBehind = 0.5
        view.dataSource = self
        view.delegate = self
        view.setAxis(.horizontal)
        view.reloadData()
    }

    static func height(in window: Size) -> Double {
        min(window.height, max(minimumHeight, (window.height * heightShare).rounded()))
    }

    static func stripSize(in window: Size) -> Size { Size(width: window.width, height: height(in: window)) }

    /// Where the strip is in the window.
    var frame: Rect {
        let height = Self.height(in: windowSize)
        return Rect(x: 0, y: windowSize.height - height, width: windowSize.width, height: height)
    }

    // MARK: Following the photo

    func follow(_ index: Int) {
        guard index != current, entries.indices.contains(index) else { return }
        current = index
        view.scrollToCell(at: index, position: .center, animated: placed)
    }

    /// The photos the strip shows changed (a folder's edit, a reload): laid out anew, its cells
    /// kept for the thumbnails that follow.
    func show(_ newEntries: [PhotoEntry], current newCurrent: Int) {
        cancelWaitingDecodes()
        entries = newEntries
        current = min(max(newCurrent, 0), max(newEntries.count - 1, 0))
        view.reloadData()
        placed = false
    }

    func resize(_ size: Size) {
        guard size != windowSize else { return }
        windowSize = size
        view.setViewportSize(Self.stripSize(in: size))
        placed = false
    }

    /// Takes the strip's cells back and frees their textures and pending decodes.
    func close() {
        cancelWaitingDecodes()
        for cell in cells.all { cell.texture?.destroy() }
        cells.removeAll()
        view.pool.removeAll()
    }

    private func cancelWaitingDecodes() {
        view.forEachLiveCell { _, cell in
            if cell.isWaiting { decodes.cancel(key: key(.strip(cell.serial))) }
        }
    }

    // MARK: The frame

    /// The thumbnails drawn last, their rects in the window.
    var visible: [(index: Int, rect: Rect)] {
        let top = frame.minY
        return view.drawList.map { ($0.index, $0.frame.offsetBy(dx: 0, dy: top)) }
    }

    func layout(now: Double) {
        if !placed, entries.indices.contains(current) {
            view.scrollToCell(at: current, position: .center, animated: false)
            placed = true
        }
        view.advance(to: now)
        view.layoutCells()
    }

    var needsFrame: Bool { view.isAnimating }

    func draw(now: Double) {
        layout(now: now)
        let band = frame
        drawer.fill(band, color: Self.background)
        for item in view.drawList {
            let rect = item.frame.offsetBy(dx: 0, dy: band.minY)
            let content: TileContent = switch item.cell.state {
            case .shown, .previewed: item.cell.texture.map { .photo($0, opacity: 1) } ?? .placeholder
            case .failed(let reason): .error(reason: reason)
            case .idle, .loading: .placeholder
            }
            drawer.draw(content, in: rect)
            if item.index == current { drawer.drawCursor(around: rect, room: Self.margin) }
        }
    }

    /// A pointer event in window coordinates, for the strip.
    func handle(_ event: InputEvent) {
        view.handle(Self.moved(event, by: -frame.minY))
    }

    private static func moved(_ event: InputEvent, by dy: Double) -> InputEvent {
        func shift(_ p: Point) -> Point { Point(x: p.x, y: p.y + dy) }
        return switch event {
        case let .pointerDown(id, p, t): .pointerDown(id: id, at: shift(p), time: t)
        case let .pointerMoved(id, p, t): .pointerMoved(id: id, to: shift(p), time: t)
        case let .pointerUp(id, p, t): .pointerUp(id: id, at: shift(p), time: t)
        case .pointerCancelled: event
        case let .wheel(dx, dy2, zoom, at, t): .wheel(dx: dx, dy: dy2, zoom: zoom, at: at.map(shift), time: t)
        }
    }

    // MARK: Decodes

    func accept(_ finished: ViewerDecodes.Finished) {
        guard case .strip(let serial) = finished.key.job, let cell = cells[serial],
              cell.generation == finished.generation, cell.isWaiting else { return }
        switch finished.result {
        case .success(let image):
            do {
                try cell.fill(with: image, renderer: drawer.renderer)
                cell.state = .shown(since: -.infinity)
            } catch {
                cell.state = .failed("cannot upload: \(error)")
            }
        case .failure(let failure):
            cell.state = .failed(failure.reason)
        }
    }

    /// The physical pixels thumbnail `index` covers, within the largest texture.
    private func decodeBox(at index: Int) -> PixelSize {
        let size = view.layout.frame(at: index).size, scale = drawer.renderer.scale
        return drawer.renderer.textureFit(PixelSize(width: max(1, Int((size.width * scale).rounded(.up))),
                                                    height: max(1, Int((size.height * scale).rounded(.up)))))
    }

    // MARK: Data source and delegate

    func numberOfCells(in view: WaterfallView<TileCell>) -> Int { entries.count }

    func numberOfColumns(in view: WaterfallView<TileCell>) -> ColumnCount { .fixed(1) }

    func waterfallView(_ view: WaterfallView<TileCell>, lengthAt index: Int, breadth: Double) -> Double {
        TileSizing.tileLength(axis: .horizontal, breadth: breadth, displayed: WallPlan.displayedSize(entries[index]), captionHeight: 0)
    }

    func waterfallView(_ view: WaterfallView<TileCell>, marginFor type: MarginType) -> Double { Self.margin }

    func waterfallView(_ view: WaterfallView<TileCell>, cellAt index: Int) -> TileCell {
        let box = decodeBox(at: index)
        let sizeClass = TextureSizeClass(fitting: box)
        let cell = cells.dequeue(for: view, sizeClass: sizeClass)
        generation += 1
        cell.generation = generation
        cell.state = .loading
        let entry = entries[index], source = self.source
        let matte = Matte(drawer.theme.placeholder), enlarging = drawer.renderer.isSoftware
        // After the open photo and its neighbours, ahead of the wall's tiles: the nearest first.
        let priority = -100 + Double(abs(index - current)) / 1000
        decodes.submit(key: key(.strip(cell.serial)), generation: cell.generation, priority: priority) {
            () throws(TileFailure) in try source.pixels(for: entry, box: box, onto: matte, enlarging: enlarging).get()
        }
        return cell
    }

    func waterfallView(_ view: WaterfallView<TileCell>, didEndDisplaying cell: TileCell, at index: Int) {
        if cell.isWaiting { decodes.cancel(key: key(.strip(cell.serial))) }
        cell.state = .idle
    }

    func waterfallView(_ view: WaterfallView<TileCell>, didTapCellAt index: Int) {
        onPick?(index)
    }
}

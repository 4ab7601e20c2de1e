// Where a wall tile's photo goes, the pixels it is decoded at, the order decodes come in, what
// is on screen, and where the keyboard cursor steps.

import Photos
import Waterfall

extension WallScreen {
    /// The photo part of tile `index` in wall coordinates (its frame less the caption strip).
    func photoRect(at index: Int) -> Rect {
        WallPlan.photoRect(frame: view.layout.frame(at: index), captionHeight: captionHeight)
    }

    /// The physical pixels a tile's photo is decoded at: the most the tile covers at any
    /// scroll offset. Its edges are rounded to whole pixels where they fall, so a 175.2-px
    /// photo covers 175 or 176 rows; decoded at 176 it is drawn 1:1 (a row left out when it
    /// covers 175) rather than scaled by a row at every other offset. A tile larger than a
    /// texture may be (one column on a 4K screen, any big tile on a Pi's 2048-px GPU) is decoded
    /// smaller, its shape kept, and scaled up when drawn.
    func decodeBox(at index: Int) -> PixelSize {
        let photo = photoRect(at: index).size
        let size = PixelSize(width: Self.coverage(photo.width * scale), height: Self.coverage(photo.height * scale))
        return size.fitted(within: tileLimit)
    }

    /// The largest tile texture: the renderer's largest, at most `maximumTextureSide`, and a
    /// whole size class (the pool allocates a tile's class, which may round its sides up).
    private var tileLimit: PixelSize {
        let maximum = drawer.renderer.maximumTextureSize
        return PixelSize(width: ReuseIdentifier.largestClassSide(atMost: min(maximum.width, Self.maximumTextureSide)),
                         height: ReuseIdentifier.largestClassSide(atMost: min(maximum.height, Self.maximumTextureSide)))
    }

    /// Whole pixels a span of `length` covers at most, wherever it starts; exact lengths stay
    /// exact (a layout's 175.0000001 is 175).
    private static func coverage(_ length: Double) -> Int {
        guard length.isFinite, length > 0 else { return 1 }
        return Int(min((length - 1e-6).rounded(.up), Double(1 << 20)))
    }

    /// Decode order, lowest first: previews (-2), then the tiles in view, the photos with fewer
    /// pixels first (-1 … -0.1: the screen fills before one slow panorama finishes), then the
    /// rest by how far off screen they are (logical pixels).
    func decodePriority(_ index: Int) -> Double {
        // Along the scroll: the flow's y is a horizontal wall's x.
        let frame = view.axis.turned(view.layout.frame(at: index))
        let viewport = view.axis.turned(view.viewportRect)
        if frame.maxY < viewport.minY { return viewport.minY - frame.maxY }
        if frame.minY > viewport.maxY { return frame.minY - viewport.maxY }
        let pixels = entries[index].info.map { Double($0.pixelWidth) * Double($0.pixelHeight) } ?? 0
        return -1 + min(0.9, pixels / 200e6)
    }

    /// True when every tile on screen shows its photo or its error.
    var isScreenSettled: Bool {
        view.drawList.allSatisfy { $0.cell.isSettled }
    }

    /// True when every tile on screen shows a picture (a first pass counts) or its error.
    var isScreenPictured: Bool {
        view.drawList.allSatisfy { $0.cell.hasPicture }
    }

    /// Moves the keyboard cursor one step (the first press lands on the top-left tile in view)
    /// and glides the wall after it. Judged against where the wall is headed, not where a glide
    /// has got to, so quick or held presses each take exactly one step.
    func moveCursor(_ move: CursorMove) {
        if let next = view.stepCursor(from: cursor, moving: move) { cursor = next }
    }

    /// The gap every tile has on each side: where the cursor's ring may go round a tile.
    var cursorRoom: Double { MarginType.allCases.map { margins[$0] }.min() ?? 0 }

    /// The tile under `point` (window coordinates), if any: none on a margin or a heading.
    func tile(at point: Point) -> Int? {
        let viewport = view.viewportRect
        return view.layout.index(at: Point(x: point.x + viewport.minX, y: point.y + viewport.minY))
    }

    /// `rect` (wall coordinates) where it is in the window with the wall scrolled to `offset`
    /// along its axis.
    func onScreen(_ rect: Rect, offset: Double) -> Rect { view.axis.inViewport(rect, offset: offset) }

    /// Where `rect` (wall coordinates) starts along the scroll: a horizontal wall's x.
    func start(of rect: Rect) -> Double { view.axis.along(rect.origin) }

    /// The cursor's tile where it is drawn, while it is in view: the info panel sits beside it.
    var infoAnchor: Rect? {
        guard let cursor, isOnScreen(cursor) else { return nil }
        return onScreen(view.layout.frame(at: cursor), offset: view.drawnOffset)
    }

    func isOnScreen(_ index: Int) -> Bool {
        index < entries.count && view.layout.frame(at: index).intersects(view.viewportRect)
    }
}

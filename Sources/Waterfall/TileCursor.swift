// The keyboard cursor over a masonry wall (arrows / hjkl, as in nsxiv and feh's thumbnail mode).
//
// A masonry wall has no rows, so "left" and "right" cannot mean "same row": they mean the tile
// beside the cursor's vertical centre in the neighbouring column, which is where the eye goes.
// Every answer comes from binary searches over one column's list of bottoms, so a step costs
// O(log n) even on a wall of a million tiles. On a horizontal wall the same walk runs turned a
// quarter: ←/→ go along a row, ↑/↓ to the neighbouring row.

public enum CursorMove: Sendable, Equatable {
    case up, down, left, right

    /// The same arrow on the wall turned a quarter: ←/→ run along the flow, ↑/↓ across it.
    var turned: CursorMove {
        switch self {
        case .left: .up
        case .right: .down
        case .up: .left
        case .down: .right
        }
    }
}

extension WaterfallLayout {
    /// The tile the cursor reaches from `index` moving one step, or nil at the wall's edge.
    /// up/down: the previous/next tile in the same column (a column's tiles are in index order).
    /// left/right: in the neighbouring column (index's column ∓1), the tile whose vertical span
    /// overlaps the current tile's vertical centre, else the nearest one to it by vertical
    /// distance (ties → the upper one). nil when there is no such column or it is empty.
    /// Out-of-range `index` → nil.
    /// On a wall in sections every step stays in the cursor's section, but up/down from its
    /// edge: they go to the next (previous) section, to its first (last) tile in the same
    /// column, or in the nearest column that has one — never past a section, as the next tile
    /// down a column could be several short sections below.
    public func tile(from index: Int, moving move: CursorMove) -> Int? {
        flowTile(from: index, moving: axis == .vertical ? move : move.turned)
    }

    private func flowTile(from index: Int, moving move: CursorMove) -> Int? {
        guard index >= 0, index < count else { return nil }
        let c = lane(at: index)
        let here = sectionTiles(around: index)
        switch move {
        case .up, .down:
            let tiles = columns[c].tiles
            let slot = Self.partition(tiles) { Int($0) < index }
            let next = move == .up ? slot - 1 : slot + 1
            if tiles.indices.contains(next), here.contains(Int(tiles[next])) { return Int(tiles[next]) }
            let beyond = move == .up ? sectionTiles(around: here.lowerBound - 1) : sectionTiles(around: here.upperBound)
            return edgeTile(of: beyond, nearColumn: c, top: move == .down)
        case .left, .right:
            let neighbour = move == .left ? c - 1 : c + 1
            guard neighbour >= 0, neighbour < laneCount else { return nil }
            return tile(in: neighbour, nearestTo: flowFrame(at: index).midY, slots: slots(inColumn: neighbour, holding: here))
        }
    }

    /// The tiles of the section holding tile `index` (all tiles on a wall without sections;
    /// the tiles before the first break are a section of their own); empty outside the wall.
    private func sectionTiles(around index: Int) -> Range<Int> {
        guard index >= 0, index < count else { return 0..<0 }
        if let k = section(containing: index) { return tiles(inSection: k) }
        return 0..<(sectionBreaks.first?.start ?? count)
    }

    /// The first (`top`) or last tile of `tiles` in column `c`, else in the nearest column
    /// holding any of them (the left one on a tie).
    private func edgeTile(of tiles: Range<Int>, nearColumn c: Int, top: Bool) -> Int? {
        guard !tiles.isEmpty else { return nil }
        for distance in 0..<laneCount {
            for k in [c - distance, c + distance] where k >= 0 && k < laneCount {
                let slots = slots(inColumn: k, holding: tiles)
                if !slots.isEmpty { return Int(columns[k].tiles[top ? slots.lowerBound : slots.upperBound - 1]) }
            }
        }
        return nil
    }

    /// Where one press of an arrow takes the cursor. The cursor's own index is the truth: it
    /// steps from there whenever it meets `viewport` — pass the viewport the scroll is headed
    /// for, so a glide still catching up with the previous press (fast or held keys) never
    /// loses the cursor's place. Only with no cursor, or one the user scrolled out of sight
    /// (wheel, drag, page keys), does it start again on the top-left tile of `viewport` — the
    /// photos they are looking at — as nsxiv keeps its selection among the thumbnails shown.
    /// At the wall's edge it stays where it is. nil only when `viewport` shows no tile.
    public func cursorTarget(from cursor: Int?, moving move: CursorMove, in viewport: Rect) -> Int? {
        if let cursor, cursor >= 0, cursor < count, frame(at: cursor).intersects(viewport) {
            return tile(from: cursor, moving: move) ?? cursor
        }
        return firstTile(in: viewport)
    }

    /// Where the cursor goes when a page key moves the view from `old` to `new`: in its column,
    /// the tile at the same place on screen, so the ring stays where the eye is and Return opens
    /// a photo in view (nsxiv's page keys move the selection a screen too). With no cursor in
    /// `old`, or none of its column in `new`, the first tile of `new`.
    public func cursorTarget(paging cursor: Int?, from old: Rect, to new: Rect) -> Int? {
        let old = axis.turned(old), new = axis.turned(new)
        if let cursor, cursor >= 0, cursor < count, flowFrame(at: cursor).intersects(old) {
            let k = lane(at: cursor)
            let y = flowFrame(at: cursor).midY - old.minY + new.minY
            if let there = tile(in: k, nearestTo: y, slots: 0..<columns[k].tiles.count), flowFrame(at: there).intersects(new) {
                return there
            }
        }
        return flowFirstTile(in: new)
    }

    /// Where a cursor starts when the user first presses an arrow: the tile nearest the
    /// top-left of `rect` among tiles meeting it (smallest minY, then smallest column — on a
    /// horizontal wall smallest minX, then the top row); nil if none. "Meeting" is the open
    /// intersection `indices(in:)` uses, so the answer is always one of the tiles drawn in
    /// `rect`. O(columns · log n).
    public func firstTile(in rect: Rect) -> Int? { flowFirstTile(in: axis.turned(rect)) }

    private func flowFirstTile(in rect: Rect) -> Int? {
        guard rect.width > 0, rect.height > 0, rect.minX.isFinite, rect.minY.isFinite, laneBreadth > 0 else { return nil }
        var best: (index: Int, top: Double)?
        for k in 0..<laneCount {
            let x = laneStart(k)
            guard x < rect.maxX, rect.minX < x + laneBreadth else { continue }
            guard let t = firstTile(in: k, meetingFrom: rect.minY, to: rect.maxY) else { continue }
            let top = flowFrame(at: t).minY
            // Columns go left to right, so a strict comparison keeps the smaller column on a tie.
            if top < best?.top ?? .infinity { best = (t, top) }
        }
        return best?.index
    }

    /// Among `slots` of column `k`, the tile whose span holds `y` (half-open, like
    /// `index(at:)`), else the nearest by vertical distance, the upper one on a tie; nil when
    /// there is none.
    private func tile(in k: Int, nearestTo y: Double, slots: Range<Int>) -> Int? {
        let column = columns[k]
        guard !slots.isEmpty else { return nil }
        let below = column.firstSlot(bottomAfter: y).clamped(to: slots.lowerBound...slots.upperBound)   // first ending below y
        let above = below - 1                                                                         // last ending at or above y
        guard below < slots.upperBound else { return Int(column.tiles[above]) }
        let lower = Int(column.tiles[below])
        let lowerTop = flowFrame(at: lower).minY
        if lowerTop <= y || above < slots.lowerBound { return lower }
        let upperBottom = column.bottoms[above]
        guard y - upperBottom <= lowerTop - y else { return lower }
        // Zero-height tiles can share that bottom; the upper of them all is the first.
        return Int(column.tiles[max(slots.lowerBound, Self.partition(column.bottoms) { $0 < upperBottom })])
    }

    /// In column `k`, the first tile that meets the band `y..<maxY`: it ends below `y`, starts
    /// above `maxY` and has height (a zero-height tile meets nothing, as in `indices(in:)`).
    private func firstTile(in k: Int, meetingFrom y: Double, to maxY: Double) -> Int? {
        let column = columns[k]
        var slot = column.firstSlot(bottomAfter: y)
        while slot < column.tiles.count {
            let t = Int(column.tiles[slot])
            if flowFrame(at: t).minY >= maxY { return nil }
            if length(at: t) > 0 { return t }
            // Skip every tile sharing this bottom in one search: with no row margin a run of
            // zero-height tiles all sit at one y, and stepping through them could take a
            // million steps. With a row margin each step moves down by at least that margin,
            // so the loop is bounded by the band's height, like `indices(in:)`.
            slot = column.firstSlot(bottomAfter: column.bottoms[slot])
        }
        return nil
    }
}

extension WaterfallView {
    /// One press of an arrow: the tile the cursor moves to (`cursorTarget`, judged against
    /// where the wall is headed), with the wall gliding after it just far enough to show it
    /// whole. nil when no tile is in view to start from.
    public func stepCursor(from cursor: Int?, moving move: CursorMove) -> Int? {
        guard let next = layout.cursorTarget(from: cursor, moving: move, in: destinationRect) else { return nil }
        scrollToCell(at: next, position: .visible, animated: true)
        return next
    }
}

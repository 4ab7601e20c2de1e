// Where someone left a folder's wall, as a desktop viewer remembers it between runs (Loupe,
// nsxiv, digiKam do): by photo, not by index, since the folder may have changed meanwhile, and
// the top of the screen as an anchor, so a window of another size shows the same photos.

public struct WallPlace: Codable, Hashable, Sendable {
    /// The photo under the keyboard cursor; nil without a cursor.
    public var cursor: String?
    /// The photo held at the top of the screen (`WaterfallLayout.anchor(forViewport:)`).
    public var top: String?
    /// Where that photo's held line was, below the viewport's top, in logical pixels.
    public var topScreenY: Double
    /// Which line of that photo was held, as a share of its height.
    public var topFraction: Double
    /// The columns chosen on the wall (+/-, a pinch, `set-columns`); nil: the configured ones.
    public var columns: Int?
    /// The rows chosen on a horizontal wall, kept apart from the columns: a folder seen both ways
    /// gets back the count chosen for the way it is shown (the photo held needs neither: its
    /// place along the scroll is the same on either axis).
    public var rows: Int?

    public init(cursor: String? = nil, top: String? = nil, topScreenY: Double = 0, topFraction: Double = 0, columns: Int? = nil,
                rows: Int? = nil) {
        self.cursor = cursor; self.top = top; self.topScreenY = topScreenY; self.topFraction = topFraction; self.columns = columns
        self.rows = rows
    }

    /// What to put back on a wall whose photos are being found.
    public struct Restoration: Hashable, Sendable {
        public var cursor: Int?
        public var anchor: ViewportAnchor?
        public var columns: Int?
        public var rows: Int?
    }

    /// The restoration once it is due, nil while it is not (or there is nothing to restore).
    /// `index` finds a photo on the wall as it is now. The scan is progressive (the photo index's
    /// wall first, then the walk's): restoring before the remembered photo arrives would put the
    /// cursor nowhere, so it waits for the cursor's photo (else the top's), or the scan's end.
    public func restoration(index: (String) -> Int?, scanEnded: Bool, viewportHeight: Double) -> Restoration? {
        let cursorIndex = cursor.flatMap(index)
        let topIndex = top.flatMap(index)
        if !scanEnded {
            if cursor != nil, cursorIndex == nil { return nil }
            if cursor == nil, top != nil, topIndex == nil { return nil }
        }
        guard cursorIndex != nil || topIndex != nil || columns != nil || rows != nil else { return nil }
        // A shorter window than the one left: the top photo stays in its upper half, not below it.
        let screenY = min(topScreenY, max(0, viewportHeight / 2))
        return Restoration(cursor: cursorIndex,
                           anchor: topIndex.map { ViewportAnchor(index: $0, screenY: screenY, fraction: topFraction) },
                           columns: columns, rows: rows)
    }
}

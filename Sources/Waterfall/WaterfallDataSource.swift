// The seed's ZYWaterFlowViewDataSource / ZYWaterFlowViewDelegate in Swift: Objective-C's
// @optional methods become requirements with default implementations in extensions.

/// A reusable cell: what the view shows for one tile and hands back to the pool when the
/// tile leaves the preload range.
public protocol WaterfallCell: AnyObject {
    /// The pool key this cell waits under when idle (for a texture: its size class).
    var reuseIdentifier: ReuseIdentifier { get }
    /// What this cell costs against the pool's byte budget.
    var byteCost: Int { get }
}

public protocol WaterfallDataSource<Cell>: AnyObject {
    associatedtype Cell: WaterfallCell
    func numberOfCells(in view: WaterfallView<Cell>) -> Int
    /// Called when tile `index` enters the preload range. Ask `view.dequeueReusableCell` first.
    func waterfallView(_ view: WaterfallView<Cell>, cellAt index: Int) -> Cell
    /// Read by `reloadData`; default 3 (the seed's). Rows on a horizontal wall.
    func numberOfColumns(in view: WaterfallView<Cell>) -> ColumnCount
    /// Where the wall's sections start and their headings' heights, read by `reloadData` and
    /// `reloadSections`; default none.
    func sectionBreaks(in view: WaterfallView<Cell>) -> [SectionBreak]
}

public extension WaterfallDataSource {
    func numberOfColumns(in view: WaterfallView<Cell>) -> ColumnCount { .seedDefault }
    func sectionBreaks(in view: WaterfallView<Cell>) -> [SectionBreak] { [] }
}

public protocol WaterfallDelegate<Cell>: AnyObject {
    associatedtype Cell: WaterfallCell
    /// Tile `index`'s extent along the wall's axis when its lane is `breadth` across: its height
    /// at a column's width, or its width at a row's height; default 65 (the seed's).
    func waterfallView(_ view: WaterfallView<Cell>, lengthAt index: Int, breadth: Double) -> Double
    /// Default 10 for every margin (the seed's).
    func waterfallView(_ view: WaterfallView<Cell>, marginFor type: MarginType) -> Double
    /// A tap landed on a tile that was drawn. By default it selects the tile; an app that routes
    /// every input through its own commands turns it into one and calls `selectCell` itself.
    func waterfallView(_ view: WaterfallView<Cell>, didTapCellAt index: Int)
    /// A finger was held on a tile that was drawn (a long press); nothing by default.
    func waterfallView(_ view: WaterfallView<Cell>, didLongPressCellAt index: Int)
    /// Tile `index` was selected: tapped, or `selectCell` was called.
    func waterfallView(_ view: WaterfallView<Cell>, didSelectCellAt index: Int)
    /// The cell of tile `index` left the preload range and is going back to the pool —
    /// the moment to cancel its pending work.
    func waterfallView(_ view: WaterfallView<Cell>, didEndDisplaying cell: Cell, at index: Int)
    /// Pinch, Ctrl+wheel or `setColumns` changed the column count.
    func waterfallView(_ view: WaterfallView<Cell>, didChangeColumns columns: ColumnCount)
}

public extension WaterfallDelegate {
    func waterfallView(_ view: WaterfallView<Cell>, lengthAt index: Int, breadth: Double) -> Double { 65 }
    func waterfallView(_ view: WaterfallView<Cell>, marginFor type: MarginType) -> Double { 10 }
    func waterfallView(_ view: WaterfallView<Cell>, didTapCellAt index: Int) { view.selectCell(at: index) }
    func waterfallView(_ view: WaterfallView<Cell>, didSelectCellAt index: Int) {}
    func waterfallView(_ view: WaterfallView<Cell>, didLongPressCellAt index: Int) {}
    func waterfallView(_ view: WaterfallView<Cell>, didEndDisplaying cell: Cell, at index: Int) {}
    func waterfallView(_ view: WaterfallView<Cell>, didChangeColumns columns: ColumnCount) {}
}

// The six margins of the seed's delegate (`marginForType:`), default 10 each.

public enum MarginType: CaseIterable, Sendable {
    case top, left, bottom, right, row, column
}

public struct Margins: Hashable, Sendable {
    public var top: Double
    public var left: Double
    public var bottom: Double
    public var right: Double
    /// Vertical gap between two tiles of the same column.
    public var row: Double
    /// Horizontal gap between two columns.
    public var column: Double

    public init(top: Double = 10, left: Double = 10, bottom: Double = 10, right: Double = 10,
                row: Double = 10, column: Double = 10) {
        self.top = top; self.left = left; self.bottom = bottom; self.right = right
        self.row = row; self.column = column
    }

    /// The same gap everywhere, as `--margin PX` sets it.
    public init(all value: Double) {
        self.init(top: value, left: value, bottom: value, right: value, row: value, column: value)
    }

    public static let seed = Margins()

    public subscript(type: MarginType) -> Double {
        switch type {
        case .top: top
        case .left: left
        case .bottom: bottom
        case .right: right
        case .row: row
        case .column: column
        }
    }
}

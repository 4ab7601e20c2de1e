import InputLimits
// How many columns a wall has: a fixed number, or as many as fit.

public enum ColumnCount: Hashable, Sendable, CustomStringConvertible {
    case fixed(Int)
    /// As many columns at least `minimumWidth` wide as fit, never fewer than one.
    case auto(minimumWidth: Double)

    /// About 240 px: a photo stays recognisable at that width on any screen.
    public static let automatic = ColumnCount.auto(minimumWidth: 240)
    /// The seed's default.
    public static let seedDefault = ColumnCount.fixed(3)

    /// The concrete number of columns for a wall `width` wide with these margins.
    public func resolve(width: Double, margins: Margins) -> Int {
        switch self {
        case .fixed(let n):
            // The entry points refuse other counts; a caller that skipped them still gets a wall,
            // not millions of empty columns.
            return min(max(Limits.columns.range.lowerBound, n), Limits.columns.range.upperBound)
        case .auto(let minimumWidth):
            // n columns fit when left + right + n·min + (n−1)·gap ≤ width.
            let usable = width - margins.left - margins.right + margins.column
            let per = max(1, minimumWidth) + margins.column
            guard usable.isFinite, per > 0 else { return 1 }
            return max(1, Int((usable / per).rounded(.down)))
        }
    }

    public var description: String {
        switch self {
        case .fixed(let n): "\(n)"
        case .auto: "auto"
        }
    }
}

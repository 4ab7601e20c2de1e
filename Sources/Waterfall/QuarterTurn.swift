/// A turn of the photo as the user sees it, clockwise: what `rotate 90|180|270` asks for.
public enum QuarterTurn: Int, Sendable, CaseIterable {
    case clockwise = 1
    case half = 2
    case counterClockwise = 3

    /// 90, 180 or 270 degrees clockwise; anything else is no turn this type can name.
    public init?(degrees: Int) {
        guard degrees % 90 == 0, let turn = QuarterTurn(rawValue: ((degrees / 90) % 4 + 4) % 4) else { return nil }
        self = turn
    }

    public var degrees: Int { rawValue * 90 }
}

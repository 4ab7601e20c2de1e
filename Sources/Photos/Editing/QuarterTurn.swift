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

// The eight orientations are the symmetries of a rectangle. Written as "mirror left–right
// (or not), then turn clockwise by `turns` quarters", a turn the user asks for afterwards only
// adds to `turns`: rotations compose on the left without touching the mirror. (Turning the
// stored pixels *under* a mirrored tag would need the opposite turn, which is why the
// composition is done here and not guessed per case.)
extension Orientation {
    /// Whether the stored pixels are mirrored left–right before turning.
    var mirrored: Bool {
        switch self {
        case .up, .down, .right, .left: false
        case .upMirrored, .downMirrored, .leftMirrored, .rightMirrored: true
        }
    }

    /// Clockwise quarter turns after the mirror.
    var turns: Int {
        switch self {
        case .up, .upMirrored: 0
        case .right, .rightMirrored: 1
        case .down, .downMirrored: 2
        case .left, .leftMirrored: 3
        }
    }

    init(mirrored: Bool, turns: Int) {
        let table: [Orientation] = mirrored ? [.upMirrored, .rightMirrored, .downMirrored, .leftMirrored]
                                            : [.up, .right, .down, .left]
        self = table[(turns % 4 + 4) % 4]
    }

    /// What the photo shows once turned by `turn` as it is displayed now.
    public func turned(_ turn: QuarterTurn) -> Orientation {
        Orientation(mirrored: mirrored, turns: turns + turn.rawValue)
    }
}

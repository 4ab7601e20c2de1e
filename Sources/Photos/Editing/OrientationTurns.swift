import Waterfall

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

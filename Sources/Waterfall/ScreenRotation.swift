/// How the whole picture is turned on a screen mounted on its side (`--rotate`): clockwise by
/// `degrees`, as `xrandr --rotate right` (90) and the kernel's `fbcon=rotate:1` (90) turn theirs.
/// At 90 the picture's top is along the screen's right edge, so a panel turned a quarter
/// counter-clockwise (its right edge now on top) shows it upright.
///
/// The wall lays out in the *logical* picture (90 and 270 swap width and height); the screen
/// and its input speak *physical* points. This value maps between the two, in any unit (logical
/// pixels for input, physical pixels for drawing), given the size of the side it maps from.
public struct ScreenRotation: Sendable, Hashable, CustomStringConvertible {
    /// The turn; nil: upright, the direct path with no turn at all.
    public let turn: QuarterTurn?

    public static let upright = ScreenRotation(turn: nil)

    public init(turn: QuarterTurn?) { self.turn = turn }

    /// 0, 90, 180 or 270; anything else names no rotation a screen can have.
    public init?(degrees: Int) {
        guard [0, 90, 180, 270].contains(degrees) else { return nil }
        turn = QuarterTurn(degrees: degrees)
    }

    /// The word given on the command line, in the configuration file or the control socket.
    public init(word: String) throws(InvalidWord) {
        guard let degrees = Int(word), let rotation = ScreenRotation(degrees: degrees) else { throw InvalidWord() }
        self = rotation
    }

    public struct InvalidWord: Error, CustomStringConvertible {
        public var description: String { "must be 0, 90, 180 or 270 (degrees clockwise)" }
    }

    public var degrees: Int { turn?.degrees ?? 0 }
    /// The degrees, as the option is written.
    public var description: String { "\(degrees)" }

    /// A quarter turn either way stands the picture on its side: width and height swap.
    public var swapsSides: Bool { turn == .clockwise || turn == .counterClockwise }

    /// The picture's size on a screen of `physical` size (and the screen's for a picture: the
    /// swap is its own inverse).
    public func logicalSize(ofPhysical physical: Size) -> Size {
        swapsSides ? Size(width: physical.height, height: physical.width) : physical
    }

    /// Where a point of the screen (input) lies in the picture; `physical` is the screen's size.
    public func logicalPoint(_ p: Point, onPhysical physical: Size) -> Point {
        switch turn {
        case nil: return p
        case .clockwise: return Point(x: p.y, y: physical.width - p.x)
        case .half: return Point(x: physical.width - p.x, y: physical.height - p.y)
        case .counterClockwise: return Point(x: physical.height - p.y, y: p.x)
        }
    }

    /// Where a point of the picture is drawn on the screen; `logical` is the picture's size.
    public func physicalPoint(_ p: Point, inLogical logical: Size) -> Point {
        switch turn {
        case nil: return p
        case .clockwise: return Point(x: logical.height - p.y, y: p.x)
        case .half: return Point(x: logical.width - p.x, y: logical.height - p.y)
        case .counterClockwise: return Point(x: p.y, y: logical.width - p.x)
        }
    }

    /// Where a rectangle of the picture (a tile) is drawn on the screen.
    public func physicalRect(_ r: Rect, inLogical logical: Size) -> Rect {
        let a = physicalPoint(r.origin, inLogical: logical)
        let b = physicalPoint(Point(x: r.maxX, y: r.maxY), inLogical: logical)
        return Rect(x: min(a.x, b.x), y: min(a.y, b.y), width: abs(b.x - a.x), height: abs(b.y - a.y))
    }
}

extension ScreenRotation {
    /// An input event from the screen, its points in the picture. Gestures are recognised on
    /// the turned points, so a swipe, fling or pinch goes the way it goes on the picture. A
    /// wheel's travel is not turned: it scrolls the wall, whichever way the screen stands.
    public func logical(_ event: InputEvent, onPhysical screen: Size) -> InputEvent {
        guard turn != nil else { return event }
        let turned = { (p: Point) in self.logicalPoint(p, onPhysical: screen) }
        switch event {
        case let .pointerDown(id, p, time): return .pointerDown(id: id, at: turned(p), time: time)
        case let .pointerMoved(id, p, time): return .pointerMoved(id: id, to: turned(p), time: time)
        case let .pointerUp(id, p, time): return .pointerUp(id: id, at: turned(p), time: time)
        case .pointerCancelled: return event
        case let .wheel(dx, dy, zoom, p, time): return .wheel(dx: dx, dy: dy, zoom: zoom, at: p.map(turned), time: time)
        }
    }
}

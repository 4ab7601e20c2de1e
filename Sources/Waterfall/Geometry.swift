// Plain value geometry in Double, y growing downward (screen convention).
// The core keeps frames in Double so that thousands of fractional cell widths add up
// without drift; drawing rounds to whole pixels at the very end (docs/ARCHITECTURE.md, "Layout rules").

public struct Point: Hashable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double
    public init(x: Double, y: Double) { self.x = x; self.y = y }
    public static let zero = Point(x: 0, y: 0)
    public var description: String { "(\(x), \(y))" }

    public static func + (a: Point, b: Point) -> Point { Point(x: a.x + b.x, y: a.y + b.y) }
    public static func - (a: Point, b: Point) -> Point { Point(x: a.x - b.x, y: a.y - b.y) }
    public func distance(to other: Point) -> Double {
        let dx = other.x - x, dy = other.y - y
        return (dx * dx + dy * dy).squareRoot()
    }
}

public struct Size: Hashable, Sendable, CustomStringConvertible {
    public var width: Double
    public var height: Double
    public init(width: Double, height: Double) { self.width = width; self.height = height }
    public static let zero = Size(width: 0, height: 0)
    public var description: String { "\(width)×\(height)" }
    /// True when either side is zero, negative or not a number: such a size covers no pixel.
    public var isEmpty: Bool { !(width > 0 && height > 0) }
}

public struct Rect: Hashable, Sendable, CustomStringConvertible {
    public var origin: Point
    public var size: Size
    public init(origin: Point, size: Size) { self.origin = origin; self.size = size }
    public init(x: Double, y: Double, width: Double, height: Double) {
        origin = Point(x: x, y: y); size = Size(width: width, height: height)
    }
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    public var minX: Double { origin.x }
    public var minY: Double { origin.y }
    public var maxX: Double { origin.x + size.width }
    public var maxY: Double { origin.y + size.height }
    public var midX: Double { origin.x + size.width / 2 }
    public var midY: Double { origin.y + size.height / 2 }
    public var width: Double { size.width }
    public var height: Double { size.height }
    public var isEmpty: Bool { size.isEmpty }
    public var description: String { "[\(minX), \(minY) \(width)×\(height)]" }

    /// Open intersection: rects that only touch along an edge do not meet. This is the
    /// rule for "a tile meets the viewport" everywhere in the core, so a tile whose bottom
    /// sits exactly on the viewport's top is not drawn.
    public func intersects(_ other: Rect) -> Bool {
        minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
    }

    /// Half-open containment [min, max): a point on a shared edge belongs to exactly one tile.
    public func contains(_ p: Point) -> Bool {
        p.x >= minX && p.x < maxX && p.y >= minY && p.y < maxY
    }

    public func offsetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: minX + dx, y: minY + dy, width: width, height: height)
    }

    /// What of this rect `other` leaves uncovered, as at most four strips (top and bottom the
    /// full width, left and right between them).
    public func subtracting(_ other: Rect) -> [Rect] {
        guard intersects(other) else { return isEmpty ? [] : [self] }
        let top = max(minY, other.minY), bottom = min(maxY, other.maxY)
        let strips = [
            Rect(x: minX, y: minY, width: width, height: top - minY),
            Rect(x: minX, y: bottom, width: width, height: maxY - bottom),
            Rect(x: minX, y: top, width: max(other.minX, minX) - minX, height: bottom - top),
            Rect(x: min(other.maxX, maxX), y: top, width: maxX - min(other.maxX, maxX), height: bottom - top),
        ]
        return strips.filter { !$0.isEmpty }
    }

    /// Where the two overlap; nil when they only touch or do not meet (`intersects`'s rule).
    public func intersection(_ other: Rect) -> Rect? {
        let x = max(minX, other.minX), y = max(minY, other.minY)
        let width = min(maxX, other.maxX) - x, height = min(maxY, other.maxY) - y
        return width > 0 && height > 0 ? Rect(x: x, y: y, width: width, height: height) : nil
    }

    /// The smallest rect holding both; an empty rect adds nothing.
    public func union(_ other: Rect) -> Rect {
        if other.isEmpty { return self }
        if isEmpty { return other }
        let x = min(minX, other.minX), y = min(minY, other.minY)
        return Rect(x: x, y: y, width: max(maxX, other.maxX) - x, height: max(maxY, other.maxY) - y)
    }

    /// Grow (positive) or shrink (negative) each side independently.
    public func expanded(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) -> Rect {
        Rect(x: minX - left, y: minY - top, width: width + left + right, height: height + top + bottom)
    }
}

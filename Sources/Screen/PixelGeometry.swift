import Waterfall

/// A rectangle in physical pixels, half-open: it covers columns `minX ..< maxX`.
public struct PixelRect: Hashable, Sendable, CustomStringConvertible {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }
    public var maxX: Int { x + width }
    public var maxY: Int { y + height }
    public var isEmpty: Bool { width <= 0 || height <= 0 }
    public var size: PixelSize { PixelSize(width: width, height: height) }
    public var description: String { "[\(x), \(y) \(width)×\(height)]" }

    /// Snaps a logical rect to physical pixels by rounding each *edge*, not origin and size:
    /// two tiles sharing an edge in Double then share it in pixels too, so neighbours never
    /// overlap or leave a 1-px gap however the fractional cell widths fall.
    public init(snapping rect: Rect, scale: Double = 1) {
        let x0 = PixelRect.snap(rect.minX * scale), x1 = PixelRect.snap(rect.maxX * scale)
        let y0 = PixelRect.snap(rect.minY * scale), y1 = PixelRect.snap(rect.maxY * scale)
        self.init(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
    }

    /// Round half up (toward +∞), not half away from zero: a wall scrolled to negative
    /// offsets must round exactly like one at positive offsets, or tiles shimmer by a
    /// pixel while scrolling. Non-finite and out-of-range values are clamped, never trapped.
    static func snap(_ value: Double) -> Int {
        guard value.isFinite else { return value > 0 ? limit : (value < 0 ? -limit : 0) }
        let rounded = (value + 0.5).rounded(.down)
        return Int(min(max(rounded, Double(-limit)), Double(limit)))
    }

    /// SDL takes 32-bit coordinates; staying well inside them keeps width arithmetic safe.
    static let limit = 1 << 30

    /// The part of `self` inside `other` (empty when they do not meet).
    public func intersection(_ other: PixelRect) -> PixelRect {
        let x0 = max(x, other.x), y0 = max(y, other.y)
        let x1 = min(maxX, other.maxX), y1 = min(maxY, other.maxY)
        return PixelRect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
    }

    /// Shrinks each side by `amount` (never below an empty rect).
    public func insetBy(_ amount: Int) -> PixelRect {
        PixelRect(x: x + amount, y: y + amount,
                  width: max(0, width - 2 * amount), height: max(0, height - 2 * amount))
    }
}

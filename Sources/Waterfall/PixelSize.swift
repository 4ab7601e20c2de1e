/// A size in whole pixels: what a decoder produces, a thumbnail stores and SDL allocates and
/// draws. Here in the core so that Photos and Screen share the one type.
public struct PixelSize: Hashable, Sendable, CustomStringConvertible {
    public var width: Int
    public var height: Int
    public init(width: Int, height: Int) { self.width = width; self.height = height }
    public var isEmpty: Bool { width <= 0 || height <= 0 }
    public var description: String { "\(width)×\(height)" }
}

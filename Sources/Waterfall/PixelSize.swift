/// A size in whole pixels: what a decoder produces, a thumbnail stores and SDL allocates and
/// draws. Here in the core so that Photos and Screen share the one type.
public struct PixelSize: Hashable, Sendable, CustomStringConvertible {
    public var width: Int
    public var height: Int
    public init(width: Int, height: Int) { self.width = width; self.height = height }
    public var isEmpty: Bool { width <= 0 || height <= 0 }
    public var description: String { "\(width)×\(height)" }

    /// This size scaled down, its shape kept, until neither side exceeds `limit`'s; unchanged
    /// when it fits already. Sides stay at least 1, so a panorama held to a small limit is still
    /// a picture. A GPU's largest texture is such a limit, and a decode asks for this size
    /// rather than decoding more than can be shown.
    public func fitted(within limit: PixelSize) -> PixelSize {
        guard width > limit.width || height > limit.height, limit.width > 0, limit.height > 0 else { return self }
        let shrink = min(Double(limit.width) / Double(width), Double(limit.height) / Double(height))
        return PixelSize(width: min(limit.width, max(1, Int(Double(width) * shrink))),
                         height: min(limit.height, max(1, Int(Double(height) * shrink))))
    }
}

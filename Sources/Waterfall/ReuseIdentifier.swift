// The key under which idle resources wait in the reuse pool (the seed's
// `dequeueReusableCellWithIdentifier:`). A value type with no strings inside, so building
// and hashing one on every frame allocates nothing.

public struct ReuseFamily: RawRepresentable, Hashable, Sendable {
    public var rawValue: UInt16
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    public static let cell = ReuseFamily(rawValue: 0)
    public static let tile = ReuseFamily(rawValue: 1)
    public static let placeholder = ReuseFamily(rawValue: 2)
    public static let errorTile = ReuseFamily(rawValue: 3)
    public static let caption = ReuseFamily(rawValue: 4)
}

public struct ReuseIdentifier: Hashable, Sendable, CustomStringConvertible {
    public var family: ReuseFamily
    /// Pixel size class (0 × 0 for resources of one size, such as a plain cell).
    public var width: Int32
    public var height: Int32
    /// Distinguishes pixel formats or anything else that makes two resources not interchangeable.
    public var format: UInt32

    public init(family: ReuseFamily, width: Int = 0, height: Int = 0, format: UInt32 = 0) {
        self.family = family
        self.width = Int32(clamping: width)
        self.height = Int32(clamping: height)
        self.format = format
    }

    /// The class of a resource that must hold at least `width × height` pixels: each side rounded
    /// up to a step of one sixteenth of its power of two (at least 16 px). Tiles of nearly the same
    /// shape then share textures, while no texture wastes more than 12.5 % per side.
    public static func sizeClass(_ family: ReuseFamily, width: Int, height: Int, format: UInt32 = 0) -> ReuseIdentifier {
        ReuseIdentifier(family: family, width: roundUp(width), height: roundUp(height), format: format)
    }

    /// The longest side a size class can have without exceeding `limit` (a GPU's largest
    /// texture): `limit` itself for a power of two, else the last step of the classes below it.
    public static func largestClassSide(atMost limit: Int) -> Int {
        guard limit > 16 else { return max(limit, 0) }
        let power = 1 << (Int.bitWidth - (limit - 1).leadingZeroBitCount)
        let step = max(16, power / 16)
        return limit / step * step
    }

    static func roundUp(_ v: Int) -> Int {
        guard v > 16 else { return max(v, 0) == 0 ? 0 : 16 }
        // Sides are kept as Int32: a larger one saturates there instead of overflowing below.
        let v = min(v, Int(Int32.max))
        let power = 1 << (Int.bitWidth - (v - 1).leadingZeroBitCount)   // next power of two ≥ v
        let step = max(16, power / 16)
        return (v + step - 1) / step * step
    }

    public var description: String { "\(family.rawValue):\(width)x\(height)/\(format)" }
}

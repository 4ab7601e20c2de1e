/// The size of a Windows or OS/2 bitmap from the info header after the 14-byte file header.
enum BMPHeader {
    /// OS/2 1.x core (12), OS/2 2.x short and full (16, 64), Windows BITMAPINFOHEADER (40) and
    /// its V2, V3, V4, V5 successors (52, 56, 108, 124).
    static let knownInfoSizes: Set<Int> = [12, 16, 40, 52, 56, 64, 108, 124]

    static func probe(_ input: ProbeInput) throws(ProbeError) -> StoredHeader {
        let infoSize = try input.u32(at: 14, bigEndian: false)
        guard knownInfoSizes.contains(infoSize) else { throw input.corrupt("has an info header of \(infoSize) bytes") }
        if infoSize == 12 {
            // The core header has unsigned 16-bit sides.
            let core = try input.bytes(4, at: 18)
            return StoredHeader(width: core.le16(at: 0) ?? 0, height: core.le16(at: 2) ?? 0, orientation: .up)
        }
        let info = try input.bytes(8, at: 18)
        let width = Int(Int32(truncatingIfNeeded: info.le32(at: 0) ?? 0))
        let height = Int(Int32(truncatingIfNeeded: info.le32(at: 4) ?? 0))
        guard width >= 0 else { throw input.corrupt("has a negative width") }
        // A negative height means the rows are stored top-down; the size is its magnitude.
        return StoredHeader(width: width, height: abs(height), orientation: .up)
    }
}

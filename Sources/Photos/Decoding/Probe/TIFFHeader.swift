/// The size and orientation of a TIFF from its first IFD, in either byte order. The IFD can sit
/// anywhere in the file — writers often put it after the image data — so it is read by offset.
enum TIFFHeader {
    private static let imageWidth = 256
    private static let imageLength = 257
    private static let orientationTag = 274
    private static let short = 3
    private static let long = 4

    static func probe(_ input: ProbeInput) throws(ProbeError) -> StoredHeader {
        let bigEndian = input.prefix.first == UInt8(ascii: "M")
        let ifdOffset = try input.u32(at: 4, bigEndian: bigEndian)
        guard ifdOffset >= 8 else { throw input.corrupt("has its first IFD at offset \(ifdOffset)") }
        let count = try input.u16(at: ifdOffset, bigEndian: bigEndian)
        guard count > 0 else { throw input.corrupt("has an empty first IFD") }
        // At most 65535 entries of 12 bytes: a bounded read whatever the file claims.
        let entries = try input.bytes(count * 12, at: ifdOffset + 2)
        var width: Int?
        var height: Int?
        var orientation = Orientation.up
        var orientationSeen = false
        for index in 0..<count {
            let base = index * 12
            guard let tag = entries.u16(at: base, bigEndian: bigEndian),
                  let type = entries.u16(at: base + 2, bigEndian: bigEndian),
                  let components = entries.u32(at: base + 4, bigEndian: bigEndian), components >= 1 else { continue }
            // A single SHORT or LONG sits in the first bytes of the value field itself.
            let value: Int?
            switch type {
            case short: value = entries.u16(at: base + 8, bigEndian: bigEndian)
            case long: value = entries.u32(at: base + 8, bigEndian: bigEndian)
            default: value = nil
            }
            guard let value else { continue }
            switch tag {
            // libtiff keeps the first of duplicated tags; so must the probe, or a TIFF saying
            // 60000 then 1 would pass the pixel cap at 1 and be decoded by libtiff at 60000.
            case imageWidth where width == nil: width = value
            case imageLength where height == nil: height = value
            case orientationTag where type == short && !orientationSeen:
                orientation = Orientation(exifValue: value)
                orientationSeen = true
            default: break
            }
        }
        guard let width, let height else { throw input.corrupt("has no image size in its first IFD") }
        return StoredHeader(width: width, height: height, orientation: orientation)
    }
}

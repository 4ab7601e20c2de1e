// The top-level boxes of an ISO base media file — HEIF and AVIF, and JPEG XL's container — walked
// by their headers alone: a box is skipped by its size, so a large `mdat` costs one read.

struct ISOTopLevelBox {
    let type: String
    let offset: Int
    /// 8, or 16 with a 64-bit size.
    let headerSize: Int
    /// The whole box, header included; 0 for a box that runs to the end of the file.
    let size: Int

    var bodyStart: Int { offset + headerSize }
}

enum ISOTopLevelBoxes {
    /// The first box from `start` whose type is one of `types`, looking at no more than
    /// `maximumBoxes` boxes; nil when the boxes end (or one runs to the end) before it.
    static func first(of types: Set<String>, in input: ProbeInput, from start: Int,
                      maximumBoxes: Int) throws(ProbeError) -> ISOTopLevelBox? {
        var offset = start
        for _ in 0..<maximumBoxes {
            let head = try input.bytes(upTo: 16, at: offset)
            guard head.count >= 8, var size = head.be32(at: 0) else { return nil }
            var headerSize = 8
            if size == 1 {
                guard head.count == 16, let high = head.be32(at: 8), let low = head.be32(at: 12), high < 1 << 16 else {
                    throw input.corrupt("has a box of impossible size")
                }
                size = high << 32 | low
                headerSize = 16
            }
            let type = String(decoding: head[4..<8], as: UTF8.self)
            if types.contains(type) { return ISOTopLevelBox(type: type, offset: offset, headerSize: headerSize, size: size) }
            guard size >= headerSize else { return nil }
            offset += size
        }
        return nil
    }
}

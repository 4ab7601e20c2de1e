/// Percent-encoding of path bytes: letters and digits and the characters given are kept,
/// every other byte (including every byte ≥ 0x80) becomes %XX with upper-case hex.
struct PercentEncoding: Sendable {
    private let keep: [Bool]
    private static let hex = Array("0123456789ABCDEF".utf8)

    init(keeping punctuation: String) {
        var table = [Bool](repeating: false, count: 256)
        for c in UInt8(ascii: "a")...UInt8(ascii: "z") { table[Int(c)] = true }
        for c in UInt8(ascii: "A")...UInt8(ascii: "Z") { table[Int(c)] = true }
        for c in UInt8(ascii: "0")...UInt8(ascii: "9") { table[Int(c)] = true }
        for c in punctuation.utf8 { table[Int(c)] = true }
        keep = table
    }

    /// `bytes` encoded, appended to `out`.
    func encode(_ bytes: [UInt8], into out: inout [UInt8]) {
        out.reserveCapacity(out.count + bytes.count * 3)
        for b in bytes {
            if keep[Int(b)] {
                out.append(b)
            } else {
                out.append(UInt8(ascii: "%"))
                out.append(Self.hex[Int(b >> 4)])
                out.append(Self.hex[Int(b & 0xF)])
            }
        }
    }
}

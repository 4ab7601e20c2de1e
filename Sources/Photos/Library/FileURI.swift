// Percent-encoding of file paths into `file://` URIs.
enum FileURI {
    /// The bytes GLib leaves as they are in a path (its UNSAFE_PATH table): unreserved
    /// characters plus `! $ & ' ( ) * + , / : = @`. Everything else, including every byte
    /// ≥ 0x80, becomes %XX with upper-case hex.
    private static let keep: [Bool] = {
        var table = [Bool](repeating: false, count: 256)
        for c in UInt8(ascii: "a")...UInt8(ascii: "z") { table[Int(c)] = true }
        for c in UInt8(ascii: "A")...UInt8(ascii: "Z") { table[Int(c)] = true }
        for c in UInt8(ascii: "0")...UInt8(ascii: "9") { table[Int(c)] = true }
        for c in "-._~!$&'()*+,/:=@".utf8 { table[Int(c)] = true }
        return table
    }()
    private static let hex = Array("0123456789ABCDEF".utf8)

    static func make(absolutePath: [UInt8]) -> String {
        var out: [UInt8] = Array("file://".utf8)
        out.reserveCapacity(out.count + absolutePath.count * 3)
        for b in absolutePath {
            if keep[Int(b)] {
                out.append(b)
            } else {
                out.append(UInt8(ascii: "%"))
                out.append(hex[Int(b >> 4)])
                out.append(hex[Int(b & 0xF)])
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}

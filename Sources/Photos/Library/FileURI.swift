// Percent-encoding of file paths into `file://` URIs.
enum FileURI {
    /// The bytes GLib leaves as they are in a path (its UNSAFE_PATH table): unreserved
    /// characters plus `! $ & ' ( ) * + , / : = @`. Everything else, including every byte
    /// ≥ 0x80, becomes %XX with upper-case hex.
    private static let encoding = PercentEncoding(keeping: "-._~!$&'()*+,/:=@")

    static func make(absolutePath: [UInt8]) -> String {
        var out: [UInt8] = Array("file://".utf8)
        encoding.encode(absolutePath, into: &out)
        return String(decoding: out, as: UTF8.self)
    }
}

// Bounds-checked reads of little- and big-endian integers. Every header field is read through
// these, so a short or lying file yields nil instead of a trap.
extension Array where Element == UInt8 {
    func u8(at offset: Int) -> Int? {
        guard offset >= 0, offset < count else { return nil }
        return Int(self[offset])
    }

    func le16(at offset: Int) -> Int? {
        guard offset >= 0, offset <= count - 2 else { return nil }
        return Int(self[offset]) | Int(self[offset + 1]) << 8
    }

    func be16(at offset: Int) -> Int? {
        guard offset >= 0, offset <= count - 2 else { return nil }
        return Int(self[offset]) << 8 | Int(self[offset + 1])
    }

    func le32(at offset: Int) -> Int? {
        guard offset >= 0, offset <= count - 4 else { return nil }
        return Int(self[offset]) | Int(self[offset + 1]) << 8 | Int(self[offset + 2]) << 16 | Int(self[offset + 3]) << 24
    }

    func be32(at offset: Int) -> Int? {
        guard offset >= 0, offset <= count - 4 else { return nil }
        return Int(self[offset]) << 24 | Int(self[offset + 1]) << 16 | Int(self[offset + 2]) << 8 | Int(self[offset + 3])
    }

    func u16(at offset: Int, bigEndian: Bool) -> Int? { bigEndian ? be16(at: offset) : le16(at: offset) }
    func u32(at offset: Int, bigEndian: Bool) -> Int? { bigEndian ? be32(at: offset) : le32(at: offset) }

    /// Whether `signature` sits at `offset`.
    func has(_ signature: [UInt8], at offset: Int) -> Bool {
        guard offset >= 0, offset <= count - signature.count else { return false }
        for i in 0..<signature.count where self[offset + i] != signature[i] { return false }
        return true
    }
}

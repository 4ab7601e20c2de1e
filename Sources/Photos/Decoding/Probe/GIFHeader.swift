/// The size of a GIF: its logical screen, which every frame is drawn into.
enum GIFHeader {
    static func probe(_ input: ProbeInput) throws(ProbeError) -> StoredHeader {
        let screen = try input.bytes(4, at: 6)
        return StoredHeader(width: screen.le16(at: 0) ?? 0, height: screen.le16(at: 2) ?? 0, orientation: .up)
    }
}

/// The bytes a header probe looks at: a prefix already in memory, and — when probing a file —
/// the file itself for the rare header that sits further in (a JPEG frame header after large
/// APP segments, a WebP EXIF chunk after the bitstream, a TIFF IFD at the end).
///
/// Reads beyond the prefix go through a small window: walking short segments there costs one
/// system call per window, not per field, and hopping over large chunks reads little besides
/// their headers.
final class ProbeInput {
    let prefix: [UInt8]
    let format: ImageFormat
    private let file: SafeFile?
    private var windowStart = 0
    private var window: [UInt8] = []
    private static let windowSize = 4096

    init(prefix: [UInt8], format: ImageFormat, file: SafeFile?) {
        self.prefix = prefix
        self.format = format
        self.file = file
    }

    /// Up to `count` bytes at `offset`: fewer only where the data ends.
    func bytes(upTo count: Int, at offset: Int) throws(ProbeError) -> [UInt8] {
        guard offset >= 0, count > 0 else { return [] }
        if offset < prefix.count, count <= prefix.count - offset || file == nil {
            return Array(prefix[offset..<min(prefix.count, offset + count)])
        }
        guard let file else { return [] }
        if offset >= windowStart, count <= window.count - (offset - windowStart) {
            return Array(window[(offset - windowStart)..<(offset - windowStart + count)])
        }
        do {
            if count > Self.windowSize { return try file.read(at: offset, count: count) }
            window = try file.read(at: offset, count: Self.windowSize)
            windowStart = offset
            return Array(window.prefix(count))
        } catch {
            throw .file(error)
        }
    }

    /// Exactly `count` bytes at `offset`, or `.truncated`.
    func bytes(_ count: Int, at offset: Int) throws(ProbeError) -> [UInt8] {
        let result = try bytes(upTo: count, at: offset)
        guard result.count == count else { throw .truncated(format) }
        return result
    }

    func byte(at offset: Int) throws(ProbeError) -> Int {
        if offset >= 0, offset < prefix.count { return Int(prefix[offset]) }
        return Int(try bytes(1, at: offset)[0])
    }

    /// A 16- or 32-bit integer at `offset`, or `.truncated`.
    func u16(at offset: Int, bigEndian: Bool) throws(ProbeError) -> Int {
        guard let value = try bytes(2, at: offset).u16(at: 0, bigEndian: bigEndian) else { throw .truncated(format) }
        return value
    }

    func u32(at offset: Int, bigEndian: Bool) throws(ProbeError) -> Int {
        guard let value = try bytes(4, at: offset).u32(at: 0, bigEndian: bigEndian) else { throw .truncated(format) }
        return value
    }

    func corrupt(_ reason: String) -> ProbeError { .corruptHeader(format, reason: reason) }
}

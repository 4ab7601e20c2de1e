// Cuts a byte stream into request lines. Bytes arrive in whatever pieces the kernel hands over:
// a line can be split anywhere, several can come at once. A line may end in "\n" or "\r\n";
// one longer than the limit is reported as soon as that is certain, so a client cannot make us
// buffer more than the limit while it waits for a newline that never comes. swift-nio-extras'
// LineBasedFrameDecoder is no faster, has no such limit and refuses a last line without a
// newline (BENCHMARKS.md, "Hand-written or a library").

struct LineFramer {
    enum Frame: Equatable {
        /// Without its line ending.
        case line([UInt8])
        /// The client sent more than `maximumLength` bytes without ending the line; nothing
        /// more is framed after this.
        case tooLong
    }

    let maximumLength: Int
    private var buffer: [UInt8] = []
    /// Bytes at the start of `buffer` already searched for a newline.
    private var searched = 0
    private var failed = false

    init(maximumLength: Int) { self.maximumLength = maximumLength }

    /// Bytes of a line begun but not yet ended.
    var partialCount: Int { buffer.count }

    mutating func push(_ bytes: some Collection<UInt8>) -> [Frame] {
        guard !failed else { return [] }
        buffer.append(contentsOf: bytes)
        var frames: [Frame] = []
        var start = 0
        while let newline = buffer[(start + searched)...].firstIndex(of: 0x0A) {
            var end = newline
            if end > start, buffer[end - 1] == 0x0D { end -= 1 }
            if end - start > maximumLength { return fail(frames) }
            frames.append(.line(Array(buffer[start..<end])))
            start = newline + 1
            searched = 0
        }
        buffer.removeFirst(start)
        searched = buffer.count
        // The partial line may still end in "\r" just before its "\n".
        let certain = buffer.count > maximumLength + 1 || (buffer.count == maximumLength + 1 && buffer.last != 0x0D)
        return certain ? fail(frames) : frames
    }

    /// The other end finished sending: what is left is a last line without its newline.
    mutating func finish() -> [Frame] {
        guard !failed, !buffer.isEmpty else { return [] }
        var end = buffer.count
        if buffer[end - 1] == 0x0D { end -= 1 }
        let frame: Frame = end > maximumLength ? .tooLong : .line(Array(buffer[..<end]))
        buffer = []
        searched = 0
        return [frame]
    }

    private mutating func fail(_ frames: [Frame]) -> [Frame] {
        failed = true
        buffer = []
        searched = 0
        return frames + [.tooLong]
    }
}

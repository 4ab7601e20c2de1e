import Waterfall

// The decode worker's wire format: one request and one reply per SOCK_SEQPACKET message,
// little-endian, versioned by a magic number. The file travels as a descriptor beside the
// request and the pixels as a sealed memfd beside the reply, so a message stays small.
// The parent reads replies as hostile: every field is bounds-checked.

enum WorkerMessages {
    static let requestMagic: UInt32 = 0x3344_5743  // "CWD3": a request may ask for the preview, or frames
    static let replyMagic: UInt32 = 0x3452_5743    // "CWR4": images say whether they are partial and why their colours are unconverted; frames
    /// The worker's first message, once its limits are set: proof that the program started is
    /// a decode worker of this protocol before any file is entrusted to it.
    static let hello: [UInt8] = Array("CWH1".utf8)
    /// Larger than any request or reply; a path that does not fit is refused before sending.
    static let maxMessage = 1 << 16
    /// Strings in error replies are cut to this many bytes.
    static let maxText = 1000

    struct Malformed: Error {}

    enum Reply {
        /// Pixels of this geometry are in the memfd sent with the reply; `partial` and
        /// `colourNote` as in `DecodedImage`.
        case image(width: Int, height: Int, stride: Int, partial: String?, colourNote: String? = nil)
        /// `milliseconds.count` frames of this geometry, one after another in the memfd.
        case frames(width: Int, height: Int, stride: Int, first: Int, milliseconds: [Int], loopCount: Int, isLast: Bool)
        case failure(DecodeError)
    }

    static func encode(_ request: PhotoDecodeRequest) -> [UInt8] {
        var out = Writer()
        out.u32(requestMagic)
        out.u8(UInt8(ImageFormat.allCases.firstIndex(of: request.format)!))
        out.u8(UInt8(request.orientation.rawValue))
        out.u8(request.mode == .fill ? 0 : 1)
        out.u8((request.storedSize == nil ? 0 : 1) | (request.preview ? 2 : 0) | (request.animation == nil ? 0 : 4))
        out.u64(request.box.width); out.u64(request.box.height)
        out.u64(request.storedSize?.width ?? 0); out.u64(request.storedSize?.height ?? 0)
        out.u64(request.maxPixels)
        if let window = request.animation { out.u64(window.start); out.u64(window.maxBytes); out.u64(window.maxFrames) }
        out.bytes(request.path.bytes)
        return out.data
    }

    static func decodeRequest(_ data: [UInt8]) throws(Malformed) -> PhotoDecodeRequest {
        var input = Reader(data)
        guard try input.u32() == requestMagic else { throw Malformed() }
        let formatIndex = try input.u8()
        guard formatIndex < ImageFormat.allCases.count,
              let orientation = Orientation(rawValue: Int(try input.u8())) else { throw Malformed() }
        let mode: DecodeMode = try input.u8() == 0 ? .fill : .fit
        let flags = try input.u8()
        guard flags < 8 else { throw Malformed() }
        let hasStored = flags & 1 != 0
        let box = PixelSize(width: try input.size(), height: try input.size())
        let stored = PixelSize(width: try input.size(), height: try input.size())
        let maxPixels = try input.u64()
        let window = flags & 4 == 0 ? nil : AnimationWindow(start: try input.size(), maxBytes: try input.size(), maxFrames: try input.size())
        let path = try input.bytes()
        guard input.atEnd, maxPixels <= Int.max / 8 else { throw Malformed() }
        return PhotoDecodeRequest(path: PhotoPath(bytes: path), format: ImageFormat.allCases[Int(formatIndex)],
                                  orientation: orientation, storedSize: hasStored ? stored : nil, box: box,
                                  mode: mode, maxPixels: Int(maxPixels), preview: flags & 2 != 0, animation: window)
    }

    static func encode(_ reply: Reply) -> [UInt8] {
        var out = Writer()
        out.u32(replyMagic)
        switch reply {
        case .image(let width, let height, let stride, let partial, let colourNote):
            out.u8(0)
            out.u64(width); out.u64(height); out.u64(stride)
            for text in [partial, colourNote] {
                out.u8(text == nil ? 0 : 1)
                if let text { out.text(text) }
            }
        case .failure(let error):
            out.u8(1)
            encode(error, into: &out)
        case .frames(let width, let height, let stride, let first, let milliseconds, let loopCount, let isLast):
            out.u8(2)
            out.u64(width); out.u64(height); out.u64(stride); out.u64(first); out.u64(loopCount)
            out.u8(isLast ? 1 : 0)
            out.u32(UInt32(milliseconds.count))
            for ms in milliseconds { out.u32(UInt32(clamping: ms)) }
        }
        return out.data
    }

    static func decodeReply(_ data: [UInt8]) throws(Malformed) -> Reply {
        var input = Reader(data)
        guard try input.u32() == replyMagic else { throw Malformed() }
        let reply: Reply
        switch try input.u8() {
        case 0:
            let width = try input.size(), height = try input.size(), stride = try input.size()
            let partial = try optionalText(&input), colourNote = try optionalText(&input)
            reply = .image(width: width, height: height, stride: stride, partial: partial, colourNote: colourNote)
        case 1: reply = .failure(try decodeError(&input))
        case 2:
            let width = try input.size(), height = try input.size(), stride = try input.size()
            let first = try input.size(), loopCount = try input.size()
            let last = try input.u8()
            let count = Int(try input.u32())
            // Four bytes a frame must be there: a count cannot make us allocate past the message.
            guard last < 2, count <= (input.data.count - input.offset) / 4 else { throw Malformed() }
            var milliseconds: [Int] = []
            for _ in 0..<count { milliseconds.append(Int(try input.u32())) }
            reply = .frames(width: width, height: height, stride: stride, first: first, milliseconds: milliseconds,
                            loopCount: loopCount, isLast: last == 1)
        default: throw Malformed()
        }
        guard input.atEnd else { throw Malformed() }
        return reply
    }

    private static func optionalText(_ input: inout Reader) throws(Malformed) -> String? {
        switch try input.u8() {
        case 0: return nil
        case 1: return try input.text()
        default: throw Malformed()
        }
    }

    // MARK: Errors

    private static func encode(_ error: DecodeError, into out: inout Writer) {
        switch error {
        case .unreadable(let why): out.u8(0); out.text(why)
        case .notRegularFile: out.u8(1)
        case .fileTooLarge(let bytes): out.u8(2); out.u64(Int(bytes))
        case .truncated: out.u8(3)
        case .corrupt(let format, let detail):
            out.u8(4); out.u8(UInt8(ImageFormat.allCases.firstIndex(of: format)!)); out.text(detail)
        case .tooManyPixels(let width, let height): out.u8(5); out.u64(width); out.u64(height)
        case .unsupported(let what): out.u8(6); out.text(what)
        case .unknownSize: out.u8(7)
        case .outOfMemory: out.u8(8)
        case .failedBefore(let reason): out.u8(9); out.text(reason)
        case .decoderCrashed(let reason): out.u8(10); out.text(reason)
        case .decoderUnavailable(let why): out.u8(11); out.text(why)
        case .beyondStatedSize(let format): out.u8(12); out.u8(UInt8(ImageFormat.allCases.firstIndex(of: format)!))
        }
    }

    private static func decodeError(_ input: inout Reader) throws(Malformed) -> DecodeError {
        switch try input.u8() {
        case 0: return .unreadable(try input.text())
        case 1: return .notRegularFile
        case 2: return .fileTooLarge(bytes: Int64(try input.size()))
        case 3: return .truncated
        case 4:
            let index = Int(try input.u8())
            guard index < ImageFormat.allCases.count else { throw Malformed() }
            return .corrupt(ImageFormat.allCases[index], detail: try input.text())
        case 5: return .tooManyPixels(width: try input.size(), height: try input.size())
        case 6: return .unsupported(try input.text())
        case 7: return .unknownSize
        case 8: return .outOfMemory
        case 9: return .failedBefore(try input.text())
        case 10: return .decoderCrashed(try input.text())
        case 11: return .decoderUnavailable(try input.text())
        case 12:
            let index = Int(try input.u8())
            guard index < ImageFormat.allCases.count else { throw Malformed() }
            return .beyondStatedSize(ImageFormat.allCases[index])
        default: throw Malformed()
        }
    }

    // MARK: Bytes

    struct Writer {
        var data: [UInt8] = []
        mutating func u8(_ value: UInt8) { data.append(value) }
        mutating func u32(_ value: UInt32) { withUnsafeBytes(of: value.littleEndian) { data += $0 } }
        mutating func u64(_ value: Int) { withUnsafeBytes(of: UInt64(truncatingIfNeeded: value).littleEndian) { data += $0 } }
        mutating func bytes(_ value: [UInt8]) { u32(UInt32(value.count)); data += value }
        mutating func text(_ value: String) { bytes(Array(Array(value.utf8).prefix(maxText))) }
    }

    struct Reader {
        let data: [UInt8]
        var offset = 0
        init(_ data: [UInt8]) { self.data = data }

        var atEnd: Bool { offset == data.count }

        mutating func take(_ count: Int) throws(Malformed) -> ArraySlice<UInt8> {
            guard count >= 0, count <= data.count - offset else { throw Malformed() }
            defer { offset += count }
            return data[offset..<offset + count]
        }

        mutating func u8() throws(Malformed) -> UInt8 { try take(1).first! }

        mutating func u32() throws(Malformed) -> UInt32 {
            try take(4).reversed().reduce(0) { $0 << 8 | UInt32($1) }
        }

        mutating func u64() throws(Malformed) -> UInt64 {
            try take(8).reversed().reduce(0) { $0 << 8 | UInt64($1) }
        }

        /// A size or count: refused above 2³² so no arithmetic on it can overflow.
        mutating func size() throws(Malformed) -> Int {
            let value = try u64()
            guard value <= UInt64(UInt32.max) else { throw Malformed() }
            return Int(value)
        }

        mutating func bytes() throws(Malformed) -> [UInt8] { Array(try take(Int(try u32()))) }

        mutating func text() throws(Malformed) -> String {
            let raw = try bytes()
            guard raw.count <= maxText else { throw Malformed() }
            return String(decoding: raw, as: UTF8.self)
        }
    }
}

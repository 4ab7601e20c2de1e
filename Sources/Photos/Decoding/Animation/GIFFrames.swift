import CGif

/// An animated GIF's canvases, composed here from giflib's rows: giflib undoes the LZW coding and
/// the interlacing, and leaves what a frame does to the canvas — its transparent colour, and its
/// disposal before the next frame (keep, clear to transparent, restore what was under it) — to the
/// caller, as to every GIF viewer.
final class GIFFrames: FrameSource {
    let width: Int
    let height: Int
    /// How many times it plays: once without a NETSCAPE2.0 block, its repeat count + 1 with one,
    /// 0 (forever) for a repeat count of 0.
    private(set) var loopCount = 1
    private let gif: UnsafeMutablePointer<GifFileType>
    private let reader: MemoryReader
    private var canvas: [UInt8]
    private var underPrevious: [UInt8]?
    private var disposal: (mode: Int32, x: Int, y: Int, width: Int, height: Int)?
    private var control = GraphicsControlBlock(DisposalMode: DISPOSAL_UNSPECIFIED, UserInputFlag: false, DelayTime: 0,
                                               TransparentColor: NO_TRANSPARENT_COLOR)
    private var framesRead = 0

    /// `base` must outlive the frames.
    init(_ base: UnsafePointer<UInt8>, count: Int, maxPixels: Int) throws(DecodeError) {
        reader = MemoryReader(base: base, count: count)
        var error: Int32 = 0
        guard let gif = DGifOpen(Unmanaged.passUnretained(reader).toOpaque(), MemoryReader.read, &error) else {
            throw Self.decodeError(error)
        }
        self.gif = gif
        width = Int(gif.pointee.SWidth); height = Int(gif.pointee.SHeight)
        guard width > 0, height > 0 else {
            DGifCloseFile(gif, &error)
            throw .corrupt(.gif, detail: "no canvas size")
        }
        guard width * height <= maxPixels else {
            DGifCloseFile(gif, &error)
            throw .tooManyPixels(width: width, height: height)
        }
        canvas = [UInt8](repeating: 0, count: width * height * 4)
    }

    deinit {
        var error: Int32 = 0
        DGifCloseFile(gif, &error)
    }

    /// The canvas itself, shared: it is copied only if kept while the next frame is drawn.
    func next() throws(DecodeError) -> (canvas: [UInt8], milliseconds: Int)? {
        dispose()
        do {
            guard let delay = try readFrame() else { return nil }
            framesRead += 1
            return (canvas, delay)
        } catch {
            // A file cut short after some frames plays those, as browsers do.
            if framesRead > 0 { return nil }
            throw error
        }
    }

    /// Reads records up to the next image and draws it; its delay in ms, or nil at the end.
    private func readFrame() throws(DecodeError) -> Int? {
        while true {
            var type = UNDEFINED_RECORD_TYPE
            try check(DGifGetRecordType(gif, &type))
            switch type {
            case IMAGE_DESC_RECORD_TYPE:
                try check(DGifGetImageDesc(gif))
                try draw(gif.pointee.Image)
                let delay = Int(control.DelayTime) * 10
                control = GraphicsControlBlock(DisposalMode: DISPOSAL_UNSPECIFIED, UserInputFlag: false, DelayTime: 0,
                                               TransparentColor: NO_TRANSPARENT_COLOR)
                return delay
            case EXTENSION_RECORD_TYPE:
                try readExtension()
            case TERMINATE_RECORD_TYPE:
                return nil
            default:
                throw .corrupt(.gif, detail: "unknown record")
            }
        }
    }

    private func readExtension() throws(DecodeError) {
        var code: Int32 = 0
        var block: UnsafeMutablePointer<GifByteType>?
        try check(DGifGetExtension(gif, &code, &block))
        var netscape = false
        if code == GRAPHICS_EXT_FUNC_CODE, let block {
            _ = DGifExtensionToGCB(Int(block[0]), block + 1, &control)
        } else if code == APPLICATION_EXT_FUNC_CODE, let block, block[0] == 11 {
            let name = Array(UnsafeBufferPointer(start: block + 1, count: 11))
            netscape = name == Array("NETSCAPE2.0".utf8) || name == Array("ANIMEXTS1.0".utf8)
        }
        while block != nil {
            try check(DGifGetExtensionNext(gif, &block))
            if netscape, let data = block, data[0] >= 3, data[1] == 1 {
                let repeats = Int(data[2]) | Int(data[3]) << 8
                loopCount = repeats == 0 ? 0 : repeats + 1
                netscape = false
            }
        }
    }

    /// Draws the image just described onto the canvas, row by row in the file's order.
    private func draw(_ image: GifImageDesc) throws(DecodeError) {
        let w = Int(image.Width), h = Int(image.Height), left = Int(image.Left), top = Int(image.Top)
        guard w > 0, h > 0, w <= 65535, h <= 65535 else { throw .corrupt(.gif, detail: "frame of no size") }
        guard let map = image.ColorMap ?? gif.pointee.SColorMap, let colours = map.pointee.Colors else {
            throw .corrupt(.gif, detail: "no colour table")
        }
        let colourCount = Int(map.pointee.ColorCount)
        if control.DisposalMode == DISPOSE_PREVIOUS { underPrevious = canvas }
        disposal = (control.DisposalMode, left, top, w, h)
        let transparent = Int(control.TransparentColor)
        var row = [GifPixelType](repeating: 0, count: w)
        // giflib does not hold a frame to the canvas: what falls outside is read and dropped.
        let visibleWidth = max(0, min(w, width - left))
        for y in Self.rowOrder(height: h, interlaced: image.Interlace) {
            try check(DGifGetLine(gif, &row, Int32(w)))
            let cy = top + y
            guard cy >= 0, cy < height, visibleWidth > 0 else { continue }
            canvas.withUnsafeMutableBufferPointer { out in
                for x in 0..<visibleWidth where left + x >= 0 {
                    let index = Int(row[x])
                    guard index != transparent, index < colourCount else { continue }
                    let colour = colours[index], at = (cy * width + left + x) * 4
                    out[at] = colour.Blue; out[at + 1] = colour.Green; out[at + 2] = colour.Red; out[at + 3] = 255
                }
            }
        }
    }

    /// The rows of an interlaced image come in four passes: every 8th from 0, from 4, every 4th
    /// from 2, every 2nd from 1.
    static func rowOrder(height: Int, interlaced: Bool) -> [Int] {
        guard interlaced else { return Array(0..<height) }
        return [(0, 8), (4, 8), (2, 4), (1, 2)].flatMap { start, step in Array(stride(from: start, to: height, by: step)) }
    }

    /// What the last frame asked to leave behind before the next is drawn.
    private func dispose() {
        guard let disposal else { return }
        self.disposal = nil
        switch disposal.mode {
        case DISPOSE_BACKGROUND:
            // Cleared to transparent, as browsers do, not to the background colour.
            let top = max(0, disposal.y), bottom = min(height, disposal.y + disposal.height)
            guard top < bottom else { break }
            for y in top..<bottom {
                let from = (y * width + max(0, disposal.x)) * 4, to = (y * width + min(width, disposal.x + disposal.width)) * 4
                if from < to { canvas.replaceSubrange(from..<to, with: repeatElement(0, count: to - from)) }
            }
        case DISPOSE_PREVIOUS:
            if let underPrevious { canvas = underPrevious }
        default:
            break
        }
        underPrevious = nil
    }

    private func check(_ status: Int32) throws(DecodeError) {
        guard status != GIF_OK else { return }
        throw Self.decodeError(gif.pointee.Error)
    }

    private static func decodeError(_ code: Int32) -> DecodeError {
        if code == D_GIF_ERR_READ_FAILED || code == D_GIF_ERR_EOF_TOO_SOON { return .truncated }
        if code == D_GIF_ERR_NOT_ENOUGH_MEM { return .outOfMemory }
        return .corrupt(.gif, detail: GifErrorString(code).map { String(cString: $0) } ?? "giflib error \(code)")
    }
}

/// giflib reads through a callback; this is the memory it reads from.
private final class MemoryReader {
    let base: UnsafePointer<UInt8>
    let count: Int
    var position = 0

    init(base: UnsafePointer<UInt8>, count: Int) { self.base = base; self.count = count }

    static let read: InputFunc = { gif, buffer, length in
        guard let gif, let buffer, let user = gif.pointee.UserData, length > 0 else { return 0 }
        let reader = Unmanaged<MemoryReader>.fromOpaque(user).takeUnretainedValue()
        let n = min(Int(length), reader.count - reader.position)
        guard n > 0 else { return 0 }
        buffer.update(from: reader.base + reader.position, count: n)
        reader.position += n
        return Int32(n)
    }
}

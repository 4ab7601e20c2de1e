// Why a photo could not be shown. `reason` is short enough for an error tile; `detail`
// keeps the library's own words for the log.
public enum DecodeError: Error, Sendable, Equatable, CustomStringConvertible {
    /// open(2) or read(2) failed; the text is strerror's.
    case unreadable(String)
    /// A FIFO, device, socket or directory where a photo was expected.
    case notRegularFile
    /// Bigger than the read cap.
    case fileTooLarge(bytes: Int64)
    /// The data ends before the image does.
    case truncated
    /// The library rejected the data.
    case corrupt(ImageFormat, detail: String)
    /// The buffer the decode would need is over the pixel cap.
    case tooManyPixels(width: Int, height: Int)
    /// A valid file of a kind cascade cannot show, e.g. "12-bit JPEG".
    case unsupported(String)
    /// A format that must be checked against the pixel cap came without its size.
    case unknownSize
    /// The decode needs more memory than this process may have — the decode worker's limit,
    /// sized from the machine's free memory — or the library could not get it. A fact about
    /// here and now, not about the file: never recorded as a failure, tried again later.
    case outOfMemory
    /// The library failed while held to the memory the photo's stated size allows: a file that
    /// codes more pixels than it says, or a photo that costs more than reckoned. The two cannot
    /// be told apart there, so, like `outOfMemory`, it is never recorded: a valid photo must not
    /// be marked bad for good, and a later start stops at the same cap.
    case beyondStatedSize(ImageFormat)
    /// The thumbnail cache remembers that this file (at this mtime) failed before.
    case failedBefore(String)
    /// The worker processes decoding this file crashed, ran out of time or answered nonsense, on
    /// a second try too (or kept being killed); the text says which ("decoder crashed (signal 11)").
    case decoderCrashed(String)
    /// No worker process could be started (the file was never tried).
    case decoderUnavailable(String)

    public var reason: String {
        switch self {
        case .unreadable(let why): return "cannot read file: \(why)"
        case .notRegularFile: return "not a regular file"
        case .fileTooLarge(let bytes): return "file too large (\(bytes / (1 << 20)) MiB)"
        case .truncated: return "truncated file"
        case .corrupt(let format, _): return "corrupt \(format.displayName) data"
        case .tooManyPixels(let width, let height): return "too many pixels (\(width)×\(height))"
        case .unsupported(let what): return "unsupported: \(what)"
        case .unknownSize: return "unknown image size"
        case .outOfMemory: return "too large to decode here"
        case .beyondStatedSize(let format): return "\(format.displayName) needs more memory than its stated size allows"
        case .failedBefore(let reason): return reason
        case .decoderCrashed(let reason): return reason
        case .decoderUnavailable(let why): return "no decoder process: \(why)"
        }
    }

    public var detail: String? {
        if case .corrupt(_, let detail) = self, !detail.isEmpty { return detail }
        return nil
    }

    public var description: String {
        guard let detail else { return reason }
        return "\(reason) (\(detail))"
    }

    /// A failure that belongs to the file's content, so trying again before the file
    /// changes is pointless; the thumbnail cache records only these.
    public var isContentFailure: Bool {
        switch self {
        // The pool reports a crash only once a fresh worker died on the same file too (and never
        // for a worker killed from outside or at shutdown): recording it is what keeps a
        // poisoned file from crashing a worker at every start.
        case .truncated, .corrupt, .tooManyPixels, .unsupported, .unknownSize, .fileTooLarge, .decoderCrashed: return true
        case .unreadable, .notRegularFile, .outOfMemory, .beyondStatedSize, .failedBefore, .decoderUnavailable: return false
        }
    }
}

extension ImageFormat {
    /// How people write the format's name in a sentence.
    public var displayName: String {
        switch self {
        case .jpeg: return "JPEG"
        case .png: return "PNG"
        case .webp: return "WebP"
        case .gif: return "GIF"
        case .bmp: return "BMP"
        case .tiff: return "TIFF"
        case .heif: return "HEIF"
        case .avif: return "AVIF"
        case .jxl: return "JPEG XL"
        }
    }
}

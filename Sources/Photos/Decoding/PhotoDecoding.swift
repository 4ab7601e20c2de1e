import Foundation
import Logging
import Waterfall

/// One photo to decode: what `PhotoDecoder.decode` takes, as a value that can cross a thread
/// or a process boundary.
public struct PhotoDecodeRequest: Sendable {
    /// For messages (and the worker's test hook); the bytes come from the open file.
    public var path: PhotoPath
    public var format: ImageFormat
    public var orientation: Orientation
    public var storedSize: PixelSize?
    public var box: PixelSize
    public var mode: DecodeMode
    public var maxPixels: Int
    /// The file's own small picture instead of the photo (`PhotoDecoder.preview`).
    public var preview: Bool
    /// Frames of an animation instead of the photo (`decodeAnimation`), fitted to `box`.
    public var animation: AnimationWindow?

    public init(path: PhotoPath, format: ImageFormat, orientation: Orientation = .up,
                storedSize: PixelSize? = nil, box: PixelSize,
                mode: DecodeMode, maxPixels: Int = PhotoDecoder.defaultMaxPixels, preview: Bool = false,
                animation: AnimationWindow? = nil) {
        self.path = path; self.format = format; self.orientation = orientation
        self.storedSize = storedSize; self.box = box; self.mode = mode; self.maxPixels = maxPixels
        self.preview = preview; self.animation = animation
    }
}

/// Where the C decoders run: in this process (`InProcessDecoder`) or in worker processes
/// (`DecoderPool`), so that a decoder crash or hang costs one file, not the wall.
public protocol PhotoDecoding: Sendable {
    /// Decodes `file` — already opened (and stamped) by the caller — as `request` says.
    func decode(_ file: SafeFile, _ request: PhotoDecodeRequest) throws(DecodeError) -> DecodedImage
    /// The frames of `request.animation`'s window of an animated GIF, WebP or JPEG XL.
    func decodeAnimation(_ file: SafeFile, _ request: PhotoDecodeRequest) throws(DecodeError) -> AnimationChunk
    /// Stops decoding for good, at the program's end: decodes in flight are abandoned — they
    /// fail without blaming their photos — so an exit waits for no photo.
    func stopDecoding()
}

extension PhotoDecoding {
    /// In-process decodes cannot be abandoned; they finish.
    public func stopDecoding() {}

    /// Opens `request.path` and decodes it.
    public func decode(_ request: PhotoDecodeRequest) throws(DecodeError) -> DecodedImage {
        try decode(DecodeInput.open(request.path), request)
    }
}

/// The decoders in the calling thread: for tests, `cascade bench --decode` (which measures the
/// decoder itself) and wherever worker processes are not wanted.
public struct InProcessDecoder: PhotoDecoding {
    public init() {}

    public func decode(_ file: SafeFile, _ request: PhotoDecodeRequest) throws(DecodeError) -> DecodedImage {
        ColourNotes.said(try Self.decodeSilently(file, request), path: request.path)
    }

    public func decodeAnimation(_ file: SafeFile, _ request: PhotoDecodeRequest) throws(DecodeError) -> AnimationChunk {
        try Self.animationChunk(file, request)
    }

    static func animationChunk(_ file: SafeFile, _ request: PhotoDecodeRequest) throws(DecodeError) -> AnimationChunk {
        try AnimationDecoder.decode(data: DecodeInput.read(file), format: request.format, orientation: request.orientation,
                                    box: request.box, window: request.animation ?? AnimationWindow(start: 0),
                                    maxPixels: request.maxPixels)
    }

    /// The decode without its log line: a worker's notes travel to cascade, which says them.
    static func decodeSilently(_ file: SafeFile, _ request: PhotoDecodeRequest) throws(DecodeError) -> DecodedImage {
        if request.preview { return try PhotoDecoder.preview(file, request) }
        return try PhotoDecoder.decode(data: DecodeInput.read(file), format: request.format, orientation: request.orientation,
                                storedSize: request.storedSize, box: request.box, mode: request.mode,
                                maxPixels: request.maxPixels)
    }
}

/// Where an app's decoders run — a value, so it can sit in options; `makeDecoder` creates the
/// decoder (for worker processes, a pool whose workers start on first use).
public enum DecoderIsolation: Sendable {
    case inProcess
    case workerProcesses(DecoderPool.Configuration)

    /// What the `cascade` commands use: worker processes, unless `CASCADE_DECODE_IN_PROCESS=1`
    /// asks for the decoders in the process itself (to measure what the isolation costs, or to
    /// debug a decoder).
    /// `niceness`: the workers' nice value (BackgroundPriority).
    public static func standard(niceness: Int32 = 0,
                                environment: [String: String] = ProcessInfo.processInfo.environment) -> DecoderIsolation {
        guard environment["CASCADE_DECODE_IN_PROCESS"] != "1" else { return .inProcess }
        var configuration = DecoderPool.Configuration()
        configuration.limits.niceness = niceness
        return .workerProcesses(configuration)
    }

    /// `maxPixels`: the decodes' pixel budget, which sizes the worker pool by memory.
    public func makeDecoder(maxPixels: Int = PhotoDecoder.defaultMaxPixels,
                            memory: MemoryBudget = .current()) -> any PhotoDecoding {
        switch self {
        case .inProcess: return InProcessDecoder()
        case .workerProcesses(var configuration):
            let budget = memory.pixelsPerDecode(maxPixels: maxPixels)
            configuration.maxPixelsPerDecode = budget
            configuration.limits.addressSpace = MemoryBudget.addressSpace(maxPixels: budget)
            let cores = ProcessInfo.processInfo.activeProcessorCount
            let size = memory.workers(cores: cores, maxPixels: budget)
            if size < cores || budget < maxPixels, let available = memory.availableBytes {
                Logger(label: "cascade.decode").info(
                    "\(size) decode worker(s) for \(cores) cores, \(budget / 1_000_000) megapixels each: \(available >> 20) MiB of memory available")
            }
            return DecoderPool(size: size, configuration: configuration)
        }
    }
}

extension SafeFile {
    /// Opens a photo for a decoder, with failures worded as decode errors.
    public static func openForDecoding(_ path: PhotoPath) throws(DecodeError) -> SafeFile {
        try DecodeInput.open(path)
    }
}

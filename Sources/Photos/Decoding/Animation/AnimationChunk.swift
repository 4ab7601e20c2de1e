import Waterfall

/// Some consecutive frames of an animated GIF, WebP or JPEG XL, scaled and turned for the screen, with
/// what playing them needs. A long animation comes as several chunks, each bounded in bytes, so
/// the viewer never holds all its frames at full size.
public struct AnimationChunk: Sendable {
    /// The index of `frames[0]` in the animation.
    public var first: Int
    public var frames: [DecodedImage]
    /// How long each frame stays, in seconds.
    public var durations: [Double]
    /// How many times the animation plays; 0 is forever.
    public var loopCount: Int
    /// Whether the animation ends with this chunk's last frame.
    public var isLast: Bool

    public init(first: Int, frames: [DecodedImage], durations: [Double], loopCount: Int, isLast: Bool) {
        self.first = first; self.frames = frames; self.durations = durations
        self.loopCount = loopCount; self.isLast = isLast
    }

    /// One picture that does not move: a still, or an "animation" of one frame.
    public var isStill: Bool { first == 0 && isLast && frames.count == 1 }

    /// Frame delays as browsers play them: 10 ms or less (0 in many GIFs, meaning "as fast as
    /// you can" to old software) is 100 ms, or such GIFs would spin a core at hundreds of frames
    /// a second.
    static func duration(milliseconds: Int) -> Double {
        milliseconds <= 10 ? 0.1 : Double(milliseconds) / 1000
    }
}

/// Where a chunk starts and how much it may hold: the caller's bound on memory.
public struct AnimationWindow: Sendable, Equatable {
    public var start: Int
    /// The chunk's pixels stop growing past this many bytes (at least one frame is sent).
    public var maxBytes: Int
    public var maxFrames: Int

    public init(start: Int, maxBytes: Int = 48 << 20, maxFrames: Int = 240) {
        self.start = start; self.maxBytes = maxBytes; self.maxFrames = maxFrames
    }
}

/// A source of whole canvases, one per frame, composed as the format says (disposal, blending):
/// what `AnimationDecoder` scales and keeps or skips.
protocol FrameSource {
    var width: Int { get }
    var height: Int { get }
    var loopCount: Int { get }
    /// The next canvas (B, G, R, A, `width` × 4 bytes a row) and its delay in ms; nil at the end.
    mutating func next() throws(DecodeError) -> (canvas: [UInt8], milliseconds: Int)?
}

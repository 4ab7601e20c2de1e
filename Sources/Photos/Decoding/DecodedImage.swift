// Pixels handed from the decoders to the screen. Byte order in memory is B, G, R, A —
// TurboJPEG's TJPF_BGRA, libwebp's MODE_BGRA and SDL's SDL_PIXELFORMAT_ARGB8888 on a
// little-endian machine — so a decoded tile goes to the texture without a swizzle.
public struct DecodedImage: Sendable {
    public let width: Int
    public let height: Int
    /// Bytes per row; at least width × 4.
    public let stride: Int
    public var pixels: [UInt8]
    /// Why only part of the photo is there — "truncated file" — when the decoder showed what
    /// it could (the rest is the decoder's grey); nil for a whole photo.
    public var partial: String?
    /// Why the photo's colours are shown as coded rather than converted to sRGB — "its colour
    /// profile is unreadable" — for one log line; nil when converted or already sRGB.
    public var colourNote: String?

    public init(width: Int, height: Int, stride: Int, pixels: [UInt8]) {
        precondition(width >= 0 && height >= 0 && stride >= width * 4 && pixels.count >= stride * height)
        self.width = width; self.height = height; self.stride = stride; self.pixels = pixels
    }

    public var byteCount: Int { stride * height }
}

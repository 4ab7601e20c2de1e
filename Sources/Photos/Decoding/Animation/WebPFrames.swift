import CWebP

/// An animated WebP's canvases from libwebp's WebPAnimDecoder, which composes each frame
/// (blending, disposal) on a canvas it keeps.
struct WebPFrames: FrameSource {
    let width: Int
    let height: Int
    let loopCount: Int
    private let decoder: OpaquePointer
    private var lastTimestamp = 0
    private var framesRead = 0

    /// `base` must outlive the frames.
    init(_ base: UnsafePointer<UInt8>, count: Int, maxPixels: Int) throws(DecodeError) {
        var options = WebPAnimDecoderOptions()
        guard WebPAnimDecoderOptionsInit(&options) != 0 else { throw .unsupported("libwebp version mismatch") }
        options.color_mode = MODE_BGRA
        options.use_threads = 0
        var features = WebPBitstreamFeatures()
        guard WebPGetFeatures(base, count, &features) == VP8_STATUS_OK else { throw .corrupt(.webp, detail: "header") }
        guard Int(features.width) * Int(features.height) <= maxPixels else {
            throw .tooManyPixels(width: Int(features.width), height: Int(features.height))
        }
        var input = WebPData(bytes: base, size: count)
        guard let decoder = WebPAnimDecoderNew(&input, &options) else { throw .corrupt(.webp, detail: "animation could not be opened") }
        var info = WebPAnimInfo()
        guard WebPAnimDecoderGetInfo(decoder, &info) != 0 else {
            WebPAnimDecoderDelete(decoder)
            throw .corrupt(.webp, detail: "animation info")
        }
        self.decoder = decoder
        width = Int(info.canvas_width); height = Int(info.canvas_height); loopCount = Int(info.loop_count)
    }

    mutating func next() throws(DecodeError) -> (canvas: [UInt8], milliseconds: Int)? {
        guard WebPAnimDecoderHasMoreFrames(decoder) != 0 else { return nil }
        var frame: UnsafeMutablePointer<UInt8>?
        var timestamp: Int32 = 0
        guard WebPAnimDecoderGetNext(decoder, &frame, &timestamp) != 0, let frame else {
            // A file damaged after some frames plays those, as a cut GIF does.
            if framesRead > 0 { return nil }
            throw .corrupt(.webp, detail: "an animation frame could not be decoded")
        }
        framesRead += 1
        // Timestamps are when each frame ends; a hostile file's may run backwards.
        let ends = Int(timestamp)
        defer { lastTimestamp = ends }
        return (Array(UnsafeBufferPointer(start: frame, count: width * height * 4)), max(0, ends - lastTimestamp))
    }

    func close() { WebPAnimDecoderDelete(decoder) }
}

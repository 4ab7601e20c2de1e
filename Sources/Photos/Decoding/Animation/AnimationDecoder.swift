import Waterfall

extension PhotoDecoder {
    /// A window of the frames of an animated GIF, WebP or JPEG XL in memory, decoded in this process,
    /// fitted to `box` and turned by `orientation` (what the decode workers run).
    public static func decodeAnimation(data: [UInt8], format: ImageFormat, orientation: Orientation = .up, box: PixelSize,
                                       window: AnimationWindow, maxPixels: Int = defaultMaxPixels) throws(DecodeError) -> AnimationChunk {
        try AnimationDecoder.decode(data: data, format: format, orientation: orientation, box: box, window: window,
                                    maxPixels: maxPixels)
    }
}

/// Decodes a window of an animation's frames: every frame before `window.start` is composed
/// (GIF, WebP and JPEG XL frames build on the ones before) but neither scaled nor kept; from there, frames
/// are fitted to the box, turned, and kept until the window's bytes or frames are used up.
enum AnimationDecoder {
    /// Whole canvases an animation holds at once: the composed one, what a frame disposes back
    /// to (or the library's second canvas), the copy handed out and the fitted frame's source.
    /// A worker's budget counts one photo's pixels once, so an animation's canvas gets a
    /// quarter of it: a small file that declares a huge canvas cannot take the worker past it.
    static let canvasesHeld = 4

    static func decode(data: [UInt8], format: ImageFormat, orientation: Orientation, box: PixelSize,
                       window: AnimationWindow, maxPixels: Int) throws(DecodeError) -> AnimationChunk {
        LibrarySetup.ensure()
        let maxPixels = maxPixels / canvasesHeld
        let result: Result<AnimationChunk, DecodeError> = data.withUnsafeBufferPointer { bytes in
            do throws(DecodeError) {
                guard let base = bytes.baseAddress, !bytes.isEmpty else { throw .truncated }
                switch format {
                case .gif:
                    let frames = try GIFFrames(base, count: bytes.count, maxPixels: maxPixels)
                    return .success(try collect(frames, orientation: orientation, box: box, window: window, colour: nil))
                case .webp:
                    let frames = try WebPFrames(base, count: bytes.count, maxPixels: maxPixels)
                    defer { frames.close() }
                    let colour = WebPDecoder.profile(base, bytes.count).map { EmbeddedColour.icc($0) }
                    return .success(try collect(frames, orientation: orientation, box: box, window: window, colour: colour))
                case .jxl:
                    let frames = try JXLFrames(base, count: bytes.count, maxPixels: maxPixels)
                    return .success(try collect(frames, orientation: orientation, box: box, window: window, colour: frames.colour))
                default:
                    throw .unsupported("\(format.displayName) animation")
                }
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    private static func collect<Source: FrameSource>(_ source: Source, orientation: Orientation, box: PixelSize,
                                                      window: AnimationWindow, colour: EmbeddedColour?) throws(DecodeError) -> AnimationChunk {
        var source = source
        var frames: [DecodedImage] = [], durations: [Double] = []
        var index = 0, bytes = 0
        while let (canvas, milliseconds) = try source.next() {
            defer { index += 1 }
            guard index >= window.start else { continue }
            let frame = fitted(canvas, width: source.width, height: source.height, orientation: orientation, box: box, colour: colour)
            frames.append(frame)
            durations.append(AnimationChunk.duration(milliseconds: milliseconds))
            bytes += frame.byteCount
            if frames.count >= window.maxFrames || bytes >= window.maxBytes {
                // One frame more is decoded to learn whether this was the end.
                let more = try source.next() != nil
                return AnimationChunk(first: window.start, frames: frames, durations: durations, loopCount: source.loopCount, isLast: !more)
            }
        }
        return AnimationChunk(first: window.start, frames: frames, durations: durations, loopCount: source.loopCount, isLast: true)
    }

    /// One canvas fitted to the box, turned as the photo is shown, in sRGB.
    private static func fitted(_ canvas: [UInt8], width: Int, height: Int, orientation: Orientation,
                               box: PixelSize, colour: EmbeddedColour?) -> DecodedImage {
        let image = DecodedImage(width: width, height: height, stride: width * 4, pixels: canvas)
        let plan = DecodePlan(sourceWidth: width, sourceHeight: height, orientation: orientation, box: box, mode: .fit)
        return PhotoDecoder.finish(SourceImage(image: image, sourceWidth: width, sourceHeight: height, plan: plan, mayHaveAlpha: true,
                                               colour: colour),
                                   orientation: orientation)
    }
}

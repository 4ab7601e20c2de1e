// libFuzzer target for animation frames: an animated GIF composed by cascade from giflib's rows
// (frame placement, transparency, disposal), an animated WebP by libwebp and an animated JPEG XL
// by libjxl, from the first frames and from a later window. Built only with CASCADE_FUZZ=1 and
// -sanitize=fuzzer (see script/dev/fuzz): libFuzzer supplies main().
import Photos
import Waterfall

@_cdecl("LLVMFuzzerTestOneInput")
public func framesFuzzer(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let format: ImageFormat = bytes.starts(with: Array("GIF".utf8)) ? .gif
        : bytes.starts(with: Array("RIFF".utf8)) ? .webp : .jxl
    let box = PixelSize(width: 48, height: 48)
    for window in [AnimationWindow(start: 0, maxBytes: 1 << 20, maxFrames: 16), AnimationWindow(start: 3, maxBytes: 1 << 20, maxFrames: 4)] {
        // A refusal is fine; a crash, a hang, a leak or an unbounded allocation is not.
        guard let chunk = try? PhotoDecoder.decodeAnimation(data: bytes, format: format, box: box, window: window,
                                                            maxPixels: 1 << 20) else { continue }
        precondition(chunk.first == window.start && chunk.frames.count <= window.maxFrames)
        // Delays of 10 ms or less become 100 ms; 11–19 ms stay as written (the player floors
        // them at 20 ms), so the decoder's promise is "over 10 ms", not the player's floor.
        precondition(chunk.frames.count == chunk.durations.count && chunk.durations.allSatisfy { $0 > 0.01 })
        precondition(chunk.frames.allSatisfy { $0.width <= box.width && $0.height <= box.height && $0.width > 0 })
    }
    return 0
}

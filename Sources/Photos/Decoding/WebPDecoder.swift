import CWebP

/// WebP through libwebp. Stills use its scaled decode, which shrinks row by row with its
/// own area-averaging rescaler, so a large WebP never exists at full size in memory.
/// Animations show their first frame, composed on the canvas by WebPAnimDecoder.
enum WebPDecoder {
    static func decode(_ data: UnsafeRawBufferPointer, request: DecodeRequest) throws(DecodeError) -> SourceImage {
        let bytes = data.bindMemory(to: UInt8.self)
        guard let base = bytes.baseAddress, !bytes.isEmpty else { throw .truncated }
        var features = WebPBitstreamFeatures()
        let status = WebPGetFeatures(base, bytes.count, &features)
        guard status == VP8_STATUS_OK else { throw error(status, stage: "header") }
        let width = Int(features.width), height = Int(features.height)
        guard width > 0, height > 0 else { throw .corrupt(.webp, detail: "no image size") }
        let plan = request.plan(sourceWidth: width, sourceHeight: height)

        if features.has_animation != 0 {
            var first = try firstFrame(base, bytes.count, width: width, height: height, plan: plan, request: request)
            first.colour = profile(base, bytes.count).map { .icc($0) }
            return first
        }

        // Decode at the plan's full-image size; the area filter then only crops. A detail
        // view bigger than the pixel cap gets the largest picture under it.
        var dw = plan.minimumDecodeWidth, dh = plan.minimumDecodeHeight
        if dw * dh > request.maxPixels {
            let shrink = (Double(request.maxPixels) / Double(dw * dh)).squareRoot()
            dw = max(1, Int(Double(dw) * shrink)); dh = max(1, Int(Double(dh) * shrink))
        }
        var config = WebPDecoderConfig()
        guard WebPInitDecoderConfig(&config) != 0 else { throw .unsupported("libwebp version mismatch") }
        if dw != width || dh != height {
            config.options.use_scaling = 1
            config.options.scaled_width = Int32(dw)
            config.options.scaled_height = Int32(dh)
            // Shrunk four times or more, neither the deblocking filter nor fancy chroma
            // upsampling leaves a visible trace, and skipping both roughly halves the decode —
            // the trick of fast thumbnailers (dwebp -nofilter -nofancy).
            if dw * 4 <= width, dh * 4 <= height {
                config.options.bypass_filtering = 1
                config.options.no_fancy_upsampling = 1
            }
        }
        config.options.use_threads = 0  // the scheduler already keeps every core busy
        config.output.colorspace = MODE_BGRA
        config.output.is_external_memory = 1
        var decodeStatus = VP8_STATUS_OK
        let pixels = [UInt8](unsafeUninitializedCapacity: dw * dh * 4) { buffer, count in
            count = dw * dh * 4
            config.output.u.RGBA.rgba = buffer.baseAddress
            config.output.u.RGBA.stride = Int32(dw * 4)
            config.output.u.RGBA.size = dw * dh * 4
            decodeStatus = WebPDecode(base, bytes.count, &config)
            WebPFreeDecBuffer(&config.output)
        }
        guard decodeStatus == VP8_STATUS_OK else { throw error(decodeStatus, stage: "data") }
        return SourceImage(image: DecodedImage(width: dw, height: dh, stride: dw * 4, pixels: pixels),
                           sourceWidth: width, sourceHeight: height, plan: plan,
                           mayHaveAlpha: features.has_alpha != 0, colour: profile(base, bytes.count).map { .icc($0) })
    }

    /// The ICCP chunk's profile, which an extended (VP8X) WebP may carry.
    static func profile(_ base: UnsafePointer<UInt8>, _ count: Int) -> [UInt8]? {
        // Only VP8X files have chunks besides the bitstream; the demuxer is not worth a simple one.
        guard count > 20, base[12] == UInt8(ascii: "V"), base[15] == UInt8(ascii: "X"), base[20] & 0x20 != 0 else { return nil }
        var data = WebPData(bytes: base, size: count)
        guard let demux = WebPDemux(&data) else { return nil }
        defer { WebPDemuxDelete(demux) }
        var chunk = WebPChunkIterator()
        guard WebPDemuxGetChunk(demux, "ICCP", 1, &chunk) != 0 else { return nil }
        defer { WebPDemuxReleaseChunkIterator(&chunk) }
        return Array(UnsafeBufferPointer(start: chunk.chunk.bytes, count: chunk.chunk.size))
    }

    private static func firstFrame(_ base: UnsafePointer<UInt8>, _ count: Int, width: Int, height: Int,
                                   plan: DecodePlan, request: DecodeRequest) throws(DecodeError) -> SourceImage {
        // The animation decoder allocates the whole canvas up front.
        guard width * height <= request.maxPixels else { throw .tooManyPixels(width: width, height: height) }
        var options = WebPAnimDecoderOptions()
        guard WebPAnimDecoderOptionsInit(&options) != 0 else { throw .unsupported("libwebp version mismatch") }
        options.color_mode = MODE_BGRA
        options.use_threads = 0
        var input = WebPData(bytes: base, size: count)
        guard let decoder = WebPAnimDecoderNew(&input, &options) else {
            throw .corrupt(.webp, detail: "animation could not be opened")
        }
        defer { WebPAnimDecoderDelete(decoder) }
        var info = WebPAnimInfo()
        guard WebPAnimDecoderGetInfo(decoder, &info) != 0,
              Int(info.canvas_width) == width, Int(info.canvas_height) == height else {
            throw .corrupt(.webp, detail: "animation canvas does not match its header")
        }
        var frame: UnsafeMutablePointer<UInt8>?
        var timestamp: Int32 = 0
        guard WebPAnimDecoderGetNext(decoder, &frame, &timestamp) != 0, let frame else {
            throw .corrupt(.webp, detail: "first animation frame could not be decoded")
        }
        let pixels = Array(UnsafeBufferPointer(start: frame, count: width * height * 4))
        return SourceImage(image: DecodedImage(width: width, height: height, stride: width * 4, pixels: pixels),
                           sourceWidth: width, sourceHeight: height, plan: plan, mayHaveAlpha: true)
    }

    private static func error(_ status: VP8StatusCode, stage: String) -> DecodeError {
        switch status {
        case VP8_STATUS_NOT_ENOUGH_DATA: return .truncated
        case VP8_STATUS_OUT_OF_MEMORY: return .outOfMemory
        case VP8_STATUS_UNSUPPORTED_FEATURE: return .unsupported("WebP feature")
        default: return .corrupt(.webp, detail: "bitstream error in \(stage) (status \(status.rawValue))")
        }
    }
}

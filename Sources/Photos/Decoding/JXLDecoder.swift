import CJXL

/// JPEG XL through libjxl, in the decode workers only. Pixels come as stored (the orientation is
/// the probe's, applied afterwards like any other), 8-bit RGBA; libjxl itself renders a lossy
/// (XYB) image in sRGB, and a lossless one comes in its own colour space with the ICC profile
/// libjxl describes it by. An animation's first frame is its still (`JXLFrames` plays it).
/// libjxl's downsampled progressive passes are not used yet: the full image is decoded, then
/// area-filtered.
enum JXLDecoder {
    static func decode(_ data: UnsafeRawBufferPointer, request: DecodeRequest) throws(DecodeError) -> SourceImage {
        let bytes = data.bindMemory(to: UInt8.self)
        guard let base = bytes.baseAddress, !bytes.isEmpty else { throw .truncated }
        let decoder = try open(base, count: bytes.count, events: [JXL_DEC_BASIC_INFO, JXL_DEC_COLOR_ENCODING, JXL_DEC_FULL_IMAGE])
        defer { JxlDecoderDestroy(decoder) }
        var format = JxlPixelFormat(num_channels: 4, data_type: JXL_TYPE_UINT8, endianness: JXL_NATIVE_ENDIAN, align: 0)
        var info = JxlBasicInfo()
        var pixels: UnsafeMutablePointer<UInt8>?
        defer { pixels?.deallocate() }
        var colour: EmbeddedColour?
        defer { DecodeMemory.lift() }
        while true {
            switch JxlDecoderProcessInput(decoder) {
            case JXL_DEC_BASIC_INFO:
                guard JxlDecoderGetBasicInfo(decoder, &info) == JXL_DEC_SUCCESS, info.xsize > 0, info.ysize > 0 else {
                    throw .corrupt(.jxl, detail: "no image size")
                }
                let width = Int(info.xsize), height = Int(info.ysize)
                guard width * height <= request.maxPixels else { throw .tooManyPixels(width: width, height: height) }
                // libjxl's planes cost about three times the RGBA image: held to that before they exist.
                try DecodeMemory.limit(to: DecodeMemory.cost(pixels: width * height, .jxl, highBitDepth: info.bits_per_sample > 8))
            case JXL_DEC_COLOR_ENCODING:
                colour = chooseSRGBOrProfile(decoder, canChoose: info.uses_original_profile == JXL_FALSE)
            case JXL_DEC_NEED_IMAGE_OUT_BUFFER:
                var size = 0
                guard pixels == nil, JxlDecoderImageOutBufferSize(decoder, &format, &size) == JXL_DEC_SUCCESS,
                      size == Int(info.xsize) * Int(info.ysize) * 4 else {
                    throw .corrupt(.jxl, detail: "unexpected output size")
                }
                let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: size)
                pixels = buffer
                guard JxlDecoderSetImageOutBuffer(decoder, &format, buffer, size) == JXL_DEC_SUCCESS else {
                    throw .corrupt(.jxl, detail: "output buffer refused")
                }
            case JXL_DEC_FULL_IMAGE, JXL_DEC_SUCCESS:
                // The first frame is in: an animation's others are not wanted.
                guard let pixels else { throw .corrupt(.jxl, detail: "no frame") }
                let width = Int(info.xsize), height = Int(info.ysize)
                let plan = request.plan(sourceWidth: width, sourceHeight: height)
                return SourceImage(image: DecodedImage.fromRGBA(pixels, width: width, height: height, stride: width * 4),
                                   sourceWidth: width, sourceHeight: height, plan: plan, mayHaveAlpha: info.alpha_bits > 0, colour: colour)
            case JXL_DEC_NEED_MORE_INPUT:
                throw .truncated
            default:
                throw .corrupt(.jxl, detail: "bitstream error")
            }
        }
    }

    /// A decoder over the whole file (`base` must outlive it), telling `events`, leaving the
    /// orientation to the probe's. The caller destroys it.
    static func open(_ base: UnsafePointer<UInt8>, count: Int, events: [JxlDecoderStatus]) throws(DecodeError) -> OpaquePointer {
        guard cascade_jxl_open() else { throw .unsupported("JPEG XL needs libjxl: \(String(cString: cascade_jxl_error()))") }
        guard let decoder = JxlDecoderCreate(nil) else { throw .outOfMemory }
        guard JxlDecoderSubscribeEvents(decoder, Int32(events.reduce(0) { $0 | $1.rawValue })) == JXL_DEC_SUCCESS,
              JxlDecoderSetKeepOrientation(decoder, JXL_TRUE) == JXL_DEC_SUCCESS,
              JxlDecoderSetInput(decoder, base, count) == JXL_DEC_SUCCESS else {
            JxlDecoderDestroy(decoder)
            throw .unsupported("libjxl refused its settings")
        }
        JxlDecoderCloseInput(decoder)
        return decoder
    }

    /// Asks libjxl for sRGB, which it can render from XYB (`canChoose`, a lossy image) itself;
    /// then the profile of the pixels it will hand out: sRGB, or a lossless image's own space.
    static func chooseSRGBOrProfile(_ decoder: OpaquePointer, canChoose: Bool) -> EmbeddedColour? {
        var sRGB = JxlColorEncoding()
        sRGB.color_space = JXL_COLOR_SPACE_RGB
        sRGB.white_point = JXL_WHITE_POINT_D65
        sRGB.primaries = JXL_PRIMARIES_SRGB
        sRGB.transfer_function = JXL_TRANSFER_FUNCTION_SRGB
        sRGB.rendering_intent = JXL_RENDERING_INTENT_PERCEPTUAL
        if canChoose { _ = JxlDecoderSetPreferredColorProfile(decoder, &sRGB) }
        var size = 0
        guard JxlDecoderGetICCProfileSize(decoder, nil, JXL_COLOR_PROFILE_TARGET_DATA, &size) == JXL_DEC_SUCCESS,
              size > 0, size <= JPEGColour.maximumProfileBytes else { return nil }
        var profile = [UInt8](repeating: 0, count: size)
        guard JxlDecoderGetColorAsICCProfile(decoder, nil, JXL_COLOR_PROFILE_TARGET_DATA, &profile, size) == JXL_DEC_SUCCESS
        else { return nil }
        return .icc(profile)
    }
}

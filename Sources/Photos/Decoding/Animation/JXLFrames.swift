import CJXL

/// An animated JPEG XL's canvases from libjxl, which composes each frame (blending, crops and
/// reference frames) itself when it coalesces, its default: every full image it hands out is a
/// whole canvas, as WebPAnimDecoder's are.
final class JXLFrames: FrameSource {
    let width: Int
    let height: Int
    let loopCount: Int
    /// What the canvases' pixels are in: sRGB where libjxl renders it, else the image's own profile.
    let colour: EmbeddedColour?
    private let decoder: OpaquePointer
    /// Seconds a tick lasts, from the animation header.
    private let secondsPerTick: Double
    private var format = JxlPixelFormat(num_channels: 4, data_type: JXL_TYPE_UINT8, endianness: JXL_NATIVE_ENDIAN, align: 0)
    /// Where libjxl writes each frame: its own memory, since libjxl keeps the pointer between calls.
    private let pixels: UnsafeMutableBufferPointer<UInt8>
    private var framesRead = 0

    /// `base` must outlive the frames.
    init(_ base: UnsafePointer<UInt8>, count: Int, maxPixels: Int) throws(DecodeError) {
        let decoder = try JXLDecoder.open(base, count: count,
                                          events: [JXL_DEC_BASIC_INFO, JXL_DEC_COLOR_ENCODING, JXL_DEC_FRAME, JXL_DEC_FULL_IMAGE])
        var opened = false
        defer { if !opened { JxlDecoderDestroy(decoder) } }
        var info = JxlBasicInfo()
        var colour: EmbeddedColour?
        // The header and the colour come before the first frame; nothing is decoded yet.
        readHeader: while true {
            let status = JxlDecoderProcessInput(decoder)
            switch status {
            case JXL_DEC_BASIC_INFO:
                guard JxlDecoderGetBasicInfo(decoder, &info) == JXL_DEC_SUCCESS, info.xsize > 0, info.ysize > 0 else {
                    throw .corrupt(.jxl, detail: "no image size")
                }
                guard Int(info.xsize) * Int(info.ysize) <= maxPixels else {
                    throw .tooManyPixels(width: Int(info.xsize), height: Int(info.ysize))
                }
            case JXL_DEC_COLOR_ENCODING:
                colour = JXLDecoder.chooseSRGBOrProfile(decoder, canChoose: info.uses_original_profile == JXL_FALSE)
                break readHeader
            default:
                throw status == JXL_DEC_NEED_MORE_INPUT ? .truncated : .corrupt(.jxl, detail: "bitstream error")
            }
        }
        opened = true
        self.decoder = decoder
        self.colour = colour
        width = Int(info.xsize); height = Int(info.ysize)
        loopCount = info.have_animation == JXL_TRUE ? Int(info.animation.num_loops) : 1
        let ticks = Double(info.animation.tps_numerator)
        secondsPerTick = info.have_animation == JXL_TRUE && ticks > 0 ? Double(info.animation.tps_denominator) / ticks : 0
        pixels = .allocate(capacity: width * height * 4)
    }

    deinit {
        JxlDecoderDestroy(decoder)
        pixels.deallocate()
    }

    func next() throws(DecodeError) -> (canvas: [UInt8], milliseconds: Int)? {
        var milliseconds = 0
        while true {
            let status = JxlDecoderProcessInput(decoder)
            switch status {
            case JXL_DEC_FRAME:
                var header = JxlFrameHeader()
                guard JxlDecoderGetFrameHeader(decoder, &header) == JXL_DEC_SUCCESS else { return try ended("frame header") }
                // Ticks are a 32-bit count; a hostile tick length cannot make a delay past an hour.
                milliseconds = Int(min(Double(header.duration) * secondsPerTick * 1000, 3_600_000))
            case JXL_DEC_NEED_IMAGE_OUT_BUFFER:
                var size = 0
                guard JxlDecoderImageOutBufferSize(decoder, &format, &size) == JXL_DEC_SUCCESS, size == pixels.count else {
                    return try ended("unexpected output size")
                }
                guard JxlDecoderSetImageOutBuffer(decoder, &format, pixels.baseAddress, pixels.count) == JXL_DEC_SUCCESS else {
                    return try ended("output buffer refused")
                }
            case JXL_DEC_FULL_IMAGE:
                framesRead += 1
                let canvas = DecodedImage.fromRGBA(pixels.baseAddress!, width: width, height: height, stride: width * 4)
                return (canvas.pixels, milliseconds)
            case JXL_DEC_SUCCESS:
                return nil
            case JXL_DEC_NEED_MORE_INPUT:
                return try ended(nil)
            default:
                return try ended("bitstream error")
            }
        }
    }

    /// A file damaged after some frames plays those, as a cut GIF or WebP does; damaged before
    /// the first, it is an error.
    private func ended(_ detail: String?) throws(DecodeError) -> (canvas: [UInt8], milliseconds: Int)? {
        guard framesRead == 0 else { return nil }
        throw detail.map { .corrupt(.jxl, detail: $0) } ?? .truncated
    }
}

import Waterfall

/// Decodes a photo straight to the size it is shown at: a target box in displayed
/// orientation, filled (tiles) or fitted (detail view), with EXIF orientation applied to
/// the pixels. Safe to call from any thread; every call is independent.
public enum PhotoDecoder {
    /// The largest pixel buffer a decode may allocate, unless the caller says otherwise.
    public static let defaultMaxPixels = 100_000_000

    /// - Parameters:
    ///   - format: sniffed from the bytes by the probe.
    ///   - orientation: EXIF orientation from the probe; applied to the result.
    ///   - storedSize: the size in the file's header (before orientation). Required for GIF,
    ///     BMP and TIFF, whose pixel cap is checked against it before decoding; JPEG, PNG
    ///     and WebP read their own header.
    ///   - box: the target in displayed pixels.
    ///   - mode: `.fill` returns the box exactly, centre-cropped (smaller only where the photo
    ///     is smaller: never upscaled); `.fit` returns the whole photo inside the box.
    ///   - maxPixels: cap on the largest buffer this decode allocates.
    public static func decode(path: PhotoPath, format: ImageFormat, orientation: Orientation = .up,
                              storedSize: PixelSize? = nil,
                              box: PixelSize, mode: DecodeMode,
                              maxPixels: Int = defaultMaxPixels) throws(DecodeError) -> DecodedImage {
        return try decode(data: DecodeInput.read(path), format: format, orientation: orientation,
                          storedSize: storedSize, box: box, mode: mode, maxPixels: maxPixels)
    }

    /// The same from bytes already in memory.
    public static func decode(data: [UInt8], format: ImageFormat, orientation: Orientation = .up,
                              storedSize: PixelSize? = nil,
                              box: PixelSize, mode: DecodeMode,
                              maxPixels: Int = defaultMaxPixels) throws(DecodeError) -> DecodedImage {
        // libtiff (inside SDL_image) already applies the mirror part of a TIFF's own
        // orientation tag; only the rest is left to do.
        let remaining = format == .tiff ? orientation.remainingAfterLibTIFF : orientation
        let request = DecodeRequest(orientation: remaining, box: box, mode: mode,
                                    maxPixels: maxPixels, storedSize: storedSize)
        let source = try decodeSource(data: data, format: format, request: request)
        return finish(source, orientation: remaining)
    }

    /// Scales an already decoded, already oriented image (a thumbnail) to a box.
    public static func scale(_ image: DecodedImage, box: PixelSize, mode: DecodeMode) -> DecodedImage {
        guard image.width > 0, image.height > 0 else { return image }
        let plan = DecodePlan(sourceWidth: image.width, sourceHeight: image.height, orientation: .up,
                              box: box, mode: mode)
        let source = SourceImage(image: image, sourceWidth: image.width, sourceHeight: image.height,
                                 plan: plan, mayHaveAlpha: true, partial: image.partial)
        return finish(source, orientation: .up)
    }

    static func decodeSource(data: [UInt8], format: ImageFormat, request: DecodeRequest) throws(DecodeError) -> SourceImage {
        LibrarySetup.ensure()
        // withUnsafeBytes only rethrows untyped errors; carry the typed one out in a Result.
        let result: Result<SourceImage, DecodeError> = data.withUnsafeBytes { bytes in
            do throws(DecodeError) {
                return .success(try decodeSource(bytes: bytes, data: data, format: format, request: request))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    private static func decodeSource(bytes: UnsafeRawBufferPointer, data: [UInt8], format: ImageFormat,
                                     request: DecodeRequest) throws(DecodeError) -> SourceImage {
        switch format {
        case .jpeg: return try JPEGDecoder.decode(bytes, colour: JPEGColour.read(data), request: request)
        case .webp: return try WebPDecoder.decode(bytes, request: request)
        case .png:
            // A photo's texts are not shown: its colour profile comes before the image.
            let png = try PNGCodec.decode(bytes, maxPixels: request.maxPixels, textAfterImage: false)
            let plan = request.plan(sourceWidth: png.image.width, sourceHeight: png.image.height)
            return SourceImage(image: png.image, sourceWidth: png.image.width,
                               sourceHeight: png.image.height, plan: plan, mayHaveAlpha: png.hasAlpha,
                               colour: png.profile.map { .icc($0) })
        case .gif, .bmp, .tiff: return try SDLImageDecoder.decode(bytes, format: format, request: request)
        case .heif, .avif: return try HEIFDecoder.decode(bytes, format: format, request: request)
        case .jxl: return try JXLDecoder.decode(bytes, request: request)
        }
}

    /// Area-filters the decoded pixels to the plan's output and turns them as displayed.
    static func finish(_ source: SourceImage, orientation: Orientation) -> DecodedImage {
        let plan = source.plan, image = source.image
        let region = plan.region(inDecodeOf: image.width, image.height,
                                 sourceWidth: source.sourceWidth, sourceHeight: source.sourceHeight)
        // Under the pixel cap a decoder may have stopped short of the plan (a huge photo
        // in the detail view); the result then shrinks with it instead of being upscaled.
        let shortfall = min(1, Double(image.width) / Double(plan.minimumDecodeWidth),
                            Double(image.height) / Double(plan.minimumDecodeHeight))
        let width = min(image.width, max(1, Int((Double(plan.outputWidth) * shortfall).rounded())))
        let height = min(image.height, max(1, Int((Double(plan.outputHeight) * shortfall).rounded())))
        let alpha = source.mayHaveAlpha && AreaResampler.hasTranslucency(image)
        var scaled = AreaResampler.resample(image, region: region, width: width, height: height, alpha: alpha)
        // After the shrink: a tile's few pixels, not the decode's many, go through the profile.
        let note = source.colour.flatMap { ColourTransform.toSRGB(&scaled, from: $0) }
        var oriented = orientation.apply(to: scaled)
        oriented.partial = source.partial
        oriented.colourNote = note ?? source.colourNote
        return oriented
    }
}

/// What the caller asked for, handed to each format's decoder.
struct DecodeRequest {
    var orientation: Orientation
    var box: PixelSize
    var mode: DecodeMode
    var maxPixels: Int
    var storedSize: PixelSize?
    /// The file's own small picture rather than the photo (HEIF's thumbnail item of any size).
    var preview = false

    func plan(sourceWidth: Int, sourceHeight: Int) -> DecodePlan {
        DecodePlan(sourceWidth: sourceWidth, sourceHeight: sourceHeight, orientation: orientation,
                   box: box, mode: mode)
    }
}

/// A decoder's output: the whole photo at some size at least as large as the plan needs
/// (the full size, or a DCT/libwebp-scaled one), still in stored orientation.
struct SourceImage {
    var image: DecodedImage
    var sourceWidth: Int
    var sourceHeight: Int
    var plan: DecodePlan
    var mayHaveAlpha: Bool
    /// See `DecodedImage.partial`.
    var partial: String? = nil
    /// The photo's colours, when it says they are not plain sRGB; converted after the shrink.
    var colour: EmbeddedColour? = nil
    /// See `DecodedImage.colourNote`: a decoder that converted (CMYK) and could not.
    var colourNote: String? = nil
}

import CHeif
import Waterfall

/// HEIC and AVIF through libheif (libde265 and dav1d underneath), in the decode workers only. The
/// primary image is decoded as stored — its turns (`irot`, `imir`) are the probe's orientation,
/// applied afterwards like a JPEG's EXIF one — and a tiled HEIC's grid is assembled by libheif.
/// libheif has no scaled decode: where the file carries a thumbnail item at least as large as the
/// plan needs (phones write a ~320 px one), that is decoded instead, else the full image.
enum HEIFDecoder {
    static func decode(_ data: UnsafeRawBufferPointer, format: ImageFormat, request: DecodeRequest) throws(DecodeError) -> SourceImage {
        guard let base = data.baseAddress, !data.isEmpty else { throw .truncated }
        guard cascade_heif_open() else { throw .unsupported("\(format.displayName) needs libheif: \(String(cString: cascade_heif_error()))") }
        guard let context = heif_context_alloc() else { throw .outOfMemory }
        defer { heif_context_free(context) }
        // The scheduler already keeps every core busy with one photo each.
        heif_context_set_max_decoding_threads(context, 0)
        try check(heif_context_read_from_memory_without_copy(context, base, data.count, nil), format, stage: "boxes")
        var primary: OpaquePointer?
        try check(heif_context_get_primary_image_handle(context, &primary), format, stage: "primary image")
        guard let primary else { throw .corrupt(format, detail: "no primary image") }
        defer { heif_image_handle_release(primary) }
        let width = Int(heif_image_handle_get_ispe_width(primary)), height = Int(heif_image_handle_get_ispe_height(primary))
        guard width > 0, height > 0 else { throw .corrupt(format, detail: "no image size") }
        let plan = request.plan(sourceWidth: width, sourceHeight: height)
        let alpha = heif_image_handle_has_alpha_channel(primary) != 0

        var chosen = primary
        var thumbnail: OpaquePointer?
        defer { if let thumbnail { heif_image_handle_release(thumbnail) } }
        if let small = smallestThumbnail(of: primary, atLeast: request.preview ? nil : plan) {
            thumbnail = small
            chosen = small
        } else if request.preview {
            throw PhotoDecoder.noPreview
        } else if width * height > request.maxPixels {
            throw .tooManyPixels(width: width, height: height)
        }
        guard let options = heif_decoding_options_alloc() else { throw .outOfMemory }
        defer { heif_decoding_options_free(options) }
        options.pointee.ignore_transformations = 1
        // The codec decodes what the bitstream codes, not what `ispe` claims: held to the
        // claimed size's cost, a file that codes more fails before its planes exist.
        let claimed = chosen == primary ? width * height
            : Int(heif_image_handle_get_ispe_width(chosen)) * Int(heif_image_handle_get_ispe_height(chosen))
        let capped = try DecodeMemory.limit(to: DecodeMemory.cost(pixels: claimed, format,
                                                                  highBitDepth: heif_image_handle_get_luma_bits_per_pixel(chosen) > 8))
        defer { DecodeMemory.lift() }
        var image: OpaquePointer?
        let decoded = heif_decode_image(chosen, &image, heif_colorspace_RGB, heif_chroma_interleaved_RGBA, options)
        // Held to the stated size, the codec's failure to get memory comes back as a memory
        // error from libheif or as its plugin's unspecified error (dav1d's).
        if capped, decoded.code == heif_error_Memory_allocation_error && decoded.subcode != heif_suberror_Security_limit_exceeded
            || decoded.code == heif_error_Decoder_plugin_error {
            throw .beyondStatedSize(format)
        }
        try check(decoded, format, stage: "pixels")
        guard let image else { throw .corrupt(format, detail: "no pixels") }
        defer { heif_image_release(image) }
        let w = Int(heif_image_get_width(image, heif_channel_interleaved)), h = Int(heif_image_get_height(image, heif_channel_interleaved))
        guard chosen != primary || w * h <= request.maxPixels else { throw .tooManyPixels(width: w, height: h) }
        var stride: Int32 = 0
        guard w > 0, h > 0, let plane = heif_image_get_plane_readonly(image, heif_channel_interleaved, &stride),
              Int(stride) >= w * 4 else {
            throw .corrupt(format, detail: "no RGBA plane")
        }
        // A thumbnail's plan is the full image's: the area filter maps the one onto the other.
        return SourceImage(image: DecodedImage.fromRGBA(plane, width: w, height: h, stride: Int(stride)),
                           sourceWidth: width, sourceHeight: height, plan: plan, mayHaveAlpha: alpha,
                           colour: colour(of: chosen) ?? colour(of: primary))
    }

    /// The `colr` box of an image item: an ICC profile (iPhones' Display P3) or code points
    /// (most AVIFs). libheif has already turned YCbCr into RGB by the code points' matrix.
    private static func colour(of handle: OpaquePointer) -> EmbeddedColour? {
        switch heif_image_handle_get_color_profile_type(handle) {
        case heif_color_profile_type_prof, heif_color_profile_type_rICC:
            let size = heif_image_handle_get_raw_color_profile_size(handle)
            guard size > 0, size <= JPEGColour.maximumProfileBytes else { return nil }
            var profile = [UInt8](repeating: 0, count: size)
            guard heif_image_handle_get_raw_color_profile(handle, &profile).code == heif_error_Ok else { return nil }
            return .icc(profile)
        case heif_color_profile_type_nclx:
            var nclx: UnsafeMutablePointer<heif_color_profile_nclx>?
            guard heif_image_handle_get_nclx_color_profile(handle, &nclx).code == heif_error_Ok, let nclx else { return nil }
            defer { heif_nclx_color_profile_free(nclx) }
            return .cicp(primaries: Int(nclx.pointee.color_primaries.rawValue),
                         transfer: Int(nclx.pointee.transfer_characteristics.rawValue))
        default:
            return nil
        }
    }

    /// The smallest thumbnail item with at least the pixels the plan needs (any, without a
    /// plan), in the primary image's shape; nil when there is none.
    private static func smallestThumbnail(of primary: OpaquePointer, atLeast plan: DecodePlan?) -> OpaquePointer? {
        let count = Int(heif_image_handle_get_number_of_thumbnails(primary))
        guard count > 0, count <= 16 else { return nil }
        var ids = [heif_item_id](repeating: 0, count: count)
        let listed = Int(heif_image_handle_get_list_of_thumbnail_IDs(primary, &ids, Int32(count)))
        var best: (handle: OpaquePointer, pixels: Int)?
        let fullWidth = Int(heif_image_handle_get_ispe_width(primary)), fullHeight = Int(heif_image_handle_get_ispe_height(primary))
        for id in ids.prefix(listed) {
            var handle: OpaquePointer?
            guard heif_image_handle_get_thumbnail(primary, id, &handle).code == heif_error_Ok, let handle else { continue }
            let w = Int(heif_image_handle_get_ispe_width(handle)), h = Int(heif_image_handle_get_ispe_height(handle))
            // Enough pixels, and the same shape within a pixel (a cropped thumbnail would shift the photo).
            let enough = plan.map { w >= $0.minimumDecodeWidth && h >= $0.minimumDecodeHeight } ?? true
            let sameShape = w > 0 && h > 0 && abs(w * fullHeight - h * fullWidth) <= max(fullWidth, fullHeight)
            if enough, sameShape, best.map({ w * h < $0.pixels }) ?? true {
                if let old = best { heif_image_handle_release(old.handle) }
                best = (handle, w * h)
            } else {
                heif_image_handle_release(handle)
            }
        }
        return best?.handle
    }

    /// "Image size 40000x100 exceeds the maximum image size 32768x32768" → 40000×100 (0×0 if unsaid).
    static func claimedSize(_ message: String) -> PixelSize {
        let words = message.split(separator: " ")
        guard let at = words.firstIndex(of: "size"), at + 1 < words.count else { return PixelSize(width: 0, height: 0) }
        let sides = words[at + 1].split(separator: "x").compactMap { Int($0) }
        return sides.count == 2 ? PixelSize(width: sides[0], height: sides[1]) : PixelSize(width: 0, height: 0)
    }

    private static func check(_ error: heif_error, _ format: ImageFormat, stage: String) throws(DecodeError) {
        guard error.code != heif_error_Ok else { return }
        let message = error.message.map { String(cString: $0) } ?? "error \(error.code.rawValue)"
        switch error.code {
        case heif_error_Memory_allocation_error where error.subcode == heif_suberror_Security_limit_exceeded:
            // libheif's own size limit (32768 a side), said as a memory error.
            let size = claimedSize(message)
            throw .tooManyPixels(width: size.width, height: size.height)
        case heif_error_Memory_allocation_error: throw .outOfMemory
        case heif_error_Unsupported_feature, heif_error_Unsupported_filetype: throw .unsupported("\(format.displayName): \(message)")
        default: throw .corrupt(format, detail: "\(stage): \(message)")
        }
    }
}

import CTurboJPEG

/// JPEG through TurboJPEG (libjpeg-turbo 2.1 API): the DCT does most of the shrinking —
/// decoding at 1/8 skips most of the inverse transform and allocates 1/64 of the pixels.
enum JPEGDecoder {
    /// The scaling factors TurboJPEG offers that shrink, smallest first.
    private static let shrinkingFactors: [tjscalingfactor] = {
        var count: Int32 = 0
        guard let list = tjGetScalingFactors(&count), count > 0 else {
            return [tjscalingfactor(num: 1, denom: 1)]
        }
        return UnsafeBufferPointer(start: list, count: Int(count))
            .filter { $0.num <= $0.denom }
            .sorted { Double($0.num) / Double($0.denom) < Double($1.num) / Double($1.denom) }
    }()

    static func scaled(_ size: Int, _ factor: tjscalingfactor) -> Int {
        (size * Int(factor.num) + Int(factor.denom) - 1) / Int(factor.denom)
    }

    /// Picks the smallest factor whose output still covers the plan; if that is over the
    /// pixel cap, the largest factor under it (a softer picture beats no picture).
    static func factor(width: Int, height: Int, plan: DecodePlan, maxPixels: Int) -> tjscalingfactor? {
        let fitting = shrinkingFactors.filter { scaled(width, $0) * scaled(height, $0) <= maxPixels }
        if let covering = fitting.first(where: {
            scaled(width, $0) >= plan.minimumDecodeWidth && scaled(height, $0) >= plan.minimumDecodeHeight
        }) {
            return covering
        }
        return fitting.last
    }

    static func decode(_ data: UnsafeRawBufferPointer, colour: JPEGColour, request: DecodeRequest) throws(DecodeError) -> SourceImage {
        guard let handle = tjInitDecompress() else { throw .outOfMemory }
        defer { tjDestroy(handle) }
        let bytes = data.bindMemory(to: UInt8.self)
        guard let base = bytes.baseAddress, !bytes.isEmpty else { throw .truncated }

        var w: Int32 = 0, h: Int32 = 0, subsampling: Int32 = 0, colorspace: Int32 = 0
        if tjDecompressHeader3(handle, base, UInt(bytes.count), &w, &h, &subsampling, &colorspace) != 0 {
            throw error(handle, width: 0, height: 0)
        }
        let width = Int(w), height = Int(h)
        guard width > 0, height > 0 else { throw .corrupt(.jpeg, detail: "no image size") }
        let plan = request.plan(sourceWidth: width, sourceHeight: height)
        guard let factor = factor(width: width, height: height, plan: plan, maxPixels: request.maxPixels) else {
            throw .tooManyPixels(width: width, height: height)
        }
        let dw = scaled(width, factor), dh = scaled(height, factor)

        // TurboJPEG 2.1 cannot turn CMYK into RGB; it hands out the inks and we convert.
        let isCMYK = colorspace == Int32(TJCS_CMYK.rawValue) || colorspace == Int32(TJCS_YCCK.rawValue)
        let format = isCMYK ? TJPF_CMYK : TJPF_BGRA
        var failure: DecodeError?
        var partial: String?
        var pixels = [UInt8](unsafeUninitializedCapacity: dw * dh * 4) { buffer, count in
            count = dw * dh * 4
            let status = tjDecompress2(handle, base, UInt(bytes.count), buffer.baseAddress!,
                                       Int32(dw), Int32(dw * 4), Int32(dh), Int32(format.rawValue),
                                       TJFLAG_LIMITSCANS)
            guard status != 0 else { return }
            if tjGetErrorCode(handle) == Int32(TJERR_WARNING.rawValue) {
                partial = partialReason(String(cString: tjGetErrorStr2(handle)))
            } else {
                failure = error(handle, width: width, height: height)
            }
        }
        if let failure { throw failure }
        // Not one row of blocks came from the file (it ends in or just after the first scan's
        // header; the bytes libjpeg then makes up fill a block or two): nothing to show.
        if partial != nil, !isCMYK, isFiller(pixels, width: dw, below: (16 * dh + height - 1) / height) { throw .truncated }
        var note: String?
        if isCMYK {
            // The inks through the photo's own profile where it has one (print files do), at the
            // decoded size: the shrink averages colours, not inks.
            note = colour.profile.flatMap { ColourTransform.cmykToBGRA(&pixels, profile: $0, adobe: colour.adobe) }
            if colour.profile == nil || note != nil { convertCMYK(&pixels, inverted: colour.adobe) }
        }
        return SourceImage(image: DecodedImage(width: dw, height: dh, stride: dw * 4, pixels: pixels),
                           sourceWidth: width, sourceHeight: height, plan: plan, mayHaveAlpha: false, partial: partial,
                           colour: isCMYK ? nil : colour.profile.map { .icc($0) }, colourNote: note)
    }

    /// A warning leaves a whole image behind. Most (extraneous bytes, an odd marker) are
    /// common in camera files that look fine; the data ending early leaves the blocks after
    /// it grey — shown, as feh and Loupe show it, but said to be partial.
    private static func partialReason(_ message: String) -> String? {
        if message.contains("Premature end of JPEG file") { return DecodeError.truncated.reason }
        if message.contains("premature end of data segment") { return "corrupt JPEG data" }
        return nil
    }

    /// Whether every pixel from row `firstRow` down is what libjpeg leaves in blocks it has no
    /// data for — zero coefficients, mid-grey: 128 in every channel.
    private static func isFiller(_ pixels: [UInt8], width: Int, below firstRow: Int) -> Bool {
        pixels.withUnsafeBufferPointer { p in
            Swift.stride(from: min(p.count, firstRow * width * 4), to: p.count, by: 4).allSatisfy {
                p[$0] == 128 && p[$0 + 1] == 128 && p[$0 + 2] == 128
            }
        }
    }

    private static func error(_ handle: tjhandle, width: Int, height: Int) -> DecodeError {
        let message = String(cString: tjGetErrorStr2(handle))
        if message.contains("data precision") {
            let bits = message.split(separator: " ").last.map(String.init) ?? "12"
            return .unsupported("\(bits)-bit JPEG")
        }
        if message.contains("Premature end") || message.contains("Empty input") { return .truncated }
        if message.contains("Backing store not supported") || message.contains("Maximum supported image dimension") {
            return width > 0 ? .tooManyPixels(width: width, height: height) : .corrupt(.jpeg, detail: message)
        }
        if message.contains("Insufficient memory") { return .outOfMemory }
        if message.contains("Unsupported color") || message.contains("Unsupported JPEG process") {
            return .unsupported(message)
        }
        return .corrupt(.jpeg, detail: message)
    }

    /// Adobe (Photoshop) CMYK JPEGs — nearly all of them — store inverted inks: 255 means no
    /// ink; others store them as they are. Without a profile the fair conversion is
    /// R = (1 − C)(1 − K) and so on, what browsers do with an untagged CMYK JPEG.
    private static func convertCMYK(_ pixels: inout [UInt8], inverted: Bool) {
        let flip: UInt32 = inverted ? 0 : 255
        pixels.withUnsafeMutableBufferPointer { buffer in
            let p = buffer.baseAddress!
            for i in Swift.stride(from: 0, to: buffer.count, by: 4) {
                let c = UInt32(p[i]) ^ flip, m = UInt32(p[i + 1]) ^ flip, y = UInt32(p[i + 2]) ^ flip, k = UInt32(p[i + 3]) ^ flip
                p[i] = UInt8((y * k + 127) / 255)      // blue
                p[i + 1] = UInt8((m * k + 127) / 255)  // green
                p[i + 2] = UInt8((c * k + 127) / 255)  // red
                p[i + 3] = 255
            }
        }
    }
}

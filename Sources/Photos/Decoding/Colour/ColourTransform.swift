import CLcms
import Locking

/// Turns a photo's own colours into sRGB with lcms2, which the screen and the freedesktop
/// thumbnails assume. A transform is built once per distinct profile and kept: a library has
/// a handful (the camera's sRGB, the phone's Display P3, an editor's Adobe RGB), and building
/// one costs far more than running it on a tile.
enum ColourTransform {
    /// The result of converting: nil when done or nothing was needed, else why the pixels
    /// were left as they were (a broken profile), for one log line.
    typealias Note = String?

    /// Converts B, G, R, A pixels in place; alpha is kept.
    static func toSRGB(_ image: inout DecodedImage, from colour: EmbeddedColour) -> Note {
        if colour.isSRGB { return nil }
        let prepared: Prepared
        switch cache.get(Key(colour: colour, input: .bgra)) {
        case .success(let found): prepared = found
        case .failure(let reason): return reason.message
        }
        guard let transform = prepared.transform else { return nil }
        let width = image.width, height = image.height, stride = image.stride
        // Held to the end: the cache may drop it meanwhile, and its deinit frees lcms's transform.
        withExtendedLifetime(transform) {
            image.pixels.withUnsafeMutableBytes { pixels in
                cmsDoTransformLineStride(transform.handle, pixels.baseAddress, pixels.baseAddress, cmsUInt32Number(width),
                                         cmsUInt32Number(height), cmsUInt32Number(stride), cmsUInt32Number(stride), 0, 0)
            }
        }
        return nil
    }

    /// Converts C, M, Y, K pixels (inverted when `adobe`) in place into opaque B, G, R, A by
    /// the photo's CMYK profile. A note when the profile cannot do it; the caller falls back.
    static func cmykToBGRA(_ pixels: inout [UInt8], profile: [UInt8], adobe: Bool) -> Note {
        let prepared: Prepared
        switch cache.get(Key(colour: .icc(profile), input: adobe ? .invertedCMYK : .cmyk)) {
        case .success(let found): prepared = found
        case .failure(let reason): return reason.message
        }
        guard let transform = prepared.transform else { return "its CMYK profile converts to nothing" }
        withExtendedLifetime(transform) {
            pixels.withUnsafeMutableBytes { bytes in
                cmsDoTransform(transform.handle, bytes.baseAddress, bytes.baseAddress, cmsUInt32Number(bytes.count / 4))
                // lcms writes B, G, R and leaves the fourth byte (the ink it read) alone.
                for i in Swift.stride(from: 3, to: bytes.count, by: 4) { bytes[i] = 255 }
            }
        }
        return nil
    }

    // MARK: Transforms

    enum Input: Hashable { case bgra, cmyk, invertedCMYK }

    struct Key: Hashable {
        var colour: EmbeddedColour
        var input: Input
    }

    struct Failure: Error { var message: String }

    /// A transform, or none when the profile turned out to be sRGB under another name.
    struct Prepared: Sendable { var transform: Handle? }

    /// lcms's handle; built with cmsFLAGS_NOCACHE, so decode threads may run it at once.
    final class Handle: @unchecked Sendable {
        let handle: cmsHTRANSFORM
        init(_ handle: cmsHTRANSFORM) { self.handle = handle }
        deinit { cmsDeleteTransform(handle) }
    }

    private static let cache = TransformCache()

    static func build(_ key: Key) -> Result<Prepared, Failure> {
        let source: cmsHPROFILE
        switch key.colour {
        case .icc(let bytes):
            guard let opened = bytes.withUnsafeBytes({ cmsOpenProfileFromMem($0.baseAddress, cmsUInt32Number($0.count)) }) else {
                return .failure(Failure(message: "its colour profile is unreadable"))
            }
            source = opened
        case .cicp(let primaries, let transfer):
            guard let made = CICPProfile.make(primaries: primaries, transfer: transfer) else {
                return .success(Prepared(transform: nil))  // HDR curves and rare primaries: shown as coded
            }
            source = made
        }
        defer { cmsCloseProfile(source) }
        let space = cmsGetColorSpace(source)
        let wanted = key.input == .bgra ? cmsSigRgbData : cmsSigCmykData
        guard space == wanted else {
            // A grey profile on a grey JPEG (expanded to RGB here) and the like: nothing wrong
            // with the photo, nothing to convert.
            if key.input == .bgra { return .success(Prepared(transform: nil)) }
            return .failure(Failure(message: "its colour profile is not a CMYK one"))
        }
        guard let sRGB = cmsCreate_sRGBProfile() else { return .failure(Failure(message: "lcms2 cannot make sRGB")) }
        defer { cmsCloseProfile(sRGB) }
        let format: cmsUInt32Number
        switch key.input {
        case .bgra: format = CASCADE_LCMS_BGRA_8
        case .cmyk: format = CASCADE_LCMS_CMYK_8
        case .invertedCMYK: format = CASCADE_LCMS_CMYK_8_REV
        }
        // Perceptual: a wide-gamut photo's saturated colours are compressed into sRGB where the
        // profile has the tables for it rather than clipped flat (matrix profiles clip either way).
        let flags = cmsUInt32Number(cmsFLAGS_NOCACHE | cmsFLAGS_BLACKPOINTCOMPENSATION)
            | (key.input == .bgra ? cmsUInt32Number(cmsFLAGS_COPY_ALPHA) : 0)
        guard let made = cmsCreateTransform(source, format, sRGB, CASCADE_LCMS_BGRA_8, cmsUInt32Number(INTENT_PERCEPTUAL), flags) else {
            return .failure(Failure(message: "its colour profile cannot be converted to sRGB"))
        }
        let handle = Handle(made)
        if key.input == .bgra, isIdentity(handle) { return .success(Prepared(transform: nil)) }
        return .success(Prepared(transform: handle))
    }

    /// Whether a transform leaves every colour of a coarse grid within one step: an sRGB profile
    /// by another name (most cameras embed one), not worth a pass over every tile.
    private static func isIdentity(_ transform: Handle) -> Bool {
        let levels: [UInt8] = [0, 36, 73, 109, 146, 182, 219, 255]
        var grid: [UInt8] = []
        for b in levels { for g in levels { for r in levels { grid += [b, g, r, 255] } } }
        var out = grid
        cmsDoTransform(transform.handle, grid, &out, cmsUInt32Number(grid.count / 4))
        return zip(grid, out).allSatisfy { abs(Int($0) - Int($1)) <= 1 }
    }
}

/// Transforms by profile, built once each under a lock; bounded, since each file could carry a
/// profile of its own.
final class TransformCache: Sendable {
    private let entries = Locked((found: [ColourTransform.Key: Result<ColourTransform.Prepared, ColourTransform.Failure>](),
                                 profileBytes: 0))
    static let capacity = 32
    /// The keys hold whole profiles (up to 16 MiB each, broken ones too): bounded in bytes as
    /// well, so a folder of photos each with its own large profile cannot grow a worker.
    static let capacityBytes = 16 << 20

    func get(_ key: ColourTransform.Key) -> Result<ColourTransform.Prepared, ColourTransform.Failure> {
        entries.withLock { entries in
            if let found = entries.found[key] { return found }
            let built = ColourTransform.build(key)
            let bytes = if case .icc(let profile) = key.colour { profile.count } else { 0 }
            if entries.found.count >= Self.capacity || entries.profileBytes + bytes > Self.capacityBytes {
                entries = ([:], 0)
            }
            entries.found[key] = built
            entries.profileBytes += bytes
            return built
        }
    }
}

import CLcms

/// An lcms2 RGB profile made from H.273 code points, for the HEIFs and AVIFs that name their
/// colours by number (`colr nclx`) instead of carrying an ICC profile.
enum CICPProfile {
    /// Chromaticities (x, y) of red, green, blue and white, by colour-primaries code point.
    private static let primaries: [Int: [(Double, Double)]] = [
        1: [(0.640, 0.330), (0.300, 0.600), (0.150, 0.060), (0.3127, 0.3290)],  // BT.709, sRGB
        9: [(0.708, 0.292), (0.170, 0.797), (0.131, 0.046), (0.3127, 0.3290)],  // BT.2020
        12: [(0.680, 0.320), (0.265, 0.690), (0.150, 0.060), (0.3127, 0.3290)], // Display P3
    ]

    /// lcms2 parametric curve type 4 — Y = (aX + b)^g above d, else cX — by transfer code point:
    /// sRGB (13) and the BT.709 family (1, 6, 14, 15); 4 and 5 are plain gamma 2.2 and 2.8, 8 is
    /// linear. The HDR curves (PQ 16, HLG 18) need tone mapping, not a profile: nil.
    private static func curve(_ transfer: Int) -> (type: Int32, parameters: [Double])? {
        switch transfer {
        case 13, 2: return (4, [2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045])
        case 1, 6, 14, 15: return (4, [1 / 0.45, 1 / 1.099, 0.099 / 1.099, 1 / 4.5, 0.081])
        case 4: return (1, [2.2])
        case 5: return (1, [2.8])
        case 8: return (1, [1.0])
        default: return nil
        }
    }

    static func make(primaries code: Int, transfer: Int) -> cmsHPROFILE? {
        // Unsaid primaries with a named curve are taken as BT.709, as decoders do.
        guard let chromaticities = primaries[code == 2 ? 1 : code], let (type, parameters) = curve(transfer),
              let tone = cmsBuildParametricToneCurve(nil, type, parameters) else { return nil }
        defer { cmsFreeToneCurve(tone) }
        func xyY(_ point: (Double, Double)) -> cmsCIExyY { cmsCIExyY(x: point.0, y: point.1, Y: 1) }
        var white = xyY(chromaticities[3])
        var triple = cmsCIExyYTRIPLE(Red: xyY(chromaticities[0]), Green: xyY(chromaticities[1]), Blue: xyY(chromaticities[2]))
        var curves: [OpaquePointer?] = [tone, tone, tone]
        return cmsCreateRGBProfile(&white, &triple, &curves)
    }
}

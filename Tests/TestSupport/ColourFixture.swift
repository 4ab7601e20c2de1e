import CLcms
import Foundation

/// Wide-gamut RGB spaces as photos carry them, and what their colours are in sRGB. The ICC
/// profiles are made by lcms2 from the spaces' published primaries and curves; the expected
/// sRGB values come from the textbook matrices below — not from lcms2's transforms, which are
/// what cascade runs and so cannot be the reference.
public struct ColourSpaceFixture: Sendable {
    public var name: String
    /// Red, green, blue and white as CIE xy.
    var primaries: [(Double, Double)]
    /// Encoded value (0…1) to linear light, and back.
    var decode: @Sendable (Double) -> Double
    var encode: @Sendable (Double) -> Double
    /// lcms2's parametric curve for the profile.
    var curve: (type: Int32, parameters: [Double])

    public static let displayP3 = ColourSpaceFixture(
        name: "Display P3", primaries: [(0.680, 0.320), (0.265, 0.690), (0.150, 0.060), (0.3127, 0.3290)],
        decode: sRGBDecode, encode: sRGBEncode, curve: (4, [2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045]))

    /// Adobe RGB (1998): gamma 563/256.
    public static let adobeRGB = ColourSpaceFixture(
        name: "Adobe RGB", primaries: [(0.64, 0.33), (0.21, 0.71), (0.15, 0.06), (0.3127, 0.3290)],
        decode: { pow($0, 563.0 / 256) }, encode: { pow($0, 256.0 / 563) }, curve: (1, [563.0 / 256]))

    static let sRGB = ColourSpaceFixture(
        name: "sRGB", primaries: [(0.64, 0.33), (0.30, 0.60), (0.15, 0.06), (0.3127, 0.3290)],
        decode: sRGBDecode, encode: sRGBEncode, curve: (4, [2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045]))

    static let sRGBDecode: @Sendable (Double) -> Double = { $0 <= 0.04045 ? $0 / 12.92 : pow(($0 + 0.055) / 1.055, 2.4) }
    static let sRGBEncode: @Sendable (Double) -> Double = { $0 <= 0.0031308 ? $0 * 12.92 : 1.055 * pow($0, 1 / 2.4) - 0.055 }

    /// The space's ICC profile (version 4, matrix and curves), as a camera or editor embeds it.
    public func iccProfile() -> [UInt8] {
        func xyY(_ p: (Double, Double)) -> cmsCIExyY { cmsCIExyY(x: p.0, y: p.1, Y: 1) }
        var white = xyY(primaries[3])
        var triple = cmsCIExyYTRIPLE(Red: xyY(primaries[0]), Green: xyY(primaries[1]), Blue: xyY(primaries[2]))
        let tone = cmsBuildParametricToneCurve(nil, curve.type, curve.parameters)
        defer { cmsFreeToneCurve(tone) }
        var curves: [OpaquePointer?] = [tone, tone, tone]
        let profile = cmsCreateRGBProfile(&white, &triple, &curves)!
        defer { cmsCloseProfile(profile) }
        var size: cmsUInt32Number = 0
        cmsSaveProfileToMem(profile, nil, &size)
        var bytes = [UInt8](repeating: 0, count: Int(size))
        cmsSaveProfileToMem(profile, &bytes, &size)
        return bytes
    }

    /// The sRGB value (0…255) of an 8-bit colour in this space: decode, to XYZ by this space's
    /// matrix, to linear sRGB by the inverse of sRGB's, encode. Both spaces are D65: no
    /// adaptation. Out-of-gamut results clip.
    public func inSRGB(_ rgb: (Int, Int, Int)) -> (Int, Int, Int) {
        let linear = [rgb.0, rgb.1, rgb.2].map { decode(Double($0) / 255) }
        let xyz = multiply(toXYZ(), linear)
        let out = multiply(invert(Self.sRGB.toXYZ()), xyz).map { value -> Int in
            Int((Self.sRGBEncode(min(1, max(0, value))) * 255).rounded())
        }
        return (out[0], out[1], out[2])
    }

    /// RGB to XYZ: the primaries' XYZ columns scaled so that RGB 1, 1, 1 is the white.
    func toXYZ() -> [[Double]] {
        func xyz(_ p: (Double, Double)) -> [Double] { [p.0 / p.1, 1, (1 - p.0 - p.1) / p.1] }
        let columns = primaries.prefix(3).map(xyz)
        let m = (0..<3).map { row in columns.map { $0[row] } }
        let scale = multiply(invert(m), xyz(primaries[3]))
        return m.map { row in (0..<3).map { row[$0] * scale[$0] } }
    }
}

private func multiply(_ m: [[Double]], _ v: [Double]) -> [Double] {
    m.map { row in zip(row, v).map(*).reduce(0, +) }
}

private func invert(_ m: [[Double]]) -> [[Double]] {
    let (a, b, c) = (m[0][0], m[0][1], m[0][2]), (d, e, f) = (m[1][0], m[1][1], m[1][2]), (g, h, i) = (m[2][0], m[2][1], m[2][2])
    let det = a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g)
    return [[e * i - f * h, c * h - b * i, b * f - c * e],
            [f * g - d * i, a * i - c * g, c * d - a * f],
            [d * h - e * g, b * g - a * h, a * e - b * d]].map { $0.map { $0 / det } }
}

/// What a photo says about the colours its numbers mean, when it says more than "sRGB".
enum EmbeddedColour: Hashable, Sendable {
    /// An ICC profile from the file (JPEG APP2, PNG iCCP, WebP ICCP, HEIF `colr prof`, JXL).
    case icc([UInt8])
    /// Coding-independent code points (ITU-T H.273), as HEIF and AVIF `colr nclx` give them:
    /// the primaries and the transfer function by number.
    case cicp(primaries: Int, transfer: Int)

    /// A CICP pair that is sRGB in all but name (BT.709 primaries or none said, with the sRGB,
    /// BT.709 or an unsaid curve): nothing to convert, which is most phones' AVIFs.
    var isSRGB: Bool {
        guard case .cicp(let primaries, let transfer) = self else { return false }
        return [1, 2].contains(primaries) && [1, 2, 6, 13, 14, 15].contains(transfer)
    }
}

import Waterfall

/// How a decoded photo meets its target box.
public enum DecodeMode: Sendable, Equatable {
    /// The result covers the box and is centre-cropped to it (tiles). Where the photo is
    /// smaller than the box in a direction, the result is smaller there: never upscaled.
    case fill
    /// The whole photo, as large as fits inside the box, never upscaled (detail view).
    case fit
}

/// The geometry of one decode, in *stored* pixels (before orientation): the size of the
/// result and the part of the source it shows. Every decoder follows it, so JPEG, WebP
/// and the rest agree on sizes to the pixel.
struct DecodePlan: Equatable {
    /// Size of the result before orientation is applied.
    let outputWidth: Int
    let outputHeight: Int
    /// The source rectangle the result shows, in source pixels (fractional at a crop).
    let regionX: Double
    let regionY: Double
    let regionWidth: Double
    let regionHeight: Double
    /// The smallest full-image size a scaled decoder (TurboJPEG's DCT scaling, libwebp's
    /// scaler) may produce so the final area filter still only shrinks.
    let minimumDecodeWidth: Int
    let minimumDecodeHeight: Int

    /// - Parameters:
    ///   - sourceWidth, sourceHeight: the stored size of the photo.
    ///   - box: the target in *displayed* orientation.
    init(sourceWidth: Int, sourceHeight: Int, orientation: Orientation,
         box: PixelSize, mode: DecodeMode) {
        precondition(sourceWidth > 0 && sourceHeight > 0)
        let boxWidth = max(1, orientation.swapsSides ? box.height : box.width)
        let boxHeight = max(1, orientation.swapsSides ? box.width : box.height)
        let sw = Double(sourceWidth), sh = Double(sourceHeight)
        let scaleX = Double(boxWidth) / sw, scaleY = Double(boxHeight) / sh
        let scale = min(1, mode == .fit ? min(scaleX, scaleY) : max(scaleX, scaleY))

        let fullWidth = min(sourceWidth, max(1, Int((sw * scale).rounded())))
        let fullHeight = min(sourceHeight, max(1, Int((sh * scale).rounded())))
        outputWidth = mode == .fill ? min(fullWidth, boxWidth) : fullWidth
        outputHeight = mode == .fill ? min(fullHeight, boxHeight) : fullHeight

        // A cropped side shows output/scale source pixels around the centre; an uncropped
        // side shows the whole source, so rounding never shifts the picture.
        regionWidth = outputWidth < fullWidth ? min(sw, Double(outputWidth) / scale) : sw
        regionHeight = outputHeight < fullHeight ? min(sh, Double(outputHeight) / scale) : sh
        regionX = (sw - regionWidth) / 2
        regionY = (sh - regionHeight) / 2

        minimumDecodeWidth = min(sourceWidth, max(1, Int((sw * scale).rounded(.up))))
        minimumDecodeHeight = min(sourceHeight, max(1, Int((sh * scale).rounded(.up))))
    }

    /// The region in the coordinates of a decode of the whole photo at another size.
    func region(inDecodeOf width: Int, _ height: Int, sourceWidth: Int, sourceHeight: Int)
        -> (x: Double, y: Double, width: Double, height: Double)
    {
        let fx = Double(width) / Double(sourceWidth), fy = Double(height) / Double(sourceHeight)
        return (regionX * fx, regionY * fy, regionWidth * fx, regionHeight * fy)
    }
}

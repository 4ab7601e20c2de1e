import Waterfall

// EXIF orientation (tag 0x0112). The stored pixels are turned by this value to get the
// photo as the camera holder saw it; sizes in the layout are always *as displayed*.
public enum Orientation: Int, Sendable, CaseIterable, Codable {
    case up = 1              // as stored
    case upMirrored = 2      // mirrored left–right
    case down = 3            // turned 180°
    case downMirrored = 4    // mirrored top–bottom
    case leftMirrored = 5    // transposed (mirrored along the main diagonal)
    case right = 6           // needs a 90° clockwise turn to display
    case rightMirrored = 7   // transversed (mirrored along the anti-diagonal)
    case left = 8            // needs a 90° counter-clockwise turn to display

    /// Values outside 1…8 are treated as 1, as every viewer does: a broken tag must not hide a photo.
    public init(exifValue: Int) { self = Orientation(rawValue: exifValue) ?? .up }

    /// 5–8 turn the photo a quarter, so its displayed width is its stored height.
    public var swapsSides: Bool { rawValue >= 5 }

    public func displayedSize(_ stored: PixelSize) -> PixelSize {
        swapsSides ? PixelSize(width: stored.height, height: stored.width) : stored
    }
}

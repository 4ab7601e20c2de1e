import Waterfall

/// What the header of a photo says, read without decoding a pixel: enough to lay out its tile
/// before any decode has run, and for the decoder to check its pixel cap first.
public struct PhotoInfo: Sendable, Hashable {
    public let format: ImageFormat
    public let orientation: Orientation
    // Held as 32 bits (every side fits: `maximumSide`): a library keeps one of these per photo,
    // 100,000 of them at a time, and sometimes two or three copies while a scan replaces a wall.
    private let storedWidth: Int32
    private let storedHeight: Int32
    /// More than one frame: an animated GIF, WebP or JPEG XL, which plays in the detail view.
    public let isAnimated: Bool

    /// The size of the pixels as stored in the file, before orientation.
    public var pixelWidth: Int { Int(storedWidth) }
    public var pixelHeight: Int { Int(storedHeight) }
    public var storedSize: PixelSize { PixelSize(width: pixelWidth, height: pixelHeight) }

    /// The largest side a header may claim. Beyond it the header is taken as corrupt; up to it
    /// the size is reported as is, and the decoder's pixel cap decides whether to decode.
    public static let maximumSide = Int(Int32.max)

    public init(format: ImageFormat, pixelWidth: Int, pixelHeight: Int, orientation: Orientation, isAnimated: Bool = false) {
        self.format = format
        self.isAnimated = isAnimated
        storedWidth = Int32(clamping: pixelWidth)
        storedHeight = Int32(clamping: pixelHeight)
        self.orientation = orientation
    }

    /// The size as the viewer sees it: orientations 5–8 swap the sides.
    public var displayedWidth: Int { orientation.swapsSides ? pixelHeight : pixelWidth }
    public var displayedHeight: Int { orientation.swapsSides ? pixelWidth : pixelHeight }

    /// Displayed height over displayed width, the ratio the wall's layout takes (docs/ARCHITECTURE.md).
    public var aspectRatio: Double { Double(displayedHeight) / Double(displayedWidth) }
}

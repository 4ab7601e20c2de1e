import Waterfall

/// What the header of a photo says, read without decoding a pixel: enough to lay out its tile
/// before any decode has run, and for the decoder to check its pixel cap first.
public struct PhotoInfo: Sendable, Hashable {
    public let format: ImageFormat
    public let orientation: Orientation
    // The date taken and the animation mark in 6 bytes, not the 18 of a `HeaderDate` and a
    // Bool, so that an entry stays at 80 bytes: 39 bits of wall-clock seconds (years 1…9999),
    // their top 7 bits beside the animation bit, and the UTC offset in quarter hours (every
    // zone in use is a whole number of them) or a mark (`Self.noOffset`…).
    private let takenHighAndAnimated: UInt8
    private let takenZone: Int8
    // Held as 32 bits (every side fits: `maximumSide`): a library keeps one of these per photo,
    // 100,000 of them at a time, and sometimes two or three copies while a scan replaces a wall.
    private let storedWidth: Int32
    private let storedHeight: Int32
    private let takenLow: UInt32

    /// More than one frame: an animated GIF, WebP or JPEG XL, which plays in the detail view.
    public var isAnimated: Bool { takenHighAndAnimated & 0x80 != 0 }

    /// The size of the pixels as stored in the file, before orientation.
    public var pixelWidth: Int { Int(storedWidth) }
    public var pixelHeight: Int { Int(storedHeight) }
    public var storedSize: PixelSize { PixelSize(width: pixelWidth, height: pixelHeight) }

    /// The largest side a header may claim. Beyond it the header is taken as corrupt; up to it
    /// the size is reported as is, and the decoder's pixel cap decides whether to decode.
    public static let maximumSide = Int(Int32.max)

    public init(format: ImageFormat, pixelWidth: Int, pixelHeight: Int, orientation: Orientation, isAnimated: Bool = false,
                taken: HeaderDate = .absent) {
        self.format = format
        storedWidth = Int32(clamping: pixelWidth)
        storedHeight = Int32(clamping: pixelHeight)
        self.orientation = orientation
        let animated: UInt8 = isAnimated ? 0x80 : 0
        switch taken {
        case .notRead, .absent:
            (takenLow, takenHighAndAnimated) = (0, animated)
            takenZone = taken == .notRead ? Self.notRead : Self.noDate
        case .taken(let date):
            takenLow = UInt32(truncatingIfNeeded: date.wallClock)
            takenHighAndAnimated = UInt8(truncatingIfNeeded: date.wallClock >> 32) & 0x7F | animated
            takenZone = date.utcOffsetMinutes.map { Int8(clamping: $0 / 15) } ?? Self.noOffset
        }
    }

    private static let notRead = Int8.min
    private static let noDate = Int8.min + 1
    private static let noOffset = Int8.max

    /// What the header says about when the photo was taken.
    public var taken: HeaderDate {
        switch takenZone {
        case Self.notRead: return .notRead
        case Self.noDate: return .absent
        default:
            // The 7 high bits, sign-extended from bit 6.
            let high = Int64(Int8(bitPattern: takenHighAndAnimated << 1) >> 1)
            let wallClock = high << 32 | Int64(takenLow)
            return .taken(CaptureDate(wallClock: wallClock, utcOffsetMinutes: takenZone == Self.noOffset ? nil : Int(takenZone) * 15))
        }
    }

    /// The size as the viewer sees it: orientations 5–8 swap the sides.
    public var displayedWidth: Int { orientation.swapsSides ? pixelHeight : pixelWidth }
    public var displayedHeight: Int { orientation.swapsSides ? pixelWidth : pixelHeight }

    /// Displayed height over displayed width, the ratio the wall's layout takes (docs/ARCHITECTURE.md).
    public var aspectRatio: Double { Double(displayedHeight) / Double(displayedWidth) }
}

/// What a header says about when its photo was taken.
public enum HeaderDate: Sendable, Hashable {
    /// Not looked for: a header kept by an index made before dates were read. The next scan
    /// reads the header again.
    case notRead
    /// The header has no EXIF date, or one that does not parse.
    case absent
    case taken(CaptureDate)
}

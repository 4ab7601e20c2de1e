/// What each format's header reader returns: the stored size and the orientation tag, before
/// `HeaderProbe` checks the size and makes a `PhotoInfo`.
struct StoredHeader {
    var width: Int
    var height: Int
    var orientation: Orientation
    /// The EXIF block ("Exif\0\0" + TIFF, capped) where the header had one: the info panel
    /// reads the camera from it. The wall's scan drops it with the probe.
    var exif: [UInt8]? = nil
    /// More than one frame (a GIF, WebP or JPEG XL animation), for the wall's mark.
    var animated = false
    /// When the EXIF block (or a HEIF's Exif item, a JPEG XL's Exif box) says it was taken.
    var taken: CaptureDate? = nil
}

extension StoredHeader {
    /// Orientation and date taken from the EXIF block, `.up` and none without one.
    init(width: Int, height: Int, exif: [UInt8]?) {
        let tags = exif.map(ExifOrientation.readWithDate(exifBlock:))
        self.init(width: width, height: height, orientation: tags?.orientation ?? .up, exif: exif, taken: tags?.taken)
    }
}

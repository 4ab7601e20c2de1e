import CExif

/// The small JPEG a camera or phone stores in its EXIF block (IFD1, about 160×120), read with
/// libexif: a picture for a tile within the first frames, long before the photo is decoded.
enum ExifThumbnail {
    /// EXIF lives in one APP1 segment: no thumbnail in it can be larger.
    static let maximumBytes = 64 << 10

    /// The thumbnail's JPEG bytes, if the block has one that starts like a JPEG.
    static func jpeg(exifBlock block: [UInt8]) -> [UInt8]? {
        let capped = ExifOrientation.capped(block)
        guard capped.count > 14, let data = exif_data_new() else { return nil }
        defer { exif_data_unref(data) }
        exif_data_unset_option(data, EXIF_DATA_OPTION_FOLLOW_SPECIFICATION)
        capped.withUnsafeBufferPointer { exif_data_load_data(data, $0.baseAddress, UInt32($0.count)) }
        let size = Int(data.pointee.size)
        guard let bytes = data.pointee.data, size > 4, size <= maximumBytes, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
        return Array(UnsafeBufferPointer(start: bytes, count: size))
    }
}

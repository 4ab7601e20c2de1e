import Waterfall

extension PhotoDecoder {
    /// Why a photo has no first-pass picture: not an error of the photo, which still decodes.
    public static let noPreview = DecodeError.unsupported("no embedded preview")

    /// EXIF thumbnails live in one 64 KiB segment, so real ones are 160×120 to 640×480; a few
    /// KiB of JPEG can still declare a huge image, which the first pass, ahead of every photo,
    /// must not spend a photo's pixel budget on.
    static let largestExifThumbnail = 1920 * 1080

    /// The picture a camera or phone stored beside the photo — a JPEG's EXIF thumbnail, a
    /// HEIF's smallest thumbnail item — turned and cropped to `box` like the photo, never
    /// enlarged: a soft first pass for a tile while the photo itself decodes. Throws
    /// `noPreview` when the file carries none.
    static func preview(_ file: SafeFile, _ request: PhotoDecodeRequest) throws(DecodeError) -> DecodedImage {
        switch request.format {
        case .jpeg:
            // Only the header: the thumbnail sits in the EXIF segment near the start, and a
            // first pass that read the whole file would cost what it is meant to save.
            let prefix: [UInt8]
            do { prefix = try file.read(at: 0, count: HeaderProbe.prefixSize) } catch { throw DecodeError(error) }
            guard let header = try? HeaderProbe.probe(prefix: prefix, file: file).header, let exif = header.exif,
                  let jpeg = ExifThumbnail.jpeg(exifBlock: exif) else { throw noPreview }
            // Cameras letterbox a 3:2 photo's thumbnail into 160×120 with black bars: cut to the
            // tile's shape inside the thumbnail, which a plain fill (never enlarging) would not.
            guard let thumbnail = try? HeaderProbe.probe(bytes: jpeg), thumbnail.format == .jpeg,
                  thumbnail.pixelWidth * thumbnail.pixelHeight <= largestExifThumbnail else { throw noPreview }
            let shown = request.orientation.displayedSize(PixelSize(width: thumbnail.pixelWidth, height: thumbnail.pixelHeight))
            let scale = min(1, Double(shown.width) / Double(request.box.width), Double(shown.height) / Double(request.box.height))
            let box = PixelSize(width: max(1, Int(Double(request.box.width) * scale)), height: max(1, Int(Double(request.box.height) * scale)))
            return try decode(data: jpeg, format: .jpeg, orientation: request.orientation, box: box,
                              mode: request.mode, maxPixels: request.maxPixels)
        case .heif, .avif:
            var inner = DecodeRequest(orientation: request.orientation, box: request.box, mode: request.mode,
                                      maxPixels: request.maxPixels, storedSize: request.storedSize)
            inner.preview = true
            return finish(try decodeSource(data: DecodeInput.read(file), format: request.format, request: inner),
                          orientation: request.orientation)
        default:
            throw noPreview
        }
    }
}

/// Reads what a photo's header says — format, stored size, EXIF orientation — without decoding
/// it. Only a bounded prefix is read, and more only where a format's header really sits later.
/// Kept over each format's library header call, which reads as much or more (libheif: whole files)
/// and gives no orientation: CPU and bytes per photo, and damaged files, in BENCHMARKS.md "Hand-written or library".
public enum HeaderProbe {
    /// Read first; enough for every header but a JPEG with large APP segments before its frame.
    public static let prefixSize = 64 << 10

    /// Probes the file at `path`. FIFOs, devices and folders are refused without being opened
    /// for reading (`ProbeError.file`).
    public static func probe(_ path: PhotoPath) throws(ProbeError) -> PhotoInfo {
        let file: SafeFile
        let prefix: [UInt8]
        do {
            file = try SafeFile(opening: path)
            prefix = try file.read(at: 0, count: prefixSize)
        } catch {
            throw .file(error)
        }
        return try probe(prefix: prefix, file: file).info
    }

    /// Probes a file already in memory; `bytes` must start at the beginning of the file.
    public static func probe(bytes: [UInt8]) throws(ProbeError) -> PhotoInfo {
        try probe(prefix: bytes, file: nil).info
    }

    /// The info and the header it came from (with its EXIF block), for `PhotoDetails`.
    static func probe(prefix: [UInt8], file: SafeFile?) throws(ProbeError) -> (info: PhotoInfo, header: StoredHeader) {
        guard !prefix.isEmpty else { throw .emptyFile }
        guard let format = ImageFormat.sniff(prefix) else { throw .unknownFormat }
        let input = ProbeInput(prefix: prefix, format: format, file: file)
        var header: StoredHeader
        switch format {
        case .jpeg: header = try JPEGHeader.probe(input)
        case .png: header = try PNGHeader.probe(input)
        case .webp: header = try WebPHeader.probe(input)
        case .gif: header = try GIFHeader.probe(input)
        case .bmp: header = try BMPHeader.probe(input)
        case .tiff:
            header = try TIFFHeader.probe(input)
            // A TIFF is itself the structure EXIF borrows; its EXIF IFD is nearly always in the prefix.
            header.taken = ExifOrientation.readWithDate(exifBlock: ExifOrientation.exifBlock(tiff: prefix)).taken
        case .heif, .avif: header = try HEIFHeader.probe(input)
        case .jxl: header = try JXLHeader.probe(input)
        }
        guard header.width > 0, header.height > 0 else {
            throw input.corrupt("claims a size of \(header.width)×\(header.height)")
        }
        guard header.width <= PhotoInfo.maximumSide, header.height <= PhotoInfo.maximumSide else {
            throw input.corrupt("claims an absurd size of \(header.width)×\(header.height)")
        }
        return (PhotoInfo(format: format, pixelWidth: header.width, pixelHeight: header.height,
                          orientation: header.orientation, isAnimated: header.animated,
                          taken: header.taken.map(HeaderDate.taken) ?? .absent), header)
    }
}

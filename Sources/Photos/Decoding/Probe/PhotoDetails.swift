import Foundation

/// Everything the info panel says about one photo file: its size on disk, its pixels and
/// format from the header, and what its EXIF block says. Read with the probe's bounded reads
/// (the header prefix and, where the EXIF block sits later, that block alone), never the whole
/// file; blocking, so callers read it off the frame thread.
public struct PhotoDetails: Sendable, Equatable {
    public var path: PhotoPath
    public var fileSize: Int64
    public var format: ImageFormat?
    /// As displayed, after the EXIF orientation.
    public var pixelWidth: Int?
    public var pixelHeight: Int?
    public var exif = ExifSummary()
    /// Why the header could not be read, when it could not.
    public var problem: String?

    public init(path: PhotoPath, fileSize: Int64) {
        self.path = path
        self.fileSize = fileSize
    }

    /// Reads `path`; fails only when the file cannot be opened.
    public static func read(_ path: PhotoPath) throws(SafeFileError) -> PhotoDetails {
        let file = try SafeFile(opening: path)
        var details = PhotoDetails(path: path, fileSize: FileStamp(file).size)
        let prefix = try file.read(at: 0, count: HeaderProbe.prefixSize)
        do {
            let (info, header) = try HeaderProbe.probe(prefix: prefix, file: file)
            details.format = info.format
            details.pixelWidth = info.displayedWidth
            details.pixelHeight = info.displayedHeight
            // A TIFF is itself the structure EXIF borrows: its first IFD and the EXIF IFD it
            // points to are usually in the prefix.
            if let block = header.exif ?? (info.format == .tiff ? ExifOrientation.exifBlock(tiff: prefix) : nil) {
                details.exif = ExifSummary(exifBlock: block)
            }
        } catch {
            details.problem = error.description
        }
        return details
    }

    /// "1.2 MB", "830 KB", "512 bytes" (powers of 1000, as file managers show them).
    public static func readableSize(_ bytes: Int64) -> String {
        if bytes < 1000 { return "\(bytes) bytes" }
        let units = ["KB", "MB", "GB", "TB"]
        var value = Double(bytes) / 1000
        var unit = 0
        while value >= 1000, unit < units.count - 1 { value /= 1000; unit += 1 }
        let format = value < 10 ? "%.1f %@" : "%.0f %@"
        return String(format: format, value, units[unit])
    }
}

/// Why a file's header could not be read. Such a file, found by its name or magic, becomes an
/// error tile; `description` is the reason logged and shown.
public enum ProbeError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file could not be opened or read.
    case file(SafeFileError)
    case emptyFile
    /// No known image signature at the start of the file.
    case unknownFormat
    /// The file ends before the header does.
    case truncated(ImageFormat)
    /// The header is there but says something impossible.
    case corruptHeader(ImageFormat, reason: String)

    public var description: String {
        switch self {
        case .file(let error): return error.description
        case .emptyFile: return "empty file"
        case .unknownFormat: return "not a known image format"
        case .truncated(let format): return "truncated \(format.rawValue.uppercased()) header"
        case .corruptHeader(let format, let reason): return "corrupt header: \(format.rawValue.uppercased()) \(reason)"
        }
    }
}

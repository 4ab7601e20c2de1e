/// Why a photo was not rotated; in every case the file on disk is as it was.
public enum RotationError: Error, Sendable, Equatable, CustomStringConvertible {
    case unreadable(PhotoPath, String)
    /// The format keeps no orientation cascade can change without re-encoding it.
    case unsupported(PhotoPath, String)
    case cannotWrite(PhotoPath, String)
    /// Someone else wrote the file while it was being rotated; their version is kept.
    case changedMeanwhile(PhotoPath)

    public var description: String {
        switch self {
        case let .unreadable(path, why): "cannot rotate \(path): \(why)"
        case let .unsupported(path, why): "cannot rotate \(path): \(why)"
        case let .cannotWrite(path, why): "cannot rotate \(path): \(why); the photo is unchanged"
        case let .changedMeanwhile(path): "cannot rotate \(path): it changed while being rotated; the photo is unchanged"
        }
    }
}

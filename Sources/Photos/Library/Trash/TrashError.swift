#if canImport(Glibc)
import Glibc
#endif

/// Why a photo could not be moved to the trash or put back. The description is the whole
/// sentence a log line or a control reply shows; the file is always left where it was.
public enum TrashError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Nothing at the path to trash.
    case notFound(PhotoPath)
    /// The file's filesystem has no trash cascade may use, and making one failed: the file is
    /// never copied to another filesystem and deleted instead.
    case noTrash(file: PhotoPath, topDirectory: PhotoPath, reason: String)
    /// The trash's folders or its `.trashinfo` could not be written.
    case infoNotWritten(file: PhotoPath, trash: PhotoPath, reason: String)
    /// The rename into the trash (or back out of it) failed.
    case notMoved(file: PhotoPath, reason: String)
    /// Restoring would replace something that now sits at the original path.
    case originalTaken(PhotoPath)
    /// What the trash holds under the photo's names is not the photo cascade put there any more.
    case noLongerTrashed(PhotoPath, why: String)

    public var description: String {
        switch self {
        case .notFound(let file):
            return "cannot trash \(file): no such file"
        case .noTrash(let file, let top, let reason):
            return "cannot trash \(file): no trash can be made on the filesystem mounted at \(top) (\(reason)); the file was left in place"
        case .infoNotWritten(let file, let trash, let reason):
            return "cannot trash \(file): cannot write to the trash \(trash) (\(reason)); the file was left in place"
        case .notMoved(let file, let reason):
            return "cannot move \(file): \(reason); the file was left in place"
        case .originalTaken(let file):
            return "cannot restore \(file): something else is there now; the trashed file stays in the trash"
        case .noLongerTrashed(let file, let why):
            return "cannot restore \(file): the trash no longer holds the photo cascade trashed (\(why)); nothing was moved"
        }
    }

    static func reason(_ code: Int32) -> String { String(cString: strerror(code)) }
}

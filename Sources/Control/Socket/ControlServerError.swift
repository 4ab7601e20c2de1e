// Why the control socket could not be set up. Each message names the path and what to do,
// because it ends up as the one line a kiosk's journal shows before cascade exits.

public enum ControlServerError: Error, Sendable, Equatable, CustomStringConvertible {
    case emptyPath
    case pathTooLong(path: String, limit: Int)
    case folderMissing(path: String)
    case notASocket(path: String)
    case alreadyListening(path: String)
    case unknownGroup(String)
    case cannotSetGroup(group: String, path: String, reason: String)
    case system(action: String, path: String, reason: String)

    public var description: String {
        switch self {
        case .emptyPath:
            "the control socket needs a path"
        case let .pathTooLong(path, limit):
            "control socket path is too long for a Unix socket (\(path.utf8.count) bytes, at most \(limit)): \(path)"
        case .folderMissing(let path):
            "cannot create the control socket \(path): its folder does not exist"
        case .notASocket(let path):
            "\(path) exists and is not a socket; not replacing it (remove it or choose another --control path)"
        case .alreadyListening(let path):
            "another cascade is listening on \(path)"
        case .unknownGroup(let group):
            "unknown group \"\(group)\" for the control socket"
        case let .cannotSetGroup(group, path, reason):
            "cannot give group \(group) the control socket \(path): \(reason)"
        case let .system(action, path, reason):
            "cannot \(action) the control socket \(path): \(reason)"
        }
    }
}

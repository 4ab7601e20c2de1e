/// The photos found for the command-line arguments, in wall order, and what was passed over.
public struct ScanResult: Sendable {
    public var entries: [PhotoEntry]
    /// Files and folders skipped for a reason worth a log line (unreadable folders, dangling
    /// links, FIFOs, devices). Files that are simply not images are not listed.
    public var issues: [ScanIssue]

    public init(entries: [PhotoEntry], issues: [ScanIssue]) {
        self.entries = entries
        self.issues = issues
    }
}

public struct ScanIssue: Sendable, Hashable, CustomStringConvertible {
    public let path: PhotoPath
    public let reason: String

    public init(path: PhotoPath, reason: String) {
        self.path = path
        self.reason = reason
    }

    public var description: String { "\(path.string): \(reason)" }
}

/// How far a scan is, for a status line (systemd's STATUS= while a kiosk starts).
public struct ScanProgress: Sendable, Hashable {
    public enum Phase: Sendable, Hashable {
        /// Walking the folders; `done` counts the regular files found so far.
        case walking
        /// Sniffing and probing the files found; `done` of `total` examined.
        case probing
    }

    public let phase: Phase
    public let done: Int
    /// Known once walking is over.
    public let total: Int?
}

/// A scan that cannot start: a command-line argument that is not there or cannot be read.
public enum ScanError: Error, Sendable, Hashable, CustomStringConvertible {
    case notFound(PhotoPath)
    case unreadable(PhotoPath, reason: String)

    public var description: String {
        switch self {
        case .notFound(let path): return "no such file or folder: \(path.string)"
        case .unreadable(let path, let reason): return "cannot read \(path.string): \(reason)"
        }
    }
}

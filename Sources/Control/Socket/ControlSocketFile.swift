// The control socket's file: where it is bound, who may open it, and taking it away again.
//
// Permissions without a window: the socket is bound (which creates the file with the process's
// umask), then chmod'ed (and chown'ed) *before* listen(2). Until listen, connect(2) on the file is
// refused, so nobody can get in through a moment of looser permissions — and no process-wide
// umask is touched while other threads create files.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

struct ControlSocketFile: Sendable {
    let path: String
    /// The file we created, so shutdown never removes a file someone else put there since.
    private let device: UInt64
    private let inode: UInt64

    /// sun_path holds 108 bytes including the terminating NUL.
    static let maximumPathLength = MemoryLayout.size(ofValue: sockaddr_un().sun_path) - 1

    /// Returns the bound, not yet listening, socket descriptor, mode 0600 (0660 for `group`).
    static func bind(path: String, group: String?) throws(ControlServerError) -> (ControlSocketFile, CInt) {
        guard !path.isEmpty else { throw .emptyPath }
        guard path.utf8.count <= maximumPathLength else { throw .pathTooLong(path: path, limit: maximumPathLength) }
        let gid = try group.map { name throws(ControlServerError) in try groupID(name) }
        try checkFolder(of: path)
        try removeStale(path)

        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw .system(action: "create", path: path, reason: errnoText()) }
        var address = unixAddress(path)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard bound == 0 else {
            let code = errno
            close(fd)
            if code == EADDRINUSE { throw .alreadyListening(path: path) }
            if code == ENOENT || code == ENOTDIR { throw .folderMissing(path: path) }
            throw .system(action: "bind", path: path, reason: errnoText(code))
        }
        do throws(ControlServerError) {
            guard chmod(path, 0o600) == 0 else { throw .system(action: "set the mode of", path: path, reason: errnoText()) }
            if let gid, let group {
                guard chown(path, uid_t.max, gid) == 0 else { throw .cannotSetGroup(group: group, path: path, reason: errnoText()) }
                guard chmod(path, 0o660) == 0 else { throw .system(action: "set the mode of", path: path, reason: errnoText()) }
            }
            var info = stat()
            guard lstat(path, &info) == 0 else { throw .system(action: "check", path: path, reason: errnoText()) }
            return (ControlSocketFile(path: path, device: UInt64(info.st_dev), inode: UInt64(info.st_ino)), fd)
        } catch {
            close(fd)
            unlink(path)
            throw error
        }
    }

    /// Removes the file if it is still the one bound here.
    func remove() {
        var info = stat()
        guard lstat(path, &info) == 0, UInt64(info.st_dev) == device, UInt64(info.st_ino) == inode else { return }
        unlink(path)
    }

    private static func checkFolder(of path: String) throws(ControlServerError) {
        guard let slash = path.lastIndex(of: "/") else { return }
        let folder = slash == path.startIndex ? "/" : String(path[..<slash])
        var info = stat()
        guard stat(folder, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { throw .folderMissing(path: path) }
    }

    /// A socket file nobody listens on (cascade crashed, or was killed) is left over and in the
    /// way of bind: connect tells the two apart — refused means stale.
    private static func removeStale(_ path: String) throws(ControlServerError) {
        var info = stat()
        guard lstat(path, &info) == 0 else {
            if errno == ENOENT { return }
            throw .system(action: "check", path: path, reason: errnoText())
        }
        guard info.st_mode & S_IFMT == S_IFSOCK else { throw .notASocket(path: path) }
        let probe = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        guard probe >= 0 else { throw .system(action: "check", path: path, reason: errnoText()) }
        defer { close(probe) }
        var address = unixAddress(path)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(probe, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        let code = errno
        // EAGAIN: a listener whose backlog is full is still a listener.
        if connected == 0 || code == EAGAIN || code == EINPROGRESS { throw .alreadyListening(path: path) }
        switch code {
        case ECONNREFUSED:
            guard unlink(path) == 0 || errno == ENOENT else { throw .system(action: "replace the stale", path: path, reason: errnoText()) }
        case ENOENT:
            return
        default:
            throw .system(action: "check whether another program uses", path: path, reason: errnoText(code))
        }
    }

    private static func groupID(_ name: String) throws(ControlServerError) -> gid_t {
        var entry = group()
        var result: UnsafeMutablePointer<group>?
        var size = 4096
        while size <= 1 << 20 {
            var buffer = [CChar](repeating: 0, count: size)
            let code = getgrnam_r(name, &entry, &buffer, size, &result)
            if code == ERANGE { size *= 2; continue }
            if code == 0, let result { return result.pointee.gr_gid }
            break
        }
        // A number is taken as a group id, as chown(1) does.
        if let id = gid_t(name) { return id }
        throw .unknownGroup(name)
    }
}

func unixAddress(_ path: String) -> sockaddr_un {
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &address.sun_path) { raw in
        let bytes = Array(path.utf8.prefix(raw.count - 1))
        raw.copyBytes(from: bytes)
        raw[bytes.count] = 0
    }
    return address
}

func errnoText(_ code: Int32 = errno) -> String {
    String(cString: strerror(code))
}

// The client end of the control socket, for `cascade ctl` and tests. Plain blocking POSIX
// sockets rather than NIO: ctl sends one line and reads until its answer (or, following,
// until the server closes) — an event loop thread and futures would only add a way to hang
// at exit. A receive timeout keeps a wedged server from hanging the caller forever.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

public enum ControlClientError: Error, Sendable, Equatable, CustomStringConvertible {
    case cannotConnect(path: String, reason: String)
    case timedOut(path: String)
    case closed(path: String)
    case io(path: String, reason: String)
    case lineTooLong(path: String)

    public var description: String {
        switch self {
        case let .cannotConnect(path, reason): "cannot connect to the control socket \(path): \(reason)"
        case .timedOut(let path): "no answer from \(path) in time"
        case .closed(let path): "\(path) closed the connection before answering"
        case let .io(path, reason): "talking to \(path) failed: \(reason)"
        case .lineTooLong(let path): "\(path) sent a line longer than \(ControlClient.maximumLineLength) bytes"
        }
    }
}

public final class ControlClient {
    /// Replies (get-state) can be big, but not unboundedly.
    public static let maximumLineLength = 64 << 20

    public let path: String
    private let fd: CInt
    private var buffer: [UInt8] = []
    private var atEnd = false

    /// `timeout`: how long a read may wait; nil waits for ever (following events).
    public init(path: String, timeout: Duration? = nil) throws(ControlClientError) {
        self.path = path
        guard path.utf8.count <= ControlSocketFile.maximumPathLength else {
            throw .cannotConnect(path: path, reason: "the path is too long for a Unix socket")
        }
        fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw .cannotConnect(path: path, reason: errnoText()) }
        var address = unixAddress(path)
        var result: CInt
        repeat {
            result = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
            }
        } while result != 0 && errno == EINTR
        // Not closed here: once `fd` is set every stored property is, so a throw runs deinit,
        // which closes it. Closed twice, the second close could take a descriptor another
        // thread had opened meanwhile (the test run saw NIO's epoll fail on one).
        guard result == 0 else { throw .cannotConnect(path: path, reason: errnoText()) }
        setTimeout(timeout)
    }

    deinit { if fd >= 0 { close(fd) } }

    public func setTimeout(_ timeout: Duration?) {
        let parts = (timeout ?? .zero).components
        var value = timeval(tv_sec: Int(parts.seconds), tv_usec: Int(parts.attoseconds / 1_000_000_000_000))
        if timeout != nil, value.tv_sec == 0, value.tv_usec == 0 { value.tv_usec = 1 }
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &value, socklen_t(MemoryLayout<timeval>.size))
    }

    /// Sends one request line.
    public func send(_ request: JSONValue) throws(ControlClientError) {
        try sendRaw(Array((request.text + "\n").utf8))
    }

    /// Sends bytes as they are (tests use it for split and broken lines).
    public func sendRaw(_ bytes: some Collection<UInt8>) throws(ControlClientError) {
        let bytes = Array(bytes)
        var sent = 0
        while sent < bytes.count {
            // MSG_NOSIGNAL: a server that went away is an error to report, not a SIGPIPE.
            let n = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress! + sent, bytes.count - sent, Int32(MSG_NOSIGNAL)) }
            if n > 0 { sent += n; continue }
            if n < 0, errno == EINTR { continue }
            throw .io(path: path, reason: errnoText())
        }
    }

    /// Stops sending (the server then closes once it has answered everything).
    public func finishSending() {
        shutdown(fd, Int32(SHUT_WR))
    }

    /// The next line without its newline; nil once the server closed the connection.
    public func readLine() throws(ControlClientError) -> [UInt8]? {
        var searched = 0
        while true {
            if let newline = buffer[searched...].firstIndex(of: 0x0A) {
                let line = Array(buffer[..<newline])
                buffer.removeFirst(newline + 1)
                return line
            }
            searched = buffer.count
            if atEnd {
                guard !buffer.isEmpty else { return nil }
                defer { buffer = [] }
                return buffer
            }
            guard buffer.count <= Self.maximumLineLength else { throw .lineTooLong(path: path) }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress!, $0.count, 0) }
            if n > 0 {
                buffer.append(contentsOf: chunk[..<n])
            } else if n == 0 || errno == ECONNRESET {
                atEnd = true
            } else if errno == EINTR {
                continue
            } else if errno == EAGAIN || errno == EWOULDBLOCK {
                throw .timedOut(path: path)
            } else {
                throw .io(path: path, reason: errnoText())
            }
        }
    }

    /// Sends a command and reads lines until its reply: the reply with `requestID`, or one the
    /// server could not tie to a request (request_id null — a refusal), skipping events.
    public func request(_ command: [JSONValue], requestID: Int = 1) throws(ControlClientError) -> JSONValue {
        try send(.object([("command", .array(command)), ("request_id", .int(requestID))]))
        while let line = try readLine() {
            guard let reply = try? JSONValue.parse(line), reply["event"] == nil else { continue }
            if reply["request_id"] == .int(requestID) || reply["request_id"] == .null { return reply }
        }
        throw .closed(path: path)
    }
}

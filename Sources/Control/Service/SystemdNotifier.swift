// systemd's notify protocol (sd_notify(3)) without libsystemd: every message is one datagram of
// newline-separated KEY=VALUE assignments sent to the AF_UNIX socket named by $NOTIFY_SOCKET.
// Sending never blocks and never raises SIGPIPE, so it is safe from the frame loop: when systemd
// is slow or gone the message is dropped, which is what a missed watchdog ping should mean anyway.
// libsystemd's sd_notify blocks then, and costs 4× a message (BENCHMARKS.md "Hand-written or library").

import Glibc

public final class SystemdNotifier: Sendable {
    /// $NOTIFY_SOCKET was set but names nothing this process can send to.
    public struct SocketError: Error, CustomStringConvertible, Sendable {
        public let description: String
    }

    /// The socket as systemd named it (`/run/systemd/notify`, or `@name` for the abstract namespace).
    public let socketName: String
    /// How often to send `watchdog()`, in seconds: half of $WATCHDOG_USEC (sd_watchdog_enabled(3)
    /// recommends pinging at half the timeout). Nil when the service has no watchdog for us.
    public let watchdogInterval: Double?

    private let address: [UInt8]   // a whole `sockaddr_un`, `addressLength` bytes of it meaningful
    private let addressLength: socklen_t
    private let descriptor: Int32  // never written after init; sendto(2) is safe from any thread

    /// A notifier sending to `socketName`: an absolute path, or `@name` for an abstract socket.
    public init(socketName: String, watchdogInterval: Double? = nil) throws(SocketError) {
        (address, addressLength) = try Self.socketAddress(socketName)
        let fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else {
            throw SocketError(description: "cannot make a socket for NOTIFY_SOCKET: \(String(cString: strerror(errno)))")
        }
        descriptor = fd
        self.socketName = socketName
        self.watchdogInterval = watchdogInterval
    }

    deinit { close(descriptor) }

    /// The notifier systemd asked for, or nil when cascade does not run under `Type=notify`.
    ///
    /// Reads `NOTIFY_SOCKET`, `WATCHDOG_USEC` and `WATCHDOG_PID` once and removes them from the
    /// process environment, so on-select commands and other children do not talk to systemd in
    /// cascade's name. Call it once, early in `main` before any thread starts: unsetenv(3) is not
    /// safe while another thread reads the environment. Throws when `NOTIFY_SOCKET` is set but
    /// unusable (a relative path, a name too long, a `vsock:` address) — worth a warning, since
    /// systemd will then time the start out.
    public static func fromEnvironment() throws(SocketError) -> SystemdNotifier? {
        try fromEnvironment(
            read: { name in getenv(name).map { String(cString: $0) } },
            unset: { name in _ = unsetenv(name) },
            processID: getpid())
    }

    /// `fromEnvironment()` with the environment passed in, so the reading and the unsetting can
    /// be checked without touching the test process's own environment.
    static func fromEnvironment(read: (String) -> String?, unset: (String) -> Void,
                                processID: pid_t) throws(SocketError) -> SystemdNotifier? {
        let names = ["NOTIFY_SOCKET", "WATCHDOG_USEC", "WATCHDOG_PID"]
        var environment: [String: String] = [:]
        for name in names { environment[name] = read(name) }
        for name in names { unset(name) }
        guard let socketName = environment["NOTIFY_SOCKET"], !socketName.isEmpty else { return nil }
        return try SystemdNotifier(socketName: socketName,
                                   watchdogInterval: watchdogInterval(environment: environment, processID: processID))
    }

    /// Half of `WATCHDOG_USEC` in seconds when it is a positive number of microseconds and
    /// `WATCHDOG_PID` is unset or this process; nil otherwise, as sd_watchdog_enabled(3) decides.
    public static func watchdogInterval(environment: [String: String], processID: pid_t) -> Double? {
        guard let text = environment["WATCHDOG_USEC"], let usec = decimal(text), usec > 0 else { return nil }
        if let pidText = environment["WATCHDOG_PID"] {
            guard let pid = decimal(pidText), pid == UInt64(clamping: processID) else { return nil }
        }
        return Double(usec) / 2 / 1_000_000
    }

    // MARK: Messages

    /// `READY=1`: the first frame is on screen (or, after `reloading()`, the reload is done).
    public func ready(status: String? = nil) {
        send(["READY=1"] + (status.map { ["STATUS=" + Self.singleLine($0)] } ?? []))
    }

    /// `STATUS=…`, shown by `systemctl status`; one line, newlines become spaces.
    public func status(_ text: String) {
        send(["STATUS=" + Self.singleLine(text)])
    }

    /// `RELOADING=1` with the `MONOTONIC_USEC=` systemd needs to tell this reload from an older
    /// one (systemd.service(5), Type=notify-reload). Send `ready()` when the reload is done.
    public func reloading() {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        let usec = UInt64(now.tv_sec) * 1_000_000 + UInt64(now.tv_nsec) / 1_000
        send(["RELOADING=1", "MONOTONIC_USEC=\(usec)"])
    }

    /// `STOPPING=1`: shutting down on SIGTERM/SIGINT, so systemd does not mistake it for a crash.
    public func stopping() {
        send(["STOPPING=1"])
    }

    /// `WATCHDOG=1`: the frame loop is alive. Send it every `watchdogInterval` seconds.
    public func watchdog() {
        send(["WATCHDOG=1"])
    }

    /// Sends the assignments as one datagram; false when it could not be sent (systemd's queue
    /// full, or systemd gone). Never blocks, never raises SIGPIPE.
    @discardableResult
    public func send(_ assignments: [String]) -> Bool {
        var message = Array(assignments.joined(separator: "\n").utf8)
        message.append(UInt8(ascii: "\n"))
        let sent = address.withUnsafeBytes { raw in
            message.withUnsafeBytes { bytes in
                sendto(descriptor, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT),
                       raw.baseAddress!.assumingMemoryBound(to: sockaddr.self), addressLength)
            }
        }
        return sent == message.count
    }

    // MARK: Helpers

    /// A status line systemd shows as it is: no line breaks or NULs, and short, since the whole
    /// datagram must stay within systemd's 4 KiB receive buffer.
    static func singleLine(_ text: String, maxBytes: Int = 1024) -> String {
        var out = ""
        var bytes = 0
        for character in text {
            let piece: String = character.isNewline ? " " : String(character.unicodeScalars.filter { $0 != "\0" })
            bytes += piece.utf8.count
            if bytes > maxBytes { break }
            out += piece
        }
        return out
    }

    private static func decimal(_ text: String) -> UInt64? {
        guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { return nil }
        return UInt64(text)
    }

    /// A `sockaddr_un` for a path or an `@abstract` name (the `@` becomes the leading NUL; an
    /// abstract address has no trailing NUL and its length counts only the name).
    private static func socketAddress(_ name: String) throws(SocketError) -> ([UInt8], socklen_t) {
        let pathOffset = MemoryLayout<sockaddr_un>.offset(of: \sockaddr_un.sun_path)!
        let capacity = MemoryLayout.size(ofValue: sockaddr_un().sun_path)
        var path = Array(name.utf8)
        let length: Int
        switch path.first {
        case UInt8(ascii: "/"):
            guard !path.contains(0), path.count < capacity else {
                throw SocketError(description: "NOTIFY_SOCKET path is too long or holds a NUL: \(name)")
            }
            length = pathOffset + path.count + 1
        case UInt8(ascii: "@"):
            path[0] = 0
            guard path.count > 1, path.count <= capacity else {
                throw SocketError(description: "NOTIFY_SOCKET abstract name is empty or too long: \(name)")
            }
            length = pathOffset + path.count
        default:
            throw SocketError(description: "NOTIFY_SOCKET is neither an absolute path nor an @abstract name: \(name)")
        }
        var address = [UInt8](repeating: 0, count: MemoryLayout<sockaddr_un>.size)
        withUnsafeBytes(of: sa_family_t(AF_UNIX)) { family in
            let familyOffset = MemoryLayout<sockaddr_un>.offset(of: \sockaddr_un.sun_family)!
            address.replaceSubrange(familyOffset ..< familyOffset + family.count, with: family)
        }
        address.replaceSubrange(pathOffset ..< pathOffset + path.count, with: path)
        return (address, socklen_t(length))
    }
}

// What a service manager and a controlling program see of cascade: systemd's notify datagrams
// and the JSON control socket, read by the tests as those programs would.

import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A datagram socket standing in for systemd's NOTIFY_SOCKET.
final class NotifyListener {
    let path: String
    private let fd: Int32
    /// Every message so far, in order.
    private(set) var messages: [String] = []
    /// Where the next wait starts looking.
    private var cursor = 0

    init() throws {
        path = NSTemporaryDirectory() + "cascade-notify-" + UUID().uuidString.prefix(8)
        fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw HarnessError("socket: \(String(cString: strerror(errno)))") }
        var address = unixAddress(path)
        let rc = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard rc == 0 else { throw HarnessError("bind \(path): \(String(cString: strerror(errno)))") }
    }

    deinit {
        Glibc.close(fd)
        unlink(path)
    }

    /// Waits for a message holding `line` (a whole line of it) that comes after the one the
    /// previous wait found, and returns every message read.
    @discardableResult
    func wait(for line: String, within timeout: Duration = longestWait) async throws -> [String] {
        let deadline = Deadline(timeout)
        while true {
            if let i = messages[cursor...].firstIndex(where: { $0.split(separator: "\n").contains(Substring(line)) }) {
                cursor = i + 1
                return messages
            }
            if deadline.passed { throw HarnessError("no \(line) from cascade; it sent: \(messages)") }
            receive(waitingMS: 100)
            await Task.yield()
        }
    }

    private func receive(waitingMS: Int32) {
        var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        guard poll(&p, 1, waitingMS) > 0 else { return }
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
            guard n > 0 else { return }
            messages.append(String(decoding: buffer[..<n], as: UTF8.self))
        }
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

/// One client of the control socket, speaking the protocol line by line.
final class ControlConnection {
    private let fd: Int32
    private let lines: LineReader
    private var nextID = 1
    /// Events that arrived while waiting for replies.
    private(set) var events: [[String: Any]] = []

    init(_ path: String, within timeout: Duration = longestWait) async throws {
        fd = try await waitFor("cascade's control socket at \(path) to take a connection",
                               within: timeout, every: .milliseconds(100)) { () -> Int32? in
            let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            var address = unixAddress(path)
            let rc = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
            }
            if rc == 0 { return fd }
            Glibc.close(fd)
            return nil
        }
        lines = LineReader(fileDescriptor: fd)
    }

    // The reader owns the descriptor and closes it.

    func send(raw line: String) {
        let bytes = Array(line.utf8)
        var sent = 0
        while sent < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress! + sent, bytes.count - sent, Int32(MSG_NOSIGNAL)) }
            if n <= 0 { return }
            sent += n
        }
    }

    /// Sends a command and returns its reply (events read meanwhile are kept).
    func request(_ command: [Any]) async throws -> [String: Any] {
        let id = nextID
        nextID += 1
        let data = try JSONSerialization.data(withJSONObject: ["command": command, "request_id": id])
        send(raw: String(decoding: data, as: UTF8.self) + "\n")
        while true {
            let object = try await nextObject(waitingFor: "the reply to \(command)")
            if object["event"] != nil { events.append(object); continue }
            if (object["request_id"] as? Int) == id { return object }
        }
    }

    /// The data of a successful reply; an error reply throws.
    func data(_ command: [Any]) async throws -> Any? {
        let reply = try await request(command)
        guard reply["error"] as? String == "success" else { throw HarnessError("\(command): \(reply)") }
        return reply["data"]
    }

    /// The next event of this kind (earlier ones of other kinds are kept).
    func event(_ name: String, within timeout: Duration = longestWait) async throws -> [String: Any] {
        if let i = events.firstIndex(where: { $0["event"] as? String == name }) { return events.remove(at: i) }
        while true {
            let object = try await nextObject(waitingFor: "a \(name) event", within: timeout)
            if object["event"] as? String == name { return object }
            if object["event"] != nil { events.append(object) }
        }
    }

    func nextObject(waitingFor what: String, within timeout: Duration = longestWait) async throws -> [String: Any] {
        guard let line = try await lines.nextLine(within: timeout, waitingFor: what) else {
            throw HarnessError("the control socket closed while waiting for \(what)")
        }
        guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
            throw HarnessError("not a JSON object: \(line)")
        }
        return object
    }
}

/// `get-state`'s answer, read into what the tests look at.
struct WallState {
    let count: Int
    let offset: Double
    let mode: String
    let visible: [(index: Int, path: String, y: Double)]

    init(_ data: Any?) throws {
        guard let object = data as? [String: Any], let count = object["count"] as? Int,
              let offset = (object["offset"] as? NSNumber)?.doubleValue, let mode = object["mode"] as? String,
              let visible = object["visible"] as? [[String: Any]] else { throw HarnessError("get-state: \(String(describing: data))") }
        self.count = count
        self.offset = offset
        self.mode = mode
        self.visible = visible.compactMap { tile in
            guard let index = tile["index"] as? Int, let path = tile["path"] as? String,
                  let rect = tile["rect"] as? [String: Any], let y = (rect["y"] as? NSNumber)?.doubleValue else { return nil }
            return (index, path, y)
        }
    }

    /// Where a photo sits on screen (its top, in logical pixels from the window's top).
    func screenY(of path: String) -> Double? {
        visible.first { $0.path == path }.map { $0.y - offset }
    }
}

// A small HTTP/1.1 server on 127.0.0.1 whose every answer a test writes, for a client's behaviour
// against what no well-behaved server sends: a redirect elsewhere, pages without end, a body
// that stalls half-way. One thread per connection, one request per connection (each answer says
// `connection: close`), every request kept for the test to look at.

import Foundation
import Locking
#if canImport(Glibc)
import Glibc
#endif

public final class ScriptedHTTPServer: Sendable {
    public struct Request: Sendable {
        public let method: String
        /// With its query, as sent.
        public let target: String
        /// Names lowercased.
        public let headers: [String: String]
        public let body: Data

        public var path: String { String(target.split(separator: "?", maxSplits: 1).first ?? "") }
    }

    public enum Answer: Sendable {
        case reply(status: Int, headers: [String: String] = [:], body: Data = Data())
        /// The head and the first bytes of a body of `length`, then nothing until the client goes.
        case stall(length: Int, first: Data)

        public static func json(_ text: String) -> Answer {
            .reply(status: 200, headers: ["content-type": "application/json"], body: Data(text.utf8))
        }

        public static func status(_ code: Int) -> Answer { .reply(status: code) }
    }

    public let port: Int
    private let listener: Int32
    private let answer: @Sendable (Request) -> Answer
    private let received = Locked<[Request]>([])
    private let open = Locked<Set<Int32>>([])

    public init(answer: @escaping @Sendable (Request) -> Answer) throws {
        self.answer = answer
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw HarnessError("socket: \(String(cString: strerror(errno)))") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(fd, 16) == 0 else {
            close(fd)
            throw HarnessError("bind: \(String(cString: strerror(errno)))")
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        listener = fd
        port = Int(UInt16(bigEndian: address.sin_port))
        let thread = Thread { [self] in accepting() }
        thread.name = "scripted-http"
        thread.start()
    }

    deinit { stop() }

    /// `http://127.0.0.1:PORT`.
    public var url: String { "http://127.0.0.1:\(port)" }

    /// Every request so far, oldest first.
    public var requests: [Request] { received.withLock { $0 } }

    /// Stops listening and ends every connection still open (a stalled body's among them).
    public func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        for fd in open.withLock({ $0 }) { shutdown(fd, Int32(SHUT_RDWR)) }
    }

    private func accepting() {
        while true {
            let fd = accept(listener, nil, nil)
            if fd < 0 {
                if errno == EINTR { continue }
                close(listener)
                return
            }
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            open.withLock { _ = $0.insert(fd) }
            let thread = Thread { [self] in serve(fd) }
            thread.name = "scripted-http-connection"
            thread.start()
        }
    }

    private func serve(_ fd: Int32) {
        defer {
            open.withLock { _ = $0.remove(fd) }
            close(fd)
        }
        guard let request = read(fd) else { return }
        received.withLock { $0.append(request) }
        switch answer(request) {
        case let .reply(status, headers, body):
            var head = "HTTP/1.1 \(status) Scripted\r\ncontent-length: \(body.count)\r\nconnection: close\r\n"
            for (name, value) in headers { head += "\(name): \(value)\r\n" }
            put(fd, Data((head + "\r\n").utf8) + body)
            // Closed only once the client has read the answer and closed its side: a close with
            // bytes of its unread would reset the connection, and the client see an error the
            // test did not script.
            Glibc.shutdown(fd, Int32(SHUT_WR))
            var wait = timeval(tv_sec: 5, tv_usec: 0)
            setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
            var byte: UInt8 = 0
            while Glibc.read(fd, &byte, 1) > 0 {}
        case let .stall(length, first):
            put(fd, Data("HTTP/1.1 200 OK\r\ncontent-type: image/jpeg\r\ncontent-length: \(length)\r\nconnection: close\r\n\r\n".utf8) + first)
            // Held until the client gives up (or the server stops): read sees its close.
            var byte: UInt8 = 0
            while Glibc.read(fd, &byte, 1) > 0 {}
        }
    }

    private func read(_ fd: Int32) -> Request? {
        var bytes = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        var headEnd: Range<Data.Index>?
        while headEnd == nil {
            let n = Glibc.read(fd, &buffer, buffer.count)
            guard n > 0 else { return nil }
            bytes.append(contentsOf: buffer[0..<n])
            headEnd = bytes.range(of: Data("\r\n\r\n".utf8))
        }
        let head = String(decoding: bytes[..<headEnd!.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
        let line = head[0].split(separator: " ")
        guard line.count >= 2 else { return nil }
        var headers: [String: String] = [:]
        for field in head.dropFirst() {
            guard let colon = field.firstIndex(of: ":") else { continue }
            headers[field[..<colon].lowercased()] = field[field.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        var body = Data(bytes[headEnd!.upperBound...])
        let length = headers["content-length"].flatMap { Int($0) } ?? 0
        while body.count < length {
            let n = Glibc.read(fd, &buffer, buffer.count)
            guard n > 0 else { return nil }
            body.append(contentsOf: buffer[0..<n])
        }
        return Request(method: String(line[0]), target: String(line[1]), headers: headers, body: body)
    }

    private func put(_ fd: Int32, _ data: Data) {
        data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let n = Glibc.send(fd, buffer.baseAddress! + offset, buffer.count - offset, Int32(MSG_NOSIGNAL))
                if n < 0, errno == EINTR { continue }
                if n <= 0 { return }
                offset += n
            }
        }
    }
}

// The control socket under abuse, through the real binary. Before the fix, 256
// clients that subscribed and closed before reading took every place for good: `cascade ctl` was
// refused until a restart, and each refusal wrote a log line (848k lines in 3 minutes). Here
// thousands of clients of every shape come and go, and afterwards the places are all free,
// `cascade ctl` works, and a flood of refusals leaves a few log lines.

import Foundation
import Synchronization
import Testing
#if canImport(Glibc)
import Glibc
#endif
@testable import TestSupport

@Suite("the control socket under abuse, end to end", .serialized)
struct ControlAbuseEndToEndTests {
    /// The ways a client can leave; each one ends with the socket closed by the client.
    enum Shape: CaseIterable {
        case connectOnly, closeBeforeReading, closeMidReply, subscribeAndClose, subscribeAndGetStateThenClose,
             closeWhileSubscribed, halfCloseThenClose, halfCloseAndReadToTheEnd, resetWithRepliesUnread, halfALineThenClose
    }

    static let subscribe = #"{"command":["subscribe","*"]}"# + "\n"
    static let getState = #"{"command":["get-state"]}"# + "\n"

    /// A plain blocking client on a raw descriptor, so it can do what no polite client does.
    struct RawClient {
        let fd: Int32

        init?(_ path: String) {
            fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            var address = unixAddress(path)
            let rc = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
            }
            guard rc == 0 else { Glibc.close(fd); return nil }
            var timeout = timeval(tv_sec: 10, tv_usec: 0)
            setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        }

        func send(_ text: String) {
            let bytes = Array(text.utf8)
            _ = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        }

        /// Up to `count` bytes (fewer if that is what came); 0 at the end.
        @discardableResult
        func read(_ count: Int) -> Int {
            var buffer = [UInt8](repeating: 0, count: count)
            return buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, count, 0) }
        }

        func readLine() {
            var byte: UInt8 = 0
            while recv(fd, &byte, 1, 0) == 1, byte != 0x0A {}
        }

        func close() { Glibc.close(fd) }

        func act(_ shape: Shape) {
            switch shape {
            case .connectOnly: break
            case .closeBeforeReading: send(getState)
            case .closeMidReply: send(getState); read(16)
            case .subscribeAndClose: send(subscribe)
            case .subscribeAndGetStateThenClose: send(subscribe + getState)
            case .closeWhileSubscribed: send(subscribe); readLine()
            case .halfCloseThenClose: send(subscribe + getState); shutdown(fd, Int32(SHUT_WR))
            case .halfCloseAndReadToTheEnd:
                send(getState)
                shutdown(fd, Int32(SHUT_WR))
                while read(4096) > 0 {}
            case .resetWithRepliesUnread:
                // SO_LINGER 0: an abortive close, as a TCP client's RST; on a Unix socket the
                // server sees ECONNRESET because what it wrote was never read.
                var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
                setsockopt(fd, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
                send(subscribe + getState)
                read(1)
            case .halfALineThenClose: send(#"{"command":["subscr"#)
            }
            close()
        }
    }

    /// `cascade ctl get-stats`'s controlClients: places held (the asking ctl's own included) and refusals.
    func clients(_ service: DaemonEndToEndTests.Service) async throws -> (connected: Int, refused: Int)? {
        let ctl = try await runTool(cascadeBinary, ["ctl", "--socket", service.socket, "get-stats"])
        guard ctl.status == .exited(0), let stats = try? JSONSerialization.jsonObject(with: ctl.output) as? [String: Any],
              let clients = stats["controlClients"] as? [String: Any],
              let connected = clients["connected"] as? Int, let refused = clients["refused"] as? Int else { return nil }
        return (connected, refused)
    }

    /// Waits until only the asking ctl holds a place.
    func waitUntilEveryPlaceIsFree(_ service: DaemonEndToEndTests.Service) async throws -> (connected: Int, refused: Int)? {
        var last = try await clients(service)
        _ = try await eventually(every: .milliseconds(100)) {
            last = try await clients(service)
            return last?.connected == 1
        }
        return last
    }

    @Test("thousands of clients that leave in every way give their places back; ctl still works")
    func everyShapeOfLeaving() async throws {
        let service = try await DaemonEndToEndTests.Service(photos: 6)
        try await service.check {
            try await service.notify.wait(for: "READY=1")
            let rounds = 300
            let socket = service.socket
            let connected = Atomic<Int>(0)
            // Every shape at once, each on its own thread, one client after another.
            DispatchQueue.concurrentPerform(iterations: Shape.allCases.count) { i in
                let shape = Shape.allCases[i]
                for _ in 0..<rounds {
                    guard let client = RawClient(socket) else { continue }
                    connected.add(1, ordering: .relaxed)
                    client.act(shape)
                }
            }
            #expect(connected.load(ordering: .relaxed) == rounds * Shape.allCases.count)
            let after = try await waitUntilEveryPlaceIsFree(service)
            #expect(after?.connected == 1, "places still held after \(rounds * Shape.allCases.count) clients left: \(String(describing: after))")
            #expect(after?.refused == 0)
            let ctl = try await runTool(cascadeBinary, ["ctl", "--socket", service.socket, "get-state"])
            #expect(ctl.status == .exited(0))
            #expect((try? JSONSerialization.jsonObject(with: ctl.output) as? [String: Any])?["count"] as? Int == 6)
            #expect(!service.child.errorOutput.contains("refus"), "a client was refused")
        }
    }

    @Test("a flood of refused clients while all 256 places are held is a few log lines; the places come back")
    func refusalFlood() async throws {
        let service = try await DaemonEndToEndTests.Service(photos: 6)
        try await service.check {
            try await service.notify.wait(for: "READY=1")
            // 256 listeners holding every place, as live subscribers do.
            var holders: [RawClient] = []
            for _ in 0..<256 {
                let holder = try #require(RawClient(service.socket))
                holder.send(Self.subscribe)
                holder.readLine()
                holders.append(holder)
            }
            let flood = 5000
            let socket = service.socket
            let connected = Atomic<Int>(0)
            DispatchQueue.concurrentPerform(iterations: 4) { _ in
                for _ in 0..<(flood / 4) {
                    guard let client = RawClient(socket) else { continue }
                    connected.add(1, ordering: .relaxed)
                    client.act(.subscribeAndGetStateThenClose)
                }
            }
            #expect(connected.load(ordering: .relaxed) == flood)
            let refusedCtl = try await runTool(cascadeBinary, ["ctl", "--socket", service.socket, "get-state"])
            #expect(refusedCtl.status != .exited(0), "ctl got in past 256 held places")
            for holder in holders { holder.close() }
            let after = try await waitUntilEveryPlaceIsFree(service)
            #expect(after?.connected == 1, "\(String(describing: after))")
            #expect((after?.refused ?? 0) >= flood + 1)
            let log = service.child.errorOutput
            let lines = log.split(separator: "\n").filter { $0.contains("refus") }
            #expect(lines.count >= 1 && lines.count <= 3, "\(lines.count) log lines for \(flood) refusals:\n\(lines.prefix(5).joined(separator: "\n"))")
            let ctl = try await runTool(cascadeBinary, ["ctl", "--socket", service.socket, "get-state"])
            #expect(ctl.status == .exited(0))
        }
    }
}

import Glibc
import Testing
@testable import Control
@testable import TestSupport

/// A datagram socket standing in for systemd's notify socket.
private final class NotifyListener {
    let fd: Int32
    let name: String   // as NOTIFY_SOCKET would say it
    private let path: String?

    /// A socket file in a fresh temporary folder, or an abstract name when `abstract`.
    init(abstract: Bool) throws {
        fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        try #require(fd >= 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let nameBytes: [UInt8]
        if abstract {
            name = "@cascade-test-\(getpid())-\(UInt32.random(in: 0 ... .max))"
            path = nil
            nameBytes = [0] + Array(name.utf8.dropFirst())
        } else {
            let folder = makeTemporaryFolder("cascade-notify", short: true)
            name = folder + "/notify"
            path = name
            nameBytes = Array(name.utf8) + [0]
        }
        let length = withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: nameBytes)
            return MemoryLayout<sockaddr_un>.offset(of: \sockaddr_un.sun_path)! + nameBytes.count - (abstract ? 0 : 1)
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(length)) }
        }
        try #require(bound == 0, "bind \(name): \(String(cString: strerror(errno)))")
    }

    deinit {
        close(fd)
        if let path {
            unlink(path)
            rmdir(String(path.dropLast("/notify".count)))
        }
    }

    /// Every datagram waiting now, as text (the notifier sends without blocking, so by the time
    /// `send` returns the datagram is queued here).
    func drain() -> [String] {
        var messages: [String] = []
        var buffer = [UInt8](repeating: 0, count: 8192)
        while true {
            let count = recv(fd, &buffer, buffer.count, Int32(MSG_DONTWAIT))
            if count < 0 { break }
            messages.append(String(decoding: buffer[..<count], as: UTF8.self))
        }
        return messages
    }
}

@Suite struct SystemdNotifierTests {
    @Test(arguments: [false, true])
    func everyMessageArrivesAsOneDatagram(abstract: Bool) throws {
        let listener = try NotifyListener(abstract: abstract)
        let notifier = try SystemdNotifier(socketName: listener.name)
        notifier.status("scanning /srv/photos\n1200 photos")
        notifier.ready()
        notifier.watchdog()
        notifier.stopping()
        #expect(listener.drain() == [
            "STATUS=scanning /srv/photos 1200 photos\n",
            "READY=1\n",
            "WATCHDOG=1\n",
            "STOPPING=1\n",
        ])
    }

    @Test func readyCanCarryAStatus() throws {
        let listener = try NotifyListener(abstract: true)
        let notifier = try SystemdNotifier(socketName: listener.name)
        notifier.ready(status: "showing 3 photos")
        #expect(listener.drain() == ["READY=1\nSTATUS=showing 3 photos\n"])
    }

    @Test func reloadingCarriesTheMonotonicClock() throws {
        let listener = try NotifyListener(abstract: false)
        let notifier = try SystemdNotifier(socketName: listener.name)
        var before = timespec(), after = timespec()
        clock_gettime(CLOCK_MONOTONIC, &before)
        notifier.reloading()
        clock_gettime(CLOCK_MONOTONIC, &after)
        let messages = listener.drain()
        try #require(messages.count == 1)
        let lines = messages[0].split(separator: "\n")
        #expect(lines.first == "RELOADING=1")
        let usec = try #require(lines.count == 2 ? UInt64(lines[1].dropFirst("MONOTONIC_USEC=".count)) : nil)
        #expect(lines[1].hasPrefix("MONOTONIC_USEC="))
        #expect(usec >= UInt64(before.tv_sec) * 1_000_000 + UInt64(before.tv_nsec) / 1000)
        #expect(usec <= UInt64(after.tv_sec) * 1_000_000 + UInt64(after.tv_nsec) / 1000)
    }

    @Test func aMissingListenerIsNotAnError() throws {
        // systemd gone (or the socket full): the message is dropped, the caller goes on.
        let notifier = try SystemdNotifier(socketName: "@cascade-test-nobody-listens-\(getpid())")
        #expect(notifier.send(["WATCHDOG=1"]) == false)
    }

    @Test(arguments: ["relative/notify", "vsock:2:1234", "@", "/" + String(repeating: "x", count: 200)])
    func unusableSocketNamesAreClearErrors(name: String) {
        #expect(throws: SystemdNotifier.SocketError.self) { try SystemdNotifier(socketName: name) }
    }

    @Test func statusTextIsOneShortLine() {
        #expect(SystemdNotifier.singleLine("a\nb\r\nc\u{0}d") == "a b cd")
        #expect(SystemdNotifier.singleLine(String(repeating: "é", count: 2000)).utf8.count <= 1024)
    }

    // MARK: The environment

    @Test func readsThenUnsetsTheEnvironment() throws {
        let listener = try NotifyListener(abstract: true)
        var environment = ["NOTIFY_SOCKET": listener.name, "WATCHDOG_USEC": "10000000", "WATCHDOG_PID": "4242",
                           "HOME": "/home/ann"]
        let notifier = try SystemdNotifier.fromEnvironment(
            read: { environment[$0] }, unset: { environment[$0] = nil }, processID: 4242)
        #expect(notifier?.socketName == listener.name)
        #expect(notifier?.watchdogInterval == 5)
        // Children (on-select commands) must not inherit systemd's socket or watchdog.
        #expect(environment == ["HOME": "/home/ann"])
    }

    @Test func noNotifySocketMeansNoNotifier() throws {
        var environment = ["WATCHDOG_USEC": "10000000"]
        let notifier = try SystemdNotifier.fromEnvironment(
            read: { environment[$0] }, unset: { environment[$0] = nil }, processID: 1)
        #expect(notifier == nil)
        #expect(environment.isEmpty)
    }

    @Test func anUnusableNotifySocketIsReportedAndStillUnset() {
        var environment = ["NOTIFY_SOCKET": "not/absolute"]
        #expect(throws: SystemdNotifier.SocketError.self) {
            try SystemdNotifier.fromEnvironment(read: { environment[$0] }, unset: { environment[$0] = nil }, processID: 1)
        }
        #expect(environment.isEmpty)
    }

    @Test func watchdogIntervalIsHalfTheTimeout() {
        #expect(SystemdNotifier.watchdogInterval(environment: ["WATCHDOG_USEC": "10000000"], processID: 7) == 5)
        #expect(SystemdNotifier.watchdogInterval(environment: ["WATCHDOG_USEC": "3000000", "WATCHDOG_PID": "7"], processID: 7) == 1.5)
    }

    @Test(arguments: [
        [:],                                                   // no watchdog configured
        ["WATCHDOG_USEC": "10000000", "WATCHDOG_PID": "8"],    // meant for another process
        ["WATCHDOG_USEC": "10000000", "WATCHDOG_PID": "x7"],   // garbage pid
        ["WATCHDOG_USEC": "10000000", "WATCHDOG_PID": ""],
        ["WATCHDOG_USEC": "ten seconds"],                      // garbage timeout
        ["WATCHDOG_USEC": "-5"],
        ["WATCHDOG_USEC": "0"],
        ["WATCHDOG_USEC": ""],
        ["WATCHDOG_USEC": "99999999999999999999999"],          // overflows 64 bits
    ])
    func noWatchdogUnlessItIsOurs(environment: [String: String]) {
        #expect(SystemdNotifier.watchdogInterval(environment: environment, processID: 7) == nil)
    }
}

@Suite struct WatchdogPacerTests {
    @Test func pingsAtOnceThenEveryInterval() {
        var pacer = WatchdogPacer(interval: 5)
        let pings = stride(from: 100.0, through: 116, by: 0.5).filter { pacer.isDue(at: $0) }
        #expect(pings == [100, 105, 110, 115])
    }

    @Test func tellsAWaitingLoopWhenToWakeUp() {
        var pacer = WatchdogPacer(interval: 5)
        #expect(pacer.secondsUntilDue(at: 100) == 0)
        _ = pacer.isDue(at: 100)
        #expect(pacer.secondsUntilDue(at: 101) == 4)
        #expect(pacer.secondsUntilDue(at: 107) == 0)
    }

    @Test func aClockThatGoesBackStillPings() {
        var pacer = WatchdogPacer(interval: 5)
        _ = pacer.isDue(at: 100)
        let due = pacer.isDue(at: 50)
        #expect(due)
    }
}

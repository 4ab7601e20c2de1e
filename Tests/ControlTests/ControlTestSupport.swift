// Fixtures for the server tests: a stand-in for the app's frame loop, file modes, and a client
// that reads JSON lines.

@testable import Control
import Dispatch
import Foundation
import Logging
import Locking
import Synchronization
@testable import TestSupport

func fileMode(_ path: String) -> (mode: mode_t, gid: gid_t)? {
    var info = stat()
    guard lstat(path, &info) == 0 else { return nil }
    return (info.st_mode & 0o7777, info.st_gid)
}

/// The app's frame loop in miniature: wakes, takes requests, answers them.
final class FakeApp: Sendable {
    let server: ControlServer
    let log = LogRecorder()
    private let wakes: DispatchSemaphore
    private let running = Atomic<Bool>(true)
    private let finished = DispatchSemaphore(value: 0)
    /// Every command the app received, in order.
    private let received = Locked<[Command]>([])

    var commands: [Command] { received.withLock { $0 } }

    /// `answer` nil: requests stay in the mailbox for the test to take.
    init(path: String, group: String? = nil, limits: ControlServerLimits = ControlServerLimits(),
         answer: (@Sendable (Command) -> Result<JSONValue, ControlError>)? = FakeApp.standardAnswer) throws {
        let wakes = DispatchSemaphore(value: 0)
        self.wakes = wakes
        server = try ControlServer(path: path, group: group, log: log.logger, limits: limits, wake: { wakes.signal() })
        guard let answer else { finished.signal(); return }
        Thread.detachNewThread { [self] in
            while running.load(ordering: .relaxed) {
                _ = wakes.wait(timeout: .now() + .milliseconds(50))
                for request in server.takeRequests() {
                    received.withLock { $0.append(request.command) }
                    server.reply(to: request, answer(request.command))
                }
            }
            finished.signal()
        }
    }

    static let standardAnswer: @Sendable (Command) -> Result<JSONValue, ControlError> = { command in
        switch command {
        case .getState: .success(.object([("count", .int(3)), ("mode", .string("wall"))]))
        case .select(let i), .open(let i): i < 3 ? .success(.null) : .failure(ControlError("no photo at index \(i) (the wall has 3)"))
        default: .success(.null)
        }
    }

    func stop() {
        running.store(false, ordering: .relaxed)
        wakes.signal()
        finished.wait()
        server.shutdown()
    }
}

extension ControlClient {
    /// The next line, parsed.
    func readJSON() throws -> JSONValue? {
        guard let line = try readLine() else { return nil }
        return try JSONValue.parse(line)
    }

    /// Reads until the server closes; returns how many lines came first.
    func drainToEnd() throws -> Int {
        var count = 0
        while try readLine() != nil { count += 1 }
        return count
    }
}

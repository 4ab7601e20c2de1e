// `cascade ctl` against a real control socket, with a stand-in for the frame loop.

import App
import Control
import Foundation
import Logging
import Locking
import Synchronization
import Testing
@testable import TestSupport

@Suite(.serialized) struct CtlTests {
    /// A control server answering like the app would, on a thread of its own.
    private final class Wall: Sendable {
        let server: ControlServer
        let folder: String
        let path: String
        private let wakes = DispatchSemaphore(value: 0)
        private let running = Atomic<Bool>(true)
        private let done = DispatchSemaphore(value: 0)
        private let seen = Locked<[Command]>([])
        var commands: [Command] { seen.withLock { $0 } }

        init() throws {
            folder = makeTemporaryFolder("cctl", short: true)
            path = folder + "/control.sock"
            let wakes = self.wakes
            server = try ControlServer(path: path, group: nil, log: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() },
                                       wake: { wakes.signal() })
            Thread.detachNewThread { [self] in
                while running.load(ordering: .relaxed) {
                    _ = wakes.wait(timeout: .now() + .milliseconds(50))
                    for request in server.takeRequests() {
                        seen.withLock { $0.append(request.command) }
                        let result: Result<JSONValue, ControlError> = switch request.command {
                        case .getState: .success(.object([("count", .int(2)), ("columns", .int(3)), ("mode", .string("wall"))]))
                        case .select(let i) where i >= 2: .failure(ControlError("no photo at index \(i) (the wall has 2)"))
                        default: .success(.null)
                        }
                        server.reply(to: request, result)
                    }
                }
                done.signal()
            }
        }

        func stop() {
            running.store(false, ordering: .relaxed)
            wakes.signal()
            done.wait()
            server.shutdown()
            removeFolder(folder)
        }
    }

    private final class Captured: Sendable {
        private let lines = Locked<[String]>([])
        private let errors = Locked<[String]>([])
        var out: [String] { lines.withLock { $0 } }
        var err: [String] { errors.withLock { $0 } }
        var output: Ctl.Output {
            Ctl.Output(line: { line in self.lines.withLock { $0.append(line) } },
                       error: { line in self.errors.withLock { $0.append(line) } })
        }
    }

    @Test func aCommandPrintsTheRepliesDataAsOneLine() throws {
        let wall = try Wall()
        defer { wall.stop() }
        let captured = Captured()
        #expect(Ctl.run(socket: wall.path, command: ["get-state"], follow: nil, output: captured.output) == 0)
        #expect(captured.out == [#"{"count":2,"columns":3,"mode":"wall"}"#])
        #expect(captured.err.isEmpty)
    }

    @Test func argumentsAreTypedAsPromised() throws {
        let wall = try Wall()
        defer { wall.stop() }
        let captured = Captured()
        #expect(Ctl.run(socket: wall.path, command: ["select", "1"], follow: nil, output: captured.output) == 0)
        #expect(Ctl.run(socket: wall.path, command: ["scroll-to", #"{"index":3,"animated":true}"#], follow: nil, output: captured.output) == 0)
        #expect(Ctl.run(socket: wall.path, command: ["set-columns", "auto"], follow: nil, output: captured.output) == 0)
        #expect(wall.commands == [.select(1), .scrollTo(.index(3), animated: true), .setColumns(nil)])
        // Null data prints nothing.
        #expect(captured.out.isEmpty)
    }

    @Test func anErrorReplyGoesToStderrWithStatusOne() throws {
        let wall = try Wall()
        defer { wall.stop() }
        let captured = Captured()
        #expect(Ctl.run(socket: wall.path, command: ["select", "5"], follow: nil, output: captured.output) == Ctl.exitFailed)
        #expect(Ctl.run(socket: wall.path, command: ["select", "x"], follow: nil, output: captured.output) == Ctl.exitFailed)
        #expect(captured.err.count == 2)
        #expect(captured.err.first == "no photo at index 5 (the wall has 2)")
        #expect(captured.err.last?.contains("select needs a photo index") == true)
        #expect(captured.out.isEmpty)
    }

    @Test func aBatchSendsEveryLineOverOneConnectionAndPrintsEachWholeReplyInOrder() throws {
        let wall = try Wall()
        defer { wall.stop() }
        let captured = Captured()
        let lines = ["get-state", "", "select 5", "scroll-to '{\"index\": 3}'", "select 'unclosed", "select {", "set-columns auto"]
        #expect(Ctl.run(socket: wall.path, command: [], follow: nil, batch: lines, output: captured.output) == 0)
        #expect(wall.commands == [.getState, .select(5), .scrollTo(.index(3), animated: false), .setColumns(nil)])
        // One reply a command line (the blank one is none), the malformed ones answered here.
        let replies = try captured.out.map { try JSONValue.parse(Array($0.utf8)) }
        #expect(replies.count == 6)
        #expect(replies[0]["error"] == .string("success") && replies[0]["data"]?["columns"] == .int(3))
        #expect(replies[1]["error"] == .string("no photo at index 5 (the wall has 2)"))
        #expect(replies[2]["error"] == .string("success"))
        #expect(replies[3]["error"]?.stringValue?.contains("cannot split") == true)
        #expect(replies[4]["error"]?.stringValue?.contains("not valid JSON") == true)
        #expect(replies[5]["error"] == .string("success"))
        #expect(replies.compactMap { $0["request_id"] } == [.int(1), .int(2), .int(3), .int(4)])
        #expect(captured.err.isEmpty)
    }

    @Test func noCascadeToTalkToIsStatusTwoNamingThePath() {
        let captured = Captured()
        let path = "/tmp/cascade-ctl-test-nobody-here.sock"
        #expect(Ctl.run(socket: path, command: ["get-state"], follow: nil, output: captured.output) == Ctl.exitUnreachable)
        #expect(captured.err.first?.contains("cannot connect to \(path)") == true)
        // Without --socket, $CASCADE_CONTROL is where it looks.
        #expect(Ctl.run(socket: nil, command: ["get-state"], follow: nil, environment: ["CASCADE_CONTROL": path], output: captured.output) == Ctl.exitUnreachable)
        #expect(captured.err.last?.contains(path) == true)
    }

    @Test func badArgumentsAreAUsageError() {
        let captured = Captured()
        #expect(Ctl.run(socket: "/tmp/x.sock", command: ["scroll-to", "{index:3}"], follow: nil, output: captured.output) == Ctl.exitUsage)
        #expect(Ctl.run(socket: "/tmp/x.sock", command: [], follow: nil, output: captured.output) == Ctl.exitUsage)
    }

    @Test func followPrintsEachEventUntilCascadeCloses() throws {
        let wall = try Wall()
        let captured = Captured()
        let status = Locked<Int32?>(nil)
        let finished = DispatchSemaphore(value: 0)
        let path = wall.path
        Thread.detachNewThread {
            let code = Ctl.run(socket: path, command: [], follow: ["selected"], output: captured.output)
            status.withLock { $0 = code }
            finished.signal()
        }
        // Publish until the follower has subscribed and heard one; events before that go nowhere.
        var i = 0
        #expect(eventually {
            wall.server.publish(.object([("event", .string("selected")), ("index", .int(i))]), named: "selected")
            wall.server.publish(.object([("event", .string("scanned")), ("count", .int(i))]), named: "scanned")
            i += 1
            return !captured.out.isEmpty
        })
        wall.stop()
        #expect(finished.wait(timeout: .now() + 20) == .success)
        #expect(status.withLock { $0 } == 0)
        #expect(captured.out.allSatisfy { $0.hasPrefix(#"{"event":"selected","index":"#) })
    }
}

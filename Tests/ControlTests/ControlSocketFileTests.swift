@testable import Control
import Foundation
import Testing
@testable import TestSupport

@Suite(.serialized) struct ControlSocketFileTests {
    @Test func theSocketIsPrivateWhateverTheUmask() throws {
        let folder = makeTemporaryFolder("cctl", short: true)
        defer { removeFolder(folder) }
        let old = umask(0)  // the loosest umask: the file would be 0777 without the chmod
        defer { umask(old) }
        let app = try FakeApp(path: folder + "/c.sock")
        defer { app.stop() }
        #expect(fileMode(folder + "/c.sock")?.mode == 0o600)
    }

    @Test func aGroupGetsReadAndWrite() throws {
        let folder = makeTemporaryFolder("cctl", short: true)
        defer { removeFolder(folder) }
        let gid = getgid()
        let name = String(cString: getgrgid(gid).pointee.gr_name)
        let app = try FakeApp(path: folder + "/c.sock", group: name)
        defer { app.stop() }
        let info = try #require(fileMode(folder + "/c.sock"))
        #expect(info.mode == 0o660)
        #expect(info.gid == gid)
    }

    @Test func anUnknownGroupIsAClearErrorAndLeavesNoFile() {
        let folder = makeTemporaryFolder("cctl", short: true)
        defer { removeFolder(folder) }
        #expect(throws: ControlServerError.unknownGroup("no-such-group-cascade")) {
            try ControlServer(path: folder + "/c.sock", group: "no-such-group-cascade", log: LogRecorder().logger, wake: {})
        }
        #expect(fileMode(folder + "/c.sock") == nil)
    }

    @Test func aStaleSocketIsReplaced() throws {
        let folder = makeTemporaryFolder("cctl", short: true)
        defer { removeFolder(folder) }
        let path = folder + "/c.sock"
        // A socket file nobody listens on, as a killed cascade leaves behind.
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = TestSupport.unixAddress(path)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        close(fd)
        try #require(bound == 0)
        let app = try FakeApp(path: path)
        defer { app.stop() }
        let client = try ControlClient(path: path, timeout: .seconds(10))
        #expect(try client.request([.string("get-state")])["error"] == .string("success"))
    }

    @Test func aLiveSocketIsRefusedAndKeepsWorking() throws {
        let folder = makeTemporaryFolder("cctl", short: true)
        defer { removeFolder(folder) }
        let path = folder + "/c.sock"
        let first = try FakeApp(path: path)
        defer { first.stop() }
        #expect(throws: ControlServerError.alreadyListening(path: path)) {
            try ControlServer(path: path, group: nil, log: LogRecorder().logger, wake: {})
        }
        #expect("\(ControlServerError.alreadyListening(path: path))" == "another cascade is listening on \(path)")
        let client = try ControlClient(path: path, timeout: .seconds(10))
        #expect(try client.request([.string("get-state")])["error"] == .string("success"))
    }

    @Test func aFileThatIsNotASocketIsNeverDeleted() throws {
        let folder = makeTemporaryFolder("cctl", short: true)
        defer { removeFolder(folder) }
        let path = folder + "/notes.txt"
        try Data("keep me".utf8).write(to: URL(fileURLWithPath: path))
        #expect(throws: ControlServerError.notASocket(path: path)) {
            try ControlServer(path: path, group: nil, log: LogRecorder().logger, wake: {})
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "keep me")
    }

    @Test func aMissingFolderOrAnOverlongPathIsAClearError() {
        let folder = makeTemporaryFolder("cctl", short: true)
        defer { removeFolder(folder) }
        let missing = folder + "/nope/c.sock"
        #expect(throws: ControlServerError.folderMissing(path: missing)) {
            try ControlServer(path: missing, group: nil, log: LogRecorder().logger, wake: {})
        }
        let long = folder + "/" + String(repeating: "x", count: 120) + ".sock"
        #expect(throws: ControlServerError.pathTooLong(path: long, limit: 107)) {
            try ControlServer(path: long, group: nil, log: LogRecorder().logger, wake: {})
        }
    }

    @Test func shutdownRemovesTheSocketAndClosesClients() throws {
        let folder = makeTemporaryFolder("cctl", short: true)
        defer { removeFolder(folder) }
        let path = folder + "/c.sock"
        let app = try FakeApp(path: path)
        let client = try ControlClient(path: path, timeout: .seconds(10))
        #expect(try client.request([.string("subscribe"), .string("*")])["error"] == .string("success"))
        app.stop()
        #expect(fileMode(path) == nil)
        #expect(try client.readLine() == nil)
        #expect(throws: ControlClientError.self) { try ControlClient(path: path) }
    }

    @Test func shutdownLeavesAFileSomeoneElsePutInItsPlace() throws {
        let folder = makeTemporaryFolder("cctl", short: true)
        defer { removeFolder(folder) }
        let path = folder + "/c.sock"
        let app = try FakeApp(path: path)
        unlink(path)
        try Data("other".utf8).write(to: URL(fileURLWithPath: path))
        app.stop()
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "other")
    }
}

// A real MQTT broker for a test: Debian's mosquitto on a loopback port of its own, with a password
// file (user "frame", and "ha" for the test's side) and, when asked, a TLS listener whose CA and
// certificate openssl makes here. Messages are published and read with mosquitto_pub and
// mosquitto_sub, the clients Home Assistant's documentation uses too. Stopped at deinit.

import Foundation
#if canImport(Glibc)
import Glibc
#endif

final class MqttBroker {
    let folder = TemporaryFolder("cascade-mqtt", short: true)
    let port: Int
    let tlsPort: Int?
    static let user = "frame", password = "frame-secret-1"
    static let testUser = "ha", testPassword = "ha-secret-2"
    private(set) var process: ChildProcess?

    /// The password file cascade reads.
    var passwordFile: String { folder.path + "/frame.password" }
    var caFile: String { folder.path + "/ca.crt" }

    init(tls: Bool = false) async throws {
        port = try Self.freePort()
        tlsPort = tls ? try Self.freePort() : nil
        try folder.file("frame.password", Self.password + "\n")
        // As its owner keeps it: readable by cascade alone (cascade warns of a shared one).
        chmod(passwordFile, 0o600)
        let passwd = folder.path + "/passwd"
        try await Self.tool("/usr/bin/mosquitto_passwd", ["-b", "-c", passwd, Self.user, Self.password])
        try await Self.tool("/usr/bin/mosquitto_passwd", ["-b", passwd, Self.testUser, Self.testPassword])
        var config = """
        per_listener_settings false
        allow_anonymous false
        password_file \(passwd)
        persistence false
        user \(NSUserName())
        listener \(port) 127.0.0.1

        """
        if let tlsPort {
            try await makeCertificates()
            config += """
            listener \(tlsPort) 127.0.0.1
            cafile \(caFile)
            certfile \(folder.path)/server.crt
            keyfile \(folder.path)/server.key

            """
        }
        try folder.file("mosquitto.conf", config)
        // World-readable: mosquitto started as root reads them as itself, elsewhere as the user.
        chmod(folder.path, 0o755)
        try start()
    }

    /// Starts (again) on the same ports; returns once it accepts connections.
    func start() throws {
        process = try ChildProcess("/usr/sbin/mosquitto", ["-c", folder.path + "/mosquitto.conf"])
        try waitUntil("mosquitto to listen on \(port):\n\(process?.errorOutput ?? "")") { Self.accepts(port) }
    }

    /// Stops it as its service would be (SIGTERM), and waits until it is gone.
    func stop() async throws {
        guard let process else { return }
        kill(process.pid, SIGTERM)
        _ = try await process.waitForExit(within: longestWait)
        self.process = nil
    }

    deinit { process?.stop() }

    private static func accepts(_ port: Int) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
    }

    /// A port nobody listens on now: the kernel's choice for a socket bound to port 0.
    private static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var size = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, size) == 0 && getsockname(fd, $0, &size) == 0 }
        }
        guard bound else { throw HarnessError("no free port: \(String(cString: strerror(errno)))") }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// A CA and a server certificate for 127.0.0.1 signed by it.
    private func makeCertificates() async throws {
        let dir = folder.path
        let openssl = "/usr/bin/openssl"
        try await Self.tool(openssl, ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=cascade test CA",
                                      "-keyout", dir + "/ca.key", "-out", dir + "/ca.crt"])
        try await Self.tool(openssl, ["req", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=127.0.0.1",
                                      "-keyout", dir + "/server.key", "-out", dir + "/server.csr"])
        try folder.file("san.ext", "subjectAltName = IP:127.0.0.1\n")
        try await Self.tool(openssl, ["x509", "-req", "-in", dir + "/server.csr", "-CA", dir + "/ca.crt", "-CAkey", dir + "/ca.key",
                                      "-CAcreateserial", "-days", "2", "-extfile", dir + "/san.ext", "-out", dir + "/server.crt"])
        chmod(dir + "/server.key", 0o644)
    }

    /// A CA of its own, with the same name as the broker's, that signed nothing here: a client
    /// trusting only it must refuse the broker. Its certificate's path.
    func strangerCA() async throws -> String {
        let dir = folder.path
        try await Self.tool("/usr/bin/openssl", ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2",
                                                 "-subj", "/CN=cascade test CA",
                                                 "-keyout", dir + "/stranger.key", "-out", dir + "/stranger.crt"])
        return dir + "/stranger.crt"
    }

    /// What the broker wrote to stderr: its log, connections and refused handshakes included.
    var log: String { process?.errorOutput ?? "" }

    @discardableResult
    private static func tool(_ path: String, _ arguments: [String]) async throws -> Data {
        let run = try await runTool(path, arguments)
        guard run.status == .exited(0) else { throw HarnessError("\(path) \(arguments.joined(separator: " ")) failed: \(run.status)") }
        return run.output
    }

    private var login: [String] { ["-h", "127.0.0.1", "-p", String(port), "-u", Self.testUser, "-P", Self.testPassword] }

    /// Publishes one message (`payload` nil: an empty one; `file`: the file's bytes).
    func publish(_ topic: String, _ payload: String? = nil, file: String? = nil, retain: Bool = false) async throws {
        let body: [String] = file.map { ["-f", $0] } ?? (payload.map { ["-m", $0] } ?? ["-n"])
        try await Self.tool("/usr/bin/mosquitto_pub", login + ["-q", "1", "-t", topic] + body + (retain ? ["-r"] : []))
    }

    /// Each line of `lines` published as one message on `topic`, as fast as the client can.
    func publishLines(_ topic: String, _ lines: String) async throws {
        let file = try folder.file("lines-" + UUID().uuidString, lines)
        let command = "exec /usr/bin/mosquitto_pub \(login.joined(separator: " ")) -q 0 -t '\(topic)' -l < '\(file)'"
        try await Self.tool("/bin/sh", ["-c", command])
    }

    /// The first `count` messages on `topic` (a filter), each as "topic payload"; retained ones
    /// come at once. Fails when fewer come within the harness's longest wait.
    func messages(_ topic: String, count: Int) async throws -> [String] {
        let seconds = String(Int(longestWait.components.seconds))
        let output = try await Self.tool("/usr/bin/mosquitto_sub", login + ["-t", topic, "-v", "-C", String(count), "-W", seconds])
        return String(decoding: output, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    /// A subscriber to `topic` kept running, for messages that are not retained: its lines are
    /// "topic payload". Subscribed once `probe` (published until then) comes back.
    func subscriber(_ topic: String, probe: (topic: String, payload: String)) async throws -> ChildProcess {
        let child = try ChildProcess("/usr/bin/mosquitto_sub", login + ["-t", topic, "-v"])
        try await waitUntil("mosquitto_sub to take \(topic)", every: .milliseconds(200)) {
            try await publish(probe.topic, probe.payload)
            return (try? await child.lines.nextLine(within: .milliseconds(200), waitingFor: "a message")) != nil
        }
        return child
    }

    /// The retained payload of `topic` as bytes (a picture), or nil when there is none.
    func retainedBytes(_ topic: String) async throws -> Data? {
        let run = try await runTool("/usr/bin/mosquitto_sub", login + ["-t", topic, "-C", "1", "-W", "1", "--retained-only", "-N"])
        return run.status == .exited(0) ? run.output : nil
    }

    /// The retained payload of `topic`, or nil when there is none (a retained message comes at once).
    func retained(_ topic: String) async throws -> String? {
        let run = try await runTool("/usr/bin/mosquitto_sub", login + ["-t", topic, "-C", "1", "-W", "1", "--retained-only"])
        guard run.status == .exited(0) else { return nil }
        return String(decoding: run.output, as: UTF8.self).trimmingCharacters(in: .newlines)
    }

    /// Waits until `topic` holds `payload` retained.
    func waitForRetained(_ topic: String, _ payload: String) async throws {
        var last: String?
        try await waitUntil("\(topic) to hold \"\(payload)\" (it holds \(last ?? "nothing"))", every: .milliseconds(100)) {
            last = try await retained(topic)
            return last == payload
        }
    }
}

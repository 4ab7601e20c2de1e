// A small harness for end-to-end tests in a real X server: a private Xvfb, xdotool for input,
// ImageMagick's `import` for what is on screen, and a child program whose stdout is read line by
// line. Every wait has a deadline, so a missing window or a silent program fails the test instead
// of hanging the run.

import Foundation
#if canImport(Glibc)
import Glibc
#endif

struct HarnessError: Error, CustomStringConvertible {
    let description: String
    /// A wait that ran out of time, as opposed to one whose condition failed.
    var isTimeout = false
    init(_ description: String, isTimeout: Bool = false) {
        self.description = description
        self.isTimeout = isTimeout
    }
}

/// How long a wait lasts when its caller names no time. A caller that asks for longer (a cold
/// start, a worker's restart) gets what it asked for: a wait never shortens the caller's time.
let longestWait: Duration = .seconds(20)

/// A deadline on the monotonic clock.
struct Deadline {
    let end: ContinuousClock.Instant
    init(_ timeout: Duration) { end = .now + timeout }
    var passed: Bool { ContinuousClock.now >= end }
}

// MARK: - Lines from a pipe

/// Reads newline-terminated lines from the read end of a pipe without ever blocking a thread:
/// the descriptor is non-blocking and an empty read is polled again by `waitFor`.
final class LineReader {
    private let fd: Int32
    private var buffer: [UInt8] = []
    private(set) var reachedEnd = false

    /// Takes ownership of the descriptor: closed at deinit.
    init(fileDescriptor: Int32) {
        fd = fileDescriptor
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
    }

    deinit { _ = Glibc.close(fd) }

    /// The next line without its newline, or nil at end of file; throws when the deadline passes.
    func nextLine(within timeout: Duration, waitingFor what: @autoclosure () -> String) async throws -> String? {
        let line: String?? = try await waitFor(what(), within: timeout) { try self.takeLine(what()) }
        return line ?? nil
    }

    /// A whole line (`.some(nil)` at end of file), reading what the pipe holds; nil while it has
    /// not come yet.
    private func takeLine(_ what: @autoclosure () -> String) throws -> String?? {
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: buffer[..<newline], as: UTF8.self)
                buffer.removeSubrange(...newline)
                return .some(line)
            }
            if reachedEnd {
                guard !buffer.isEmpty else { return .some(nil) }
                defer { buffer.removeAll() }
                return .some(String(decoding: buffer, as: UTF8.self))
            }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n > 0 {
                buffer += chunk[..<n]
            } else if n == 0 {
                reachedEnd = true
            } else if errno == EAGAIN || errno == EINTR {
                return nil
            } else {
                throw HarnessError("reading \(what()): \(String(cString: strerror(errno)))")
            }
        }
    }
}

// MARK: - Child processes

/// How a child ended.
enum Termination: Equatable, CustomStringConvertible {
    case exited(Int32)
    case signalled(Int32)
    /// Someone else reaped it (waitpid said ECHILD), so its status is lost.
    case unknown

    var description: String {
        switch self {
        case .exited(let code): "exit status \(code)"
        case .signalled(let signal): "killed by signal \(signal)"
        case .unknown: "ended with an unknown status"
        }
    }
}

/// One program started with posix_spawn and reaped here with waitpid. Not Foundation's Process:
/// its children inherit the spawning thread's signal mask, and the test runner's threads block
/// SIGTERM, so such a child cannot be asked to quit. These start as from a shell: no signal
/// blocked, every signal at its default action. Stopped (TERM, then KILL) at deinit.
final class SpawnedProcess {
    let name: String
    let pid: pid_t
    private(set) var termination: Termination?

    /// `stdin`, `stdout` and `stderr` are descriptors of this process, given to the child as 0, 1, 2.
    init(_ executable: String, _ arguments: [String], environment: [String: String],
         stdin: Int32, stdout: Int32, stderr: Int32) throws {
        name = URL(fileURLWithPath: executable).lastPathComponent
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (from, to) in [(stdin, Int32(0)), (stdout, 1), (stderr, 2)] {
            posix_spawn_file_actions_adddup2(&actions, from, to)
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t(), allSignals = sigset_t()
        sigemptyset(&noSignals)
        sigfillset(&allSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        var merged = ProcessInfo.processInfo.environment
        merged["XDG_STATE_HOME"] = freshStateHome()
        for (k, v) in environment { merged[k] = v }
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = merged.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var child: pid_t = 0
        let rc = posix_spawn(&child, executable, &actions, &attributes, argv, envp)
        guard rc == 0 else { throw HarnessError("cannot start \(executable): \(String(cString: strerror(rc)))") }
        pid = child
    }

    deinit { stop() }

    /// Reaps the child if it has ended, without blocking; nil while it runs.
    @discardableResult
    func poll() -> Termination? {
        if termination != nil { return termination }
        var status: Int32 = 0
        let r = waitpid(pid, &status, WNOHANG)
        if r == pid {
            // The <sys/wait.h> macros are not imported: low 7 bits are the signal, 0 for an exit.
            let signal = status & 0x7f
            termination = signal == 0 ? .exited((status >> 8) & 0xff) : .signalled(signal)
        } else if r == -1 && errno == ECHILD {
            termination = .unknown
        }
        return termination
    }

    var isRunning: Bool { poll() == nil }

    /// How it ended, once it has ended by itself within the timeout.
    func wait(within timeout: Duration) async throws -> Termination {
        try await waitFor("\(name) to end", within: timeout) { poll() }
    }

    /// SIGTERM, then SIGKILL if it has not gone within two seconds. Synchronous so it can run in
    /// deinit and on every exit path.
    func stop() {
        guard isRunning else { return }
        kill(pid, SIGTERM)
        _ = try? waitFor("\(name) to end after SIGTERM", within: .seconds(2), every: .milliseconds(10)) { poll() }
        if isRunning {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            _ = waitpid(pid, &status, 0)
            termination = .signalled(SIGKILL)
        }
    }
}

/// Opens a file for a child's standard stream; the descriptor is close-on-exec here, the child
/// gets its own copy through dup2.
private func openForChild(_ path: String, _ flags: Int32) throws -> Int32 {
    let fd = open(path, flags | O_CLOEXEC, 0o600)
    guard fd >= 0 else { throw HarnessError("cannot open \(path): \(String(cString: strerror(errno)))") }
    return fd
}

/// A long-running program started by a test, whose stdout is read line by line; killed when the
/// test lets go of it, even when the test failed.
final class ChildProcess {
    private let process: SpawnedProcess
    private let stderrFile: String
    let lines: LineReader

    init(_ executable: String, _ arguments: [String], environment: [String: String] = [:]) throws {
        var ends: [Int32] = [-1, -1]
        // pipe2 is not imported (it needs _GNU_SOURCE); both ends become close-on-exec at once after.
        guard pipe(&ends) == 0 else { throw HarnessError("pipe: \(String(cString: strerror(errno)))") }
        for fd in ends { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        lines = LineReader(fileDescriptor: ends[0])
        // A file, not a pipe: a chatty program must never stall on a full stderr pipe nobody reads.
        stderrFile = NSTemporaryDirectory() + "cascade-e2e-stderr-" + UUID().uuidString
        let input = try openForChild("/dev/null", O_RDONLY)
        defer { _ = Glibc.close(input); _ = Glibc.close(ends[1]) }
        let errors = try openForChild(stderrFile, O_WRONLY | O_CREAT | O_TRUNC)
        defer { _ = Glibc.close(errors) }
        process = try SpawnedProcess(executable, arguments, environment: environment,
                                     stdin: input, stdout: ends[1], stderr: errors)
    }

    deinit {
        process.stop()
        try? FileManager.default.removeItem(atPath: stderrFile)
    }

    var name: String { process.name }
    var pid: pid_t { process.pid }
    var isRunning: Bool { process.isRunning }

    /// What the program wrote to stderr so far, for failure messages.
    var errorOutput: String {
        let text = (try? String(contentsOfFile: stderrFile, encoding: .utf8)) ?? ""
        return String(text.suffix(4000))
    }

    func waitForExit(within timeout: Duration) async throws -> Termination {
        try await process.wait(within: timeout)
    }

    func stop() { process.stop() }
}

/// Runs a short-lived tool to its end: how it ended and its stdout (through a file, so a large
/// output such as a screen capture cannot fill a pipe). Killed if it outlives the timeout.
func runTool(_ executable: String, _ arguments: [String], environment: [String: String] = [:],
             timeout: Duration = longestWait) async throws -> (status: Termination, output: Data) {
    let outFile = NSTemporaryDirectory() + "cascade-e2e-out-" + UUID().uuidString
    defer { try? FileManager.default.removeItem(atPath: outFile) }
    let process: SpawnedProcess
    do {
        let null = try openForChild("/dev/null", O_RDWR)
        defer { _ = Glibc.close(null) }
        let out = try openForChild(outFile, O_WRONLY | O_CREAT | O_TRUNC)
        defer { _ = Glibc.close(out) }
        process = try SpawnedProcess(executable, arguments, environment: environment, stdin: null, stdout: out, stderr: null)
    }
    let status: Termination
    do {
        status = try await process.wait(within: timeout)
    } catch {
        throw HarnessError("\(executable) \(arguments.joined(separator: " ")) took longer than \(timeout)")
    }
    return (status, try Data(contentsOf: URL(fileURLWithPath: outFile)))
}

// MARK: - The X server

/// A private Xvfb on a display the server picks itself (`-displayfd`), so suites and other
/// engineers' servers never collide. Stopped at deinit.
final class XServer {
    let display: XDisplay
    private let server: ChildProcess

    /// Starts Xvfb with one screen of the given size and waits until it accepts clients.
    init(width: Int = 1280, height: Int = 1024) async throws {
        server = try ChildProcess("/usr/bin/Xvfb", ["-displayfd", "1", "-screen", "0", "\(width)x\(height)x24",
                                                     "-nolisten", "tcp", "-noreset"])
        guard let line = try await server.lines.nextLine(within: longestWait, waitingFor: "Xvfb's display number"),
              let number = Int(line.trimmingCharacters(in: .whitespaces)) else {
            throw HarnessError("Xvfb did not report a display: \(server.errorOutput)")
        }
        display = XDisplay(name: ":\(number)")
    }

    deinit { server.stop() }

    func stop() { server.stop() }
}

/// One X display, driven by xdotool and read by ImageMagick's `import`.
struct XDisplay: Sendable {
    let name: String

    var environment: [String: String] { ["DISPLAY": name] }

    /// Runs xdotool; a failure (other than "found nothing", which callers ask for) throws.
    @discardableResult
    func xdotool(_ arguments: [String], allowFailure: Bool = false) async throws -> String {
        let r = try await runTool("/usr/bin/xdotool", arguments, environment: environment)
        if r.status != .exited(0) && !allowFailure {
            throw HarnessError("xdotool \(arguments.joined(separator: " ")) exited \(r.status)")
        }
        return String(decoding: r.output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Ids of the visible windows whose WM class matches exactly.
    func windows(class wmClass: String) async throws -> [String] {
        let out = try await xdotool(["search", "--onlyvisible", "--class", "^\(wmClass)$"], allowFailure: true)
        return out.split(separator: "\n").map(String.init)
    }

    /// The first visible window of that class, polling until it appears.
    func waitForWindow(class wmClass: String, within timeout: Duration = longestWait) async throws -> String {
        try await waitFor("a visible window of class \(wmClass)", within: timeout, every: .milliseconds(50)) {
            try await windows(class: wmClass).first
        }
    }

    /// The child's window once it shows, focused; when it never does, the child is stopped and
    /// its stderr goes into the error.
    func focusedWindow(of child: ChildProcess, class wmClass: String = "cascade") async throws -> String {
        let window: String
        do {
            window = try await waitForWindow(class: wmClass)
        } catch {
            child.stop()
            throw HarnessError("\(error); stderr:\n\(child.errorOutput)")
        }
        try await xdotool(["windowfocus", window], allowFailure: true)
        return window
    }

    func title(of window: String) async throws -> String {
        try await xdotool(["getwindowname", window])
    }

    func size(of window: String) async throws -> (width: Int, height: Int) {
        let shell = try await xdotool(["getwindowgeometry", "--shell", window])
        var values: [String: Int] = [:]
        for line in shell.split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1)
            if parts.count == 2, let v = Int(parts[1]) { values[String(parts[0])] = v }
        }
        guard let w = values["WIDTH"], let h = values["HEIGHT"] else { throw HarnessError("no geometry for \(window): \(shell)") }
        return (w, h)
    }

    /// What the window shows now, as 8-bit RGB.
    func capture(_ window: String) async throws -> Frame {
        let (w, h) = try await size(of: window)
        let r = try await runTool("/usr/bin/import", ["-display", name, "-window", window, "-depth", "8", "rgb:-"])
        guard r.status == .exited(0), r.output.count == w * h * 3 else {
            throw HarnessError("import of window \(window) gave \(r.output.count) bytes (\(r.status)), not \(w)×\(h)×3")
        }
        return Frame(width: w, height: h, rgb: [UInt8](r.output))
    }

    /// Waits until the window shows the same picture for `still` in a row: the user's "it has
    /// stopped moving". Never returns before `atLeast`, so an animation that has not started yet
    /// is not mistaken for one that has ended.
    func waitUntilStill(_ window: String, atLeast: Duration = .milliseconds(1500),
                        still: Duration = .milliseconds(700), within timeout: Duration = longestWait) async throws -> Frame {
        let earliest = ContinuousClock.now + atLeast
        var last = try await capture(window)
        var unchangedSince = ContinuousClock.now
        // Captures are slow and costly, so they are taken a little apart.
        return try await waitFor("window \(window) to stop changing", within: timeout,
                                 every: .milliseconds(150)) {
            let frame = try await capture(window)
            if frame != last {
                last = frame
                unchangedSince = .now
                return nil
            }
            let now = ContinuousClock.now
            return now - unchangedSince >= still && now >= earliest ? frame : nil
        }
    }
}

/// A capture of a window, 8-bit RGB rows.
struct Frame: Equatable, Sendable {
    let width: Int
    let height: Int
    let rgb: [UInt8]

    func pixel(_ x: Int, _ y: Int) -> (r: Int, g: Int, b: Int) {
        let o = (y * width + x) * 3
        return (Int(rgb[o]), Int(rgb[o + 1]), Int(rgb[o + 2]))
    }
}

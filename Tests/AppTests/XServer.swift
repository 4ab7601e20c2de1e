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
    init(_ description: String) { self.description = description }
}

/// No single wait may hold a test longer than this.
let longestWait: Duration = .seconds(20)

/// A deadline on the monotonic clock.
struct Deadline {
    let end: ContinuousClock.Instant
    init(_ timeout: Duration) { end = .now + min(timeout, longestWait) }
    var passed: Bool { ContinuousClock.now >= end }
}

// MARK: - Lines from a pipe

/// Reads newline-terminated lines from the read end of a pipe without ever blocking a thread:
/// the descriptor is non-blocking and an empty read waits by `Task.sleep`.
final class LineReader {
    private let handle: FileHandle
    private var buffer: [UInt8] = []
    private(set) var reachedEnd = false

    init(_ handle: FileHandle) {
        self.handle = handle
        let fd = handle.fileDescriptor
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
    }

    /// The next line without its newline, or nil at end of file; throws when the deadline passes.
    func nextLine(within timeout: Duration, waitingFor what: @autoclosure () -> String) async throws -> String? {
        let deadline = Deadline(timeout)
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: buffer[..<newline], as: UTF8.self)
                buffer.removeSubrange(...newline)
                return line
            }
            if reachedEnd {
                guard !buffer.isEmpty else { return nil }
                defer { buffer.removeAll() }
                return String(decoding: buffer, as: UTF8.self)
            }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let n = chunk.withUnsafeMutableBytes { read(handle.fileDescriptor, $0.baseAddress, $0.count) }
            if n > 0 {
                buffer += chunk[..<n]
            } else if n == 0 {
                reachedEnd = true
            } else if errno == EAGAIN || errno == EINTR {
                if deadline.passed { throw HarnessError("timed out waiting for \(what())") }
                try await Task.sleep(for: .milliseconds(15))
            } else {
                throw HarnessError("reading \(what()): \(String(cString: strerror(errno)))")
            }
        }
    }
}

// MARK: - Child processes

/// A program started by a test, killed when the test lets go of it (even when the test failed).
final class ChildProcess {
    let name: String
    private let process = Process()
    private let stdout = Pipe()
    private let stderrFile: String
    let lines: LineReader

    init(_ executable: String, _ arguments: [String], environment: [String: String] = [:]) throws {
        name = URL(fileURLWithPath: executable).lastPathComponent
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        for (k, v) in environment { env[k] = v }
        process.environment = env
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = stdout
        // A file, not a pipe: a chatty program must never stall on a full stderr pipe nobody reads.
        stderrFile = NSTemporaryDirectory() + "cascade-e2e-stderr-" + UUID().uuidString
        guard FileManager.default.createFile(atPath: stderrFile, contents: nil),
              let errors = FileHandle(forWritingAtPath: stderrFile) else {
            throw HarnessError("cannot create \(stderrFile)")
        }
        process.standardError = errors
        lines = LineReader(stdout.fileHandleForReading)
        defer { try? errors.close() }
        try process.run()
    }

    deinit {
        stop()
        try? FileManager.default.removeItem(atPath: stderrFile)
    }

    var pid: Int32 { process.processIdentifier }
    var isRunning: Bool { process.isRunning }

    /// What the program wrote to stderr so far, for failure messages.
    var errorOutput: String {
        let text = (try? String(contentsOfFile: stderrFile, encoding: .utf8)) ?? ""
        return String(text.suffix(4000))
    }

    /// The exit status, once the program has ended by itself within the timeout.
    func waitForExit(within timeout: Duration) async throws -> Int32 {
        let deadline = Deadline(timeout)
        while process.isRunning {
            if deadline.passed { throw HarnessError("\(name) still running after \(timeout)") }
            try await Task.sleep(for: .milliseconds(20))
        }
        return process.terminationStatus
    }

    /// SIGTERM, then SIGKILL if it has not gone within two seconds. Synchronous so it can run in
    /// deinit and on every exit path.
    func stop() {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGTERM)
        let end = ContinuousClock.now + .seconds(2)
        while process.isRunning && ContinuousClock.now < end { usleep(10_000) }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }
}

/// Runs a short-lived tool to its end: its exit status and its stdout (through a file, so a large
/// output such as a screen capture cannot fill a pipe).
func runTool(_ executable: String, _ arguments: [String], environment: [String: String] = [:],
             timeout: Duration = longestWait) async throws -> (status: Int32, output: Data) {
    let outFile = NSTemporaryDirectory() + "cascade-e2e-out-" + UUID().uuidString
    guard FileManager.default.createFile(atPath: outFile, contents: nil),
          let out = FileHandle(forWritingAtPath: outFile) else {
        throw HarnessError("cannot create \(outFile)")
    }
    defer { try? FileManager.default.removeItem(atPath: outFile) }
    let p = Process()
    p.executableURL = URL(fileURLWithPath: executable)
    p.arguments = arguments
    var env = ProcessInfo.processInfo.environment
    for (k, v) in environment { env[k] = v }
    p.environment = env
    p.standardInput = FileHandle.nullDevice
    p.standardOutput = out
    p.standardError = FileHandle.nullDevice
    defer { try? out.close() }
    try p.run()
    let deadline = Deadline(timeout)
    while p.isRunning {
        if deadline.passed {
            kill(p.processIdentifier, SIGKILL)
            p.waitUntilExit()
            throw HarnessError("\(executable) \(arguments.joined(separator: " ")) took longer than \(timeout)")
        }
        try await Task.sleep(for: .milliseconds(10))
    }
    return (p.terminationStatus, try Data(contentsOf: URL(fileURLWithPath: outFile)))
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
        if r.status != 0 && !allowFailure {
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
        let deadline = Deadline(timeout)
        while true {
            if let id = try await windows(class: wmClass).first { return id }
            if deadline.passed { throw HarnessError("no visible window of class \(wmClass) after \(timeout)") }
            try await Task.sleep(for: .milliseconds(50))
        }
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
        guard r.status == 0, r.output.count == w * h * 3 else {
            throw HarnessError("import of window \(window) gave \(r.output.count) bytes (status \(r.status)), not \(w)×\(h)×3")
        }
        return Frame(width: w, height: h, rgb: [UInt8](r.output))
    }

    /// Waits until the window shows the same picture for `still` in a row: the user's "it has
    /// stopped moving". Never returns before `atLeast`, so an animation that has not started yet
    /// is not mistaken for one that has ended.
    func waitUntilStill(_ window: String, atLeast: Duration = .milliseconds(1500),
                        still: Duration = .milliseconds(700), within timeout: Duration = longestWait) async throws -> Frame {
        let deadline = Deadline(timeout)
        let earliest = ContinuousClock.now + atLeast
        var last = try await capture(window)
        var unchangedSince = ContinuousClock.now
        while true {
            try await Task.sleep(for: .milliseconds(150))
            let frame = try await capture(window)
            if frame != last {
                last = frame
                unchangedSince = .now
            } else if ContinuousClock.now - unchangedSince >= still && ContinuousClock.now >= earliest {
                return frame
            }
            if deadline.passed { throw HarnessError("window \(window) kept changing for \(timeout)") }
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

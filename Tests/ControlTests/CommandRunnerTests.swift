import Control
import Foundation
import Glibc
import Testing
@testable import TestSupport

/// A folder of its own for each test, with a script in it.
private struct Scratch {
    let path: String

    init() throws {
        path = NSTemporaryDirectory() + "cascade-runner-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    func script(_ name: String, _ body: String) throws -> String {
        try writeExecutable("#!/bin/sh\n" + body, to: path + "/" + name)
    }

    func bytes(_ name: String) throws -> [UInt8] { Array(try Data(contentsOf: URL(fileURLWithPath: path + "/" + name))) }

    /// NUL-separated fields.
    func fields(_ name: String) throws -> [[UInt8]] {
        try bytes(name).split(separator: 0, omittingEmptySubsequences: false).dropLast().map(Array.init)
    }
}

/// Whether the process is gone for good: a zombie still answers kill(pid, 0).
private func reaped(_ pid: pid_t) -> Bool { kill(pid, 0) == -1 && errno == ESRCH }

@Suite("on-select command: running")
struct CommandRunnerTests {
    @Test("argv and environment arrive exactly; systemd's variables are withheld; no signal is blocked or ignored")
    func argvAndEnvironment() throws {
        let scratch = try Scratch()
        let recorder = try scratch.script("record", """
            out="$1"
            cat /proc/$$/cmdline > "$out/argv"
            env -0 > "$out/env"
            grep -E '^Sig(Blk|Ign):' /proc/self/status > "$out/signals"
            """)
        let hostile: [UInt8] = Array("/photos/$(reboot);'\"\n-x ".utf8) + [0xFF, 0xFE] + Array("{index}.jpg".utf8)
        let template = try CommandTemplate("\(recorder) \(scratch.path) {path} --file={path} {index} {uri} '{path}' \\{index\\}")
        let base = [Array("HOME=/home/test".utf8), Array("NOTIFY_SOCKET=@x".utf8), Array("WATCHDOG_USEC=1000".utf8),
                    Array("WATCHDOG_PID=1".utf8), Array("CASCADE_INDEX=stale".utf8), Array("PATH=/usr/bin:/bin".utf8),
                    Array("ODD=".utf8) + [0xC3]]
        let log = LogRecorder()
        let runner = CommandRunner(template: template, limit: 4, log: log.logger, environment: base)

        // The frame loop may run with signals blocked, and Swift programs ignore SIGPIPE.
        var block = sigset_t(), previous = sigset_t()
        sigemptyset(&block)
        sigaddset(&block, SIGUSR2)
        pthread_sigmask(SIG_BLOCK, &block, &previous)
        let oldPipe = signal(SIGPIPE, SIG_IGN)
        let launch = runner.run(path: hostile, uri: "file:///photos/x.jpg", index: 41)
        pthread_sigmask(SIG_SETMASK, &previous, nil)
        signal(SIGPIPE, oldPipe)

        guard case .started(let pid) = launch else { Issue.record("not started: \(launch)"); return }
        #expect(runner.waitUntilIdle(timeout: 30))
        #expect(reaped(pid))
        // /proc/PID/cmdline: the shell, the script, the folder, then what the template made.
        // Quoting a placeholder does not keep it from being replaced: quotes are gone by then.
        let argv = try scratch.fields("argv")
        #expect(argv.dropFirst(3) == [hostile, Array("--file=".utf8) + hostile, Array("41".utf8),
                                      Array("file:///photos/x.jpg".utf8), hostile, Array("41".utf8)],
                "\(argv.map { String(decoding: $0, as: UTF8.self) })")
        let env = try scratch.fields("env")
        #expect(env.contains(Array("CASCADE_PATH=".utf8) + hostile))
        #expect(env.contains(Array("CASCADE_INDEX=41".utf8)))
        #expect(env.contains(Array("CASCADE_URI=file:///photos/x.jpg".utf8)))
        #expect(env.contains(Array("HOME=/home/test".utf8)))
        #expect(env.contains(Array("ODD=".utf8) + [0xC3]))
        #expect(!env.contains { $0.starts(with: Array("NOTIFY_SOCKET=".utf8)) || $0.starts(with: Array("WATCHDOG_".utf8)) })
        #expect(env.filter { $0.starts(with: Array("CASCADE_INDEX=".utf8)) }.count == 1)
        let signals = String(decoding: try scratch.bytes("signals"), as: UTF8.self)
        #expect(signals.contains("SigBlk:\t0000000000000000"), "\(signals)")
        // Signals 32 and 33 are glibc's own (thread cancellation, setxid), which posix_spawn
        // leaves alone; every signal a program can name is at its default.
        let ignored = signals.split(separator: "\n").first { $0.hasPrefix("SigIgn:") }.flatMap { UInt64($0.dropFirst(8), radix: 16) }
        #expect(ignored.map { $0 & ~0x1_8000_0000 } == 0, "\(signals)")
        #expect(log.messages(at: .info).contains("on-select \(recorder) (photo 41) exited with status 0"))
    }

    @Test("stdin and stdout are /dev/null; stderr is logged line by line, bounded, and a failure is a warning")
    func stderrAndStatus() throws {
        let scratch = try Scratch()
        let chatty = try scratch.script("chatty", """
            fds="$(readlink /proc/$$/fd/0 /proc/$$/fd/1)"; echo "$fds" > "$1/stdin"
            echo "first problem" >&2
            printf 'escape \\033[31m red\\r\\n' >&2
            head -c 5000 /dev/zero | tr '\\0' 'x' >&2; echo >&2
            i=0; while [ $i -lt 40 ]; do echo "line $i" >&2; i=$((i+1)); done
            printf 'no newline' >&2
            exit 3
            """)
        let log = LogRecorder()
        let runner = CommandRunner(template: try CommandTemplate("\(chatty) \(scratch.path)"), limit: 4, log: log.logger)
        guard case .started(let pid) = runner.run(path: "/p.jpg", uri: "file:///p.jpg", index: 2) else { Issue.record("not started"); return }
        #expect(runner.waitUntilIdle(timeout: 30))
        #expect(reaped(pid))
        let standard = String(decoding: try scratch.bytes("stdin"), as: UTF8.self)
        #expect(standard == "/dev/null\n/dev/null\n", "\(standard)")
        let prefix = "on-select \(chatty) (photo 2): "
        let lines = log.messages(at: .info).filter { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count)) }
        guard lines.count == 21 else { Issue.record("\(lines)"); return }
        #expect(lines.first == "first problem")
        #expect(lines[1] == "escape \u{FFFD}[31m red")
        #expect(lines[2].count == 401 && lines[2].hasSuffix("…"))
        #expect(lines[19] == "line 16")
        #expect(lines.last == "(24 more lines of stderr not logged)")
        #expect(log.messages(at: .warning) == ["on-select \(chatty) (photo 2) exited with status 3"])
    }

    @Test("a command killed by a signal is a warning naming the signal")
    func killedBySignal() throws {
        let log = LogRecorder()
        let runner = CommandRunner(template: try CommandTemplate(#"/bin/sh -c 'kill -TERM $$' {path}"#), limit: 1, log: log.logger)
        runner.run(path: "/p.jpg", uri: "file:///p.jpg", index: 0)
        #expect(runner.waitUntilIdle(timeout: 30))
        #expect(log.messages(at: .warning) == ["on-select /bin/sh (photo 0) was killed by signal 15 (Terminated)"])
    }

    @Test("a command that does not exist is one clear error line, and frees its slot")
    func missingCommand() throws {
        let log = LogRecorder()
        let runner = CommandRunner(template: try CommandTemplate("no-such-command-for-cascade {path}"), limit: 1, log: log.logger)
        #expect(runner.run(path: "/p.jpg", uri: "file:///p.jpg", index: 0) == .failed("No such file or directory"))
        #expect(log.messages(at: .error) == ["on-select: cannot run no-such-command-for-cascade: No such file or directory"])
        #expect(runner.runningCount == 0)
        #expect(runner.run(path: "/p.jpg", uri: "file:///p.jpg", index: 1) == .failed("No such file or directory"))
    }

    @Test("at most `limit` run at once: the fifth selection is skipped with one line; all are reaped")
    func limit() throws {
        let scratch = try Scratch()
        let release = scratch.path + "/release"
        // Each waits until the test says so — no sleeping on either side of the test.
        let waiter = try scratch.script("waiter", "while [ ! -e \"$1\" ]; do sleep 0.05; done\n")
        let log = LogRecorder()
        let runner = CommandRunner(template: try CommandTemplate("\(waiter) \(release) {index}"), limit: 4, log: log.logger)
        var pids: [pid_t] = []
        for index in 0..<4 {
            guard case .started(let pid) = runner.run(path: "/p\(index).jpg", uri: "file:///p\(index).jpg", index: index) else {
                Issue.record("command \(index) did not start"); return
            }
            pids.append(pid)
        }
        #expect(runner.run(path: "/p4.jpg", uri: "file:///p4.jpg", index: 4) == .busy)
        #expect(runner.runningCount == 4)
        #expect(log.messages(at: .warning) == ["on-select: 4 commands still running, so photo 4 was not passed to \(waiter)"])
        #expect(FileManager.default.createFile(atPath: release, contents: nil))
        #expect(runner.waitUntilIdle(timeout: 30))
        #expect(pids.allSatisfy(reaped))
        #expect(log.messages(at: .info).filter { $0.hasSuffix("exited with status 0") }.count == 4)
        guard case .started(let again) = runner.run(path: "/p5.jpg", uri: "file:///p5.jpg", index: 5) else {
            Issue.record("a slot did not come back"); return
        }
        #expect(runner.waitUntilIdle(timeout: 30))
        #expect(reaped(again))
    }

    @Test("a command that leaves a background job holding stderr is still reaped when it exits")
    func backgroundJobKeepsStderr() throws {
        let scratch = try Scratch()
        let release = scratch.path + "/release"
        let log = LogRecorder()
        let command = "/bin/sh -c 'echo before >&2; (while [ ! -e \"$0\" ]; do sleep 0.05; done) & exit 0' \(release)"
        let runner = CommandRunner(template: try CommandTemplate(command), limit: 1, log: log.logger)
        guard case .started(let pid) = runner.run(path: "/p.jpg", uri: "file:///p.jpg", index: 0) else { Issue.record("not started"); return }
        #expect(runner.waitUntilIdle(timeout: 30))
        #expect(reaped(pid))
        #expect(log.messages(at: .info).contains("on-select /bin/sh (photo 0): before"))
        #expect(FileManager.default.createFile(atPath: release, contents: nil))
    }
}

// Runs the on-select command for a selection: spawned directly (posix_spawnp, no shell), never
// waited for by the caller, at most `limit` at a time, with what it says on stderr and how it
// ended going to the log.

import Foundation
import Glibc
import Logging

/// The state below is guarded by `lock` (an NSCondition, so waitUntilIdle can sleep on it);
/// everything else is immutable after init.
public final class CommandRunner: @unchecked Sendable {
    public enum Launch: Sendable, Equatable {
        case started(pid: pid_t)
        /// `limit` commands were still running; this selection was skipped, not queued.
        case busy
        /// posix_spawnp refused (command not found, not executable, …): the reason.
        case failed(String)
    }

    public let template: CommandTemplate
    public let limit: Int
    private let log: Logger
    /// Ours, minus what would make a child talk to systemd on our behalf, minus stale CASCADE_*.
    private let environment: [[UInt8]]

    private let lock = NSCondition()
    private var running = 0

    /// Variables a child must not inherit: with them it could send READY/WATCHDOG for us.
    static let withheld = ["NOTIFY_SOCKET", "WATCHDOG_USEC", "WATCHDOG_PID"] + CommandTemplate.placeholders.map(\.variable)

    /// - Parameter environment: "NAME=value" entries to start from; nil = this process's.
    public init(template: CommandTemplate, limit: Int, log: Logger, environment: [[UInt8]]? = nil) {
        self.template = template
        self.limit = max(1, limit)
        self.log = log
        let base = environment ?? ChildProcess.currentEnvironment()
        let withheld = Self.withheld.map { Array(($0 + "=").utf8) }
        self.environment = base.filter { entry in !withheld.contains { entry.starts(with: $0) } }
    }

    /// Commands started and not yet reaped.
    public var runningCount: Int {
        lock.lock(); defer { lock.unlock() }
        return running
    }

    /// Starts the command for the photo at `path` (its bytes, exactly), shown at `index`.
    /// Returns once the child exists; its output and exit are handled on a thread of its own.
    @discardableResult
    public func run(path: [UInt8], uri: String, index: Int) -> Launch {
        lock.lock()
        guard running < limit else {
            lock.unlock()
            log.warning("on-select: \(limit) commands still running, so photo \(index) was not passed to \(template.program)")
            return .busy
        }
        running += 1
        lock.unlock()

        let argv = template.arguments(path: path, uri: uri, index: index)
        let env = environment + CommandTemplate.placeholders.map { placeholder in
            Array("\(placeholder.variable)=".utf8) + CommandTemplate.value(of: placeholder.part, path: path, uri: uri, index: index)
        }
        let name = "\(template.program) (photo \(index))"
        switch ChildProcess.spawn(argv: argv, environment: env) {
        case .failure(let error):
            finished()
            log.error("on-select: cannot run \(template.program): \(error.description)")
            return .failed(error.description)
        case .success(let child):
            log.debug("on-select: started \(name), pid \(child.pid)")
            let log = self.log
            let thread = Thread { [self] in
                let status = child.collect { line in log.info("on-select \(name): \(line)") }
                // Logged before the slot is freed, so whoever waits for idle finds the line there.
                defer { finished() }
                switch status {
                case .exited(0): log.info("on-select \(name) exited with status 0")
                case .exited(let code): log.warning("on-select \(name) exited with status \(code)")
                case .signalled(let signal): log.warning("on-select \(name) was killed by signal \(signal) (\(String(cString: strsignal(signal))))")
                case .unknown: log.warning("on-select \(name) ended; its exit status was collected elsewhere")
                }
            }
            thread.name = "on-select \(child.pid)"
            thread.start()
            return .started(pid: child.pid)
        }
    }

    /// For a path that is valid UTF-8 text.
    @discardableResult
    public func run(path: String, uri: String, index: Int) -> Launch {
        run(path: Array(path.utf8), uri: uri, index: index)
    }

    /// Waits until every command started has ended and been reaped; false if `timeout` seconds
    /// passed first. For tests and for an orderly shutdown.
    public func waitUntilIdle(timeout: Double) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        lock.lock(); defer { lock.unlock() }
        while running > 0 {
            if !lock.wait(until: deadline) { return running == 0 }
        }
        return true
    }

    private func finished() {
        lock.lock()
        running -= 1
        lock.broadcast()
        lock.unlock()
    }
}

// Runs a configured command on photos (`run`): spawned directly (no shell), never waited for by
// the frame loop; how it ended and the last line it wrote on stderr come back to `finished` from
// a thread of its own, for the log and an event.

import Foundation
import Logging

public enum ActionRunner {
    public struct Outcome: Sendable, Equatable {
        public let name: String
        public let count: Int
        /// The exit status; nil when it was killed by a signal or could not start.
        public let status: Int32?
        /// Why it failed to start, the signal that killed it, or the last line of its stderr.
        public let note: String?
    }

    /// Starts `command` on `paths`: its pid, or why it could not start (then `finished` is not called).
    @discardableResult
    public static func start(_ command: ActionCommand, paths: [[UInt8]], log: Logger,
                             finished: @escaping @Sendable (Outcome) -> Void) -> Result<Int32, ControlError> {
        let environment = ChildProcess.currentEnvironment().filter { entry in
            !CommandRunner.withheld.contains { entry.starts(with: Array(($0 + "=").utf8)) }
        }
        switch ChildProcess.spawn(argv: command.arguments(paths: paths), environment: environment) {
        case .failure(let error):
            log.error("run \(command.name): cannot start \(command.argv[0]): \(error.description)")
            return .failure(ControlError("run \(command.name): cannot start \(command.argv[0]): \(error.description)"))
        case .success(let child):
            log.info("run \(command.name): started \(command.argv[0]) on \(paths.count) photo(s), pid \(child.pid)")
            let thread = Thread {
                // collect calls back on this thread, so a plain variable holds the last line.
                var lastLine: String?
                let status = child.collect { line in lastLine = line }
                let outcome: Outcome
                switch status {
                case .exited(let code):
                    outcome = Outcome(name: command.name, count: paths.count, status: code, note: lastLine)
                    if code == 0 {
                        log.info("run \(command.name) exited with status 0")
                    } else {
                        log.warning("run \(command.name) exited with status \(code)\(lastLine.map { ": \($0)" } ?? "")")
                    }
                case .signalled(let signal):
                    outcome = Outcome(name: command.name, count: paths.count, status: nil, note: "killed by signal \(signal)")
                    log.warning("run \(command.name) was killed by signal \(signal)")
                case .unknown:
                    outcome = Outcome(name: command.name, count: paths.count, status: nil, note: "its exit status was collected elsewhere")
                }
                finished(outcome)
            }
            thread.name = "run \(child.pid)"
            thread.start()
            return .success(child.pid)
        }
    }
}

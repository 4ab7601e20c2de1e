// The one way a test waits: on a condition, never on the clock. Everything a test waits for —
// a state over the control socket, a line in a log, a file, a process ending, a window — is
// polled here, so the polling interval lives in one place and every wait fails with what it
// waited for instead of hanging the run.

import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// How often a condition is looked at unless the caller says otherwise: quick enough that a
/// test does not idle, slow enough not to compete with the program under test for the cores.
let pollInterval: Duration = .milliseconds(20)

/// Polls `condition` until it gives a value and returns it; throws a HarnessError naming `what`
/// once `timeout` passes without one. Errors from the condition end the wait at once. A Bool
/// condition belongs in `waitUntil`: here `false` is a value and would end the wait.
func waitFor<T>(_ what: @autoclosure () -> String, within timeout: Duration = longestWait,
                every interval: Duration = pollInterval, isolation: isolated (any Actor)? = #isolation,
                _ condition: () async throws -> T?) async throws -> T {
    let end = ContinuousClock.now + timeout
    while true {
        if let value = try await condition() { return value }
        if ContinuousClock.now >= end { throw HarnessError("timed out after \(timeout) waiting for \(what())", isTimeout: true) }
        try await Task.sleep(for: interval)
    }
}

/// Polls `condition` until it holds; throws a HarnessError naming `what` once `timeout` passes.
func waitUntil(_ what: @autoclosure () -> String, within timeout: Duration = longestWait,
               every interval: Duration = pollInterval, isolation: isolated (any Actor)? = #isolation,
               _ condition: () async throws -> Bool) async throws {
    let _: Bool = try await waitFor(what(), within: timeout, every: interval, isolation: isolation) { try await condition() ? true : nil }
}

/// The blocking form, for tests and threads outside Swift concurrency: the calling thread sleeps
/// between looks.
func waitFor<T>(_ what: @autoclosure () -> String, within timeout: Duration = longestWait,
                every interval: Duration = pollInterval, _ condition: () throws -> T?) throws -> T {
    let end = ContinuousClock.now + timeout
    let micros = useconds_t(interval.components.seconds * 1_000_000 + interval.components.attoseconds / 1_000_000_000_000)
    while true {
        if let value = try condition() { return value }
        if ContinuousClock.now >= end { throw HarnessError("timed out after \(timeout) waiting for \(what())", isTimeout: true) }
        usleep(micros)
    }
}

/// The blocking form of waiting until `condition` holds.
func waitUntil(_ what: @autoclosure () -> String, within timeout: Duration = longestWait,
               every interval: Duration = pollInterval, _ condition: () throws -> Bool) throws {
    let _: Bool = try waitFor(what(), within: timeout, every: interval) { try condition() ? true : nil }
}

/// Whether `condition` came to hold within `seconds`, for `#expect(eventually { … })`.
/// Tests wait generously and never assert how long anything took.
public func eventually(within seconds: Double = 10, _ condition: () -> Bool) -> Bool {
    (try? waitUntil("a condition", within: .milliseconds(Int(seconds * 1000)), { condition() })) != nil
}

/// Whether an async condition came to hold within `timeout`, for `#expect(try await eventually { … })`
/// or for a wait whose caller reports the last thing it saw. Errors from the condition throw.
func eventually(within timeout: Duration = longestWait, every interval: Duration = pollInterval,
                isolation: isolated (any Actor)? = #isolation, _ condition: () async throws -> Bool) async throws -> Bool {
    do {
        try await waitUntil("a condition", within: timeout, every: interval, isolation: isolation, condition)
        return true
    } catch let error as HarnessError where error.isTimeout {
        return false
    }
}

/// Lets time pass on purpose. Only for waits whose length is what is being tested: an input
/// gesture's timing (a drag resting before its release, a key held down), a stall the program
/// must notice, or "nothing happens for this long" after a timeout the test set. Waiting for
/// something to happen is never this: use `waitFor`.
func pause(_ duration: Duration) async throws {
    try await Task.sleep(for: duration)
}

/// The blocking form of `pause`, for a test that stands in for a busy thread.
func pauseThread(_ duration: Duration) {
    Thread.sleep(forTimeInterval: Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18)
}

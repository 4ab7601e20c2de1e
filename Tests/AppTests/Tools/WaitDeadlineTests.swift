// The end-to-end harness's waits are the tests' only clock: one that quietly cut a caller's
// 60 s to something shorter would fail a cold start on a slow machine as a timeout nobody asked for.

import Testing
@testable import TestSupport

@Suite("the harness's waits")
struct WaitDeadlineTests {
    @Test("a deadline lasts what its caller asked for, even beyond the default wait")
    func callerTimeHonoured() {
        let asked: Duration = longestWait * 3
        let deadline = Deadline(asked)
        #expect(deadline.end - ContinuousClock.now > longestWait * 2, "a \(asked) wait was cut short")
        #expect(!deadline.passed)
    }
}

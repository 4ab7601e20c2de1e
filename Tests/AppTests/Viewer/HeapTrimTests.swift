import Testing
@testable import App

/// Freed memory goes back to the system at rest, never while idle for nothing or mid-motion.
@Suite("giving freed memory back")
struct HeapTrimTests {
    @Test("an idle loop never trims; a working one trims at rest at most every interval")
    func pacedByWork() {
        var trim = HeapTrim(interval: 30, now: 0)
        var due: [Bool] = []
        due.append(trim.dueAtRest(now: 100))   // nothing happened since the start
        trim.noteWork()
        due.append(trim.dueAtRest(now: 10))    // worked, but the start was 10 s ago
        due.append(trim.dueAtRest(now: 31))
        trim.noteWork()
        due.append(trim.dueAtRest(now: 40))    // 9 s after the last trim
        due.append(trim.dueAtRest(now: 61))
        due.append(trim.dueAtRest(now: 200))   // no work since the last trim
        #expect(due == [false, false, true, false, true, false])
    }

    @Test("a scan that replaced the wall is trimmed at the next rest")
    func releaseTrimsSoon() {
        var trim = HeapTrim(interval: 30, now: 0)
        trim.noteRelease()
        let first = trim.dueAtRest(now: 1), second = trim.dueAtRest(now: 2)
        #expect(first && !second)
    }

    @Test("glibc's malloc_trim is found by name, so the trims really happen")
    func trimRuns() {
        #expect(Allocator.returnFreePages())
    }
}

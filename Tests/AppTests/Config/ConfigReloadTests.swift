import Foundation
import Locking
import Testing
@testable import TestSupport
@testable import App

/// SIGHUP's reread: however many signals come while a read is under way, one more read follows,
/// and never sooner than the gap after the last one started.
@MainActor
@Suite struct ConfigReloadTests {
    /// A reread that waits for `release` and counts its calls.
    final class Reread: Sendable {
        let calls = Locked(0)
        let released = Locked(false)
        var body: @Sendable () throws -> ViewerOptions {
            { [self] in
                calls.withLock { $0 += 1 }
                try waitUntil("the test to release the reread", every: .milliseconds(1)) { released.withLock { $0 } }
                return ViewerOptions()
            }
        }
    }

    @Test func aStormDuringAReadMakesOneMoreRead() {
        let reload = ConfigReload(wake: {})
        let reread = Reread()
        #expect(!reload.startIfDue(at: 100, reread: reread.body), "a read with no SIGHUP")
        reload.request()
        #expect(reload.startIfDue(at: 100, reread: reread.body))
        for _ in 1...500 { reload.request() }
        #expect(!reload.startIfDue(at: 200, reread: reread.body), "a second read beside the first")
        reread.released.withLock { $0 = true }
        var first: ConfigReload.Outcome?
        #expect(eventually { first = reload.take(); return first != nil })
        // The 500 signals: one read, and not before the gap since the first one's start.
        #expect(!reload.startIfDue(at: 100.5, reread: reread.body))
        #expect(reload.deadline == 100 + ConfigReload.minimumGap)
        #expect(reload.startIfDue(at: 101, reread: reread.body))
        #expect(eventually { reload.take() != nil })
        #expect(!reload.startIfDue(at: 300, reread: reread.body), "a read nobody asked for")
        #expect(reload.deadline == .infinity)
        #expect(reread.calls.withLock { $0 } == 2)
    }

    @Test func aFailedReadIsHandedBackAsItsError() {
        struct Broken: Error {}
        let reload = ConfigReload(wake: {})
        reload.request()
        let started = reload.startIfDue(at: 0, reread: { throw Broken() })
        #expect(started)
        var outcome: ConfigReload.Outcome?
        #expect(eventually { outcome = reload.take(); return outcome != nil })
        guard case .failure(let error) = outcome else { Issue.record("\(String(describing: outcome))"); return }
        #expect(error is Broken)
    }
}

import Testing
@testable import App

/// A kiosk left alone: the wall starts to drift after its delay, an open photo returns to the
/// wall after its timeout, and a touch stops both at once.
@Suite struct IdleBehaviourTests {
    @Test func theWallDriftsOnlyAfterTheIdleDelayAndStopsAtTheFirstTouch() {
        var idle = IdleBehaviour(attractAfter: 60, speed: 40, detailTimeout: 30, now: 0)
        #expect(idle.step(now: 59, detailOpen: false, offset: 0, maxOffset: 5000, gliding: false) == .none)
        #expect(idle.nextDeadline(detailOpen: false) == 60, "the loop sleeps exactly until the drift is due")
        #expect(idle.step(now: 60, detailOpen: false, offset: 0, maxOffset: 5000, gliding: false) == .drift(to: 0))
        #expect(idle.step(now: 60.5, detailOpen: false, offset: 0, maxOffset: 5000, gliding: false) == .drift(to: 4),
                "a frame's time step is capped at 0.1 s, so a stall never turns into a jump")
        #expect(idle.isDrifting)
        idle.noteInput(now: 61)
        #expect(!idle.isDrifting)
        #expect(idle.step(now: 62, detailOpen: false, offset: 100, maxOffset: 5000, gliding: false) == .none)
        #expect(idle.nextDeadline(detailOpen: false) == 121)
    }

    @Test func anOpenPhotoReturnsToTheWallAfterItsTimeoutAndTheDriftWaitsAgain() {
        var idle = IdleBehaviour(attractAfter: 60, speed: 40, detailTimeout: 30, now: 0)
        #expect(idle.step(now: 29, detailOpen: true, offset: 0, maxOffset: 5000, gliding: false) == .none)
        #expect(idle.nextDeadline(detailOpen: true) == 30)
        #expect(idle.step(now: 30, detailOpen: true, offset: 0, maxOffset: 5000, gliding: false) == .closeDetail)
        #expect(idle.step(now: 31, detailOpen: false, offset: 0, maxOffset: 5000, gliding: false) == .none,
                "closing is not a reason to start drifting at once")
        #expect(idle.nextDeadline(detailOpen: false) == 90)
    }

    @Test func zeroMeansNever() {
        var idle = IdleBehaviour(attractAfter: 0, speed: 40, detailTimeout: 0, now: 0)
        #expect(idle.step(now: 1e6, detailOpen: true, offset: 0, maxOffset: 5000, gliding: false) == .none)
        #expect(idle.step(now: 1e6, detailOpen: false, offset: 0, maxOffset: 5000, gliding: false) == .none)
        #expect(idle.nextDeadline(detailOpen: false) == .infinity)
        #expect(idle.nextDeadline(detailOpen: true) == .infinity)
    }
}

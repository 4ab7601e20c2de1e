import Testing
import Waterfall
@testable import Screen

/// The loop's input and stalls as the event queue sees them: what `get-stats` reports.
@Suite struct EventActivityTests {
    @Test("waiting for an event is listening; only the time between looks at the queue is a stall")
    func stallsAreTheGapsBetweenLooks() {
        var activity = EventActivity()
        // Start-up before the loop's first look is no stall of the loop.
        activity.looking(at: 10)
        activity.lookedAway(at: 12, taking: nil)          // two seconds asleep in the queue
        activity.looking(at: 12.016)                       // a frame
        activity.lookedAway(at: 12.016, taking: .key(KeyPress(.pageDown)))
        activity.looking(at: 12.3)                         // 284 ms busy: a stall
        activity.lookedAway(at: 12.3, taking: nil)
        activity.looking(at: 12.36)                        // 60 ms
        activity.lookedAway(at: 12.36, taking: .wake)
        #expect(abs(activity.longestStall - 0.284) < 1e-9)
        #expect(activity.stallsOver50ms == 2)
        #expect(activity.stallsOver250ms == 1)
        #expect(activity.recentStalls.map(\.endedAt) == [12.3, 12.36])
    }

    @Test("a loop that stalls for months keeps only the last few stalls, newest last")
    func recentStallsAreBounded() {
        var activity = EventActivity()
        activity.lookedAway(at: 0, taking: nil)
        for i in 1...100 {
            activity.looking(at: Double(i))
            activity.lookedAway(at: Double(i), taking: nil)
        }
        #expect(activity.stallsOver50ms == 100)
        #expect(activity.recentStalls.count == EventActivity.recentStallsKept)
        #expect(activity.recentStalls.last?.endedAt == 100)
    }

    @Test("events are counted by kind; input is what a person did")
    func eventsByKind() {
        var activity = EventActivity()
        let taken: [ScreenEvent] = [
            .input(.pointerDown(id: -1, at: Point(x: 1, y: 1), time: 0)),
            .input(.pointerMoved(id: -1, to: Point(x: 1, y: 9), time: 0)),
            .input(.pointerUp(id: -1, at: Point(x: 1, y: 9), time: 0)),
            .input(.pointerCancelled(id: 3, time: 0)),
            .input(.wheel(dx: 0, dy: 120, zoom: false, time: 0)),
            .key(KeyPress(.home)), .key(KeyPress(.character("f"))),
            .resized, .wake, .wake, .exposed, .quit,
        ]
        for (i, event) in taken.enumerated() {
            activity.looking(at: Double(i))
            activity.lookedAway(at: Double(i), taking: event)
        }
        #expect([activity.pointer, activity.wheel, activity.key, activity.resized, activity.wake, activity.other] == [4, 1, 2, 1, 2, 2])
        #expect(activity.input == 7)
        #expect(activity.total == taken.count)
    }
}

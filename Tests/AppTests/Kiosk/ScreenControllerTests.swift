import Foundation
import Screen
import Testing
import Waterfall
@testable import App

/// The input that wakes the screen does only that: the waking finger's whole gesture, a second
/// finger landing with it, and the waking key's repeats are swallowed; the next touch acts.
@MainActor
@Suite struct ScreenControllerTests {
    func offScreen() -> ScreenController {
        let screen = ScreenController(schedule: nil, offAfter: 10, now: 0)
        _ = screen.update(now: 10, date: Date())
        #expect(!screen.isOn)
        return screen
    }

    func point(_ x: Double) -> Point { Point(x: x, y: 100) }

    @Test func theWakingTouchIsSwallowedUpToItsLift() {
        let screen = offScreen()
        #expect(!screen.admits(.input(.pointerDown(id: 7, at: point(10), time: 11)), now: 11))
        #expect(screen.update(now: 11, date: Date()), "the touch woke it")
        #expect(!screen.admits(.input(.pointerMoved(id: 7, to: point(40), time: 11.1)), now: 11.1))
        #expect(!screen.admits(.input(.pointerDown(id: 8, at: point(90), time: 11.15)), now: 11.15),
                "a second finger landing with the first is the same touch")
        #expect(!screen.admits(.input(.pointerUp(id: 7, at: point(40), time: 11.2)), now: 11.2))
        #expect(!screen.admits(.input(.pointerCancelled(id: 8, time: 11.25)), now: 11.25))
        #expect(screen.admits(.input(.pointerDown(id: 9, at: point(10), time: 12)), now: 12), "the next touch acts")
        #expect(screen.admits(.input(.pointerUp(id: 9, at: point(10), time: 12.1)), now: 12.1))
    }

    @Test func theWakingKeyAndItsRepeatsDoNothingElse() {
        let screen = offScreen()
        #expect(!screen.admits(.key(KeyPress(.enter)), now: 11))
        _ = screen.update(now: 11, date: Date())
        #expect(screen.isOn)
        #expect(!screen.admits(.key(KeyPress(.enter, isRepeat: true)), now: 11.5), "held down, it still only woke the screen")
        #expect(screen.admits(.key(KeyPress(.down)), now: 12))
        #expect(screen.admits(.key(KeyPress(.down, isRepeat: true)), now: 12.5), "a key pressed once awake repeats as usual")
    }

    @Test func inputWhileOnActsAndKeepsItOn() {
        let screen = ScreenController(schedule: nil, offAfter: 10, now: 0)
        #expect(screen.admits(.input(.wheel(dx: 0, dy: 3, zoom: false, time: 9)), now: 9))
        #expect(!screen.update(now: 15, date: Date()), "the wheel restarted the idle time")
        #expect(screen.isOn)
        #expect(screen.deadline == 19)
    }
}

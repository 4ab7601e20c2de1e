// When frames start and reach the screen, and what each cost. The pacer keeps the rhythm
// (FramePacer); the figures go to FrameStats for `--stats` and `get-stats`.

import Foundation
import Screen

@MainActor
struct FrameClock {
    let refreshInterval: Double
    private var pacer: FramePacer
    private(set) var stats = FrameStats()

    /// What presenting one frame cost; `lateBy` is the gap since the previous frame of the same
    /// motion when this one came late.
    struct Presented {
        var work: Double
        var present: Double
        var lateBy: Double?
    }

    init(refreshRate: Double, vsync: Bool) {
        refreshInterval = 1 / max(24, min(refreshRate, 360))
        pacer = FramePacer(refreshInterval: refreshInterval, holdsPresents: !vsync)
    }

    /// Presenting does not wait for the refresh: moving frames are held a refresh apart here.
    var holdsPresents: Bool { pacer.holdsPresents }

    /// The earliest time the next frame may start: frames are a refresh apart at most, or a
    /// stream of input would spin a core.
    func startTime(moving: Bool) -> Double { pacer.startTime(moving: moving) }

    /// A frame starts now; its work is timed from the returned reading of the loop's clock.
    mutating func begin() -> Double {
        let started = ProcessClock.now()
        pacer.starting(at: started)
        return started
    }

    /// The loop goes to sleep until an event: the pause before the next motion is not stutter.
    mutating func rest() { stats.noteRest() }

    /// Presents the frame drawn since `started`, held to the refresh rhythm where presenting
    /// does not wait for it, and records what it cost.
    mutating func present(on renderer: Renderer, started: Double, moving: Bool) -> Presented {
        let drawn = ProcessClock.now()
        var presenting = drawn
        if let time = pacer.presentTime(moving: moving), time > drawn {
            Thread.sleep(forTimeInterval: time - drawn)
            presenting = ProcessClock.now()
        }
        pacer.presenting(at: presenting, moving: moving)
        renderer.present()
        let presented = ProcessClock.now()
        let work = drawn - started
        let late = stats.record(workSeconds: work, presentSeconds: presented - presenting, presentedAt: presented,
                                moving: moving, refreshInterval: refreshInterval)
        return Presented(work: work, present: presented - presenting, lateBy: late)
    }
}

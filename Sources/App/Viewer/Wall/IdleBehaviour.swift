// What the wall does when nobody touches it (kiosk mode): after a while it drifts on its own
// (the attract mode), and a photo left open returns to the wall so the next visitor finds the
// wall, not the last visitor's photo. Any input stops both at once.

import Control
import Waterfall
import Kiosk

struct IdleBehaviour {
    enum Action: Equatable {
        case none
        case closeDetail
        case drift(to: Double)
        case glideToStart

        /// The command the loop performs for it, as it would a key's.
        var command: Command? {
            switch self {
            case .none: nil
            case .closeDetail: .close
            case .drift(let offset): .scrollTo(.offset(offset), animated: false)
            case .glideToStart: .scrollTo(.offset(0), animated: true)
            }
        }
    }

    /// Seconds; 0 = never.
    var attractAfter: Double
    var detailTimeout: Double
    private(set) var lastInput: Double
    private(set) var attracting = false
    private var attract: AttractScroll
    /// When the attract scroll next needs the loop (a rest ends), if it is resting.
    private var restUntil: Double?

    init(attractAfter: Double, speed: Double, detailTimeout: Double, now: Double) {
        self.attractAfter = attractAfter
        self.detailTimeout = detailTimeout
        attract = AttractScroll(speed: speed)
        lastInput = now
    }

    mutating func configure(attractAfter: Double, speed: Double, detailTimeout: Double) {
        self.attractAfter = attractAfter
        self.detailTimeout = detailTimeout
        attract.speed = speed
    }

    /// Someone touched the wall (or a program drove it through the control socket).
    mutating func noteInput(now: Double) {
        lastInput = now
        if attracting {
            attracting = false
            restUntil = nil
            attract.restart()
        }
    }

    /// What to do at `now`, given where the wall is.
    mutating func step(now: Double, detailOpen: Bool, offset: Double, maxOffset: Double, gliding: Bool) -> Action {
        if detailOpen {
            attracting = false
            if detailTimeout > 0, now - lastInput >= detailTimeout {
                // The close counts as the start of idleness on the wall, so the attract mode
                // waits its full delay again rather than starting the same instant.
                lastInput = now
                return .closeDetail
            }
            return .none
        }
        guard attractAfter > 0, now - lastInput >= attractAfter else { return .none }
        if !attracting { attracting = true; attract.restart() }
        switch attract.step(offset: offset, maxOffset: maxOffset, now: now, gliding: gliding) {
        case .drift(let y): restUntil = nil; return .drift(to: y)
        case .glideToStart: restUntil = nil; return .glideToStart
        case .rest(let until): restUntil = until; return .none
        }
    }

    /// Whether the wall moves by itself every frame.
    var isDrifting: Bool { attracting && restUntil == nil }

    /// The next time the loop must wake for idle work, while nothing else wakes it.
    func nextDeadline(detailOpen: Bool) -> Double {
        if detailOpen { return detailTimeout > 0 ? lastInput + detailTimeout : .infinity }
        guard attractAfter > 0 else { return .infinity }
        if !attracting { return lastInput + attractAfter }
        return restUntil ?? lastInput
    }
}

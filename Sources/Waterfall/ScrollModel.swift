// One axis of scrolling: offset, bounds, drag with rubber band, kinetic fling, springs.
//
// Every motion is integrated in closed form — exponential decay for a fling, a critically
// damped spring for bounce-back and glides — so a step of 1/30 s lands exactly where two
// steps of 1/60 s do. The only frame-rate dependence left would be the instant a fling
// crosses a bound; that instant is solved for exactly too. Time only ever comes in as `dt`.

import Foundation   // exp, log

public struct ScrollModel: Sendable {
    public enum Phase: Equatable, Sendable {
        case idle
        case dragging
        /// Coasting after a fling, slowing down like iOS's normal deceleration.
        case decelerating
        /// Settling on `target` (a glide, a wheel step, or springing back from overscroll).
        case springing(target: Double)
    }

    public private(set) var offset: Double = 0
    public private(set) var velocity: Double = 0
    public private(set) var phase: Phase = .idle
    public private(set) var viewportLength: Double = 0
    public private(set) var contentLength: Double = 0

    /// UIScrollView's `.normal` rate: velocity × 0.998 per millisecond, τ ≈ 0.5 s.
    public var decelerationRate = 0.998 { didSet { timeConstant = -0.001 / log(decelerationRate) } }
    private var timeConstant = -0.001 / log(0.998)
    /// Angular frequency of the bounce-back spring: settles in ~0.4 s.
    public var bounceStiffness = 16.0
    /// Faster spring for wheel steps and programmatic glides: settles in ~0.2 s.
    public var glideStiffness = 28.0
    private var springStiffness = 16.0
    /// Below this speed (px/s) motion is over.
    public var restSpeed = 4.0

    // Drag bookkeeping: the finger-locked position before the rubber band is applied.
    private var dragRawOffset = 0.0

    public init(viewportLength: Double = 0, contentLength: Double = 0) {
        setBounds(viewportLength: viewportLength, contentLength: contentLength)
    }

    public var maxOffset: Double { max(0, contentLength - viewportLength) }
    public var isOutOfBounds: Bool { offset < 0 || offset > maxOffset }
    /// True while the offset changes by itself (a frame is needed every vsync).
    public var isAnimating: Bool {
        switch phase {
        case .decelerating, .springing: true
        case .idle, .dragging: false
        }
    }
    /// Where the offset is headed: a glide's target, else where it is now. (A fling's end
    /// is not aimed at, so it counts from where the fling has got to.)
    public var destination: Double {
        if case .springing(let target) = phase { return target }
        return offset
    }
    /// True while a fling coasts — a touch that lands now catches the wall instead of selecting.
    public var isCoasting: Bool {
        switch phase {
        case .decelerating: true
        case .springing: abs(velocity) > 50
        case .idle, .dragging: false
        }
    }

    public mutating func setBounds(viewportLength: Double, contentLength: Double) {
        self.viewportLength = max(0, viewportLength.isFinite ? viewportLength : 0)
        self.contentLength = max(0, contentLength.isFinite ? contentLength : 0)
        if phase == .idle, isOutOfBounds { offset = clampToBounds(offset) }
        if case .springing(let target) = phase, target != clampToBounds(target) {
            phase = .springing(target: clampToBounds(target))
        }
    }

    public func clampToBounds(_ y: Double) -> Double { min(max(y, 0), maxOffset) }

    /// Jumps (no animation), clamped to the bounds; stops any motion.
    public mutating func setOffset(_ y: Double) {
        offset = clampToBounds(y.isFinite ? y : 0)
        velocity = 0
        phase = .idle
    }

    /// Glides to `y` (clamped) on a spring, or jumps when not animated.
    public mutating func scroll(to y: Double, animated: Bool) {
        guard animated else { return setOffset(y) }
        springStiffness = glideStiffness
        phase = .springing(target: clampToBounds(y.isFinite ? y : 0))
    }

    /// A wheel step: successive steps add up to one glide instead of queueing.
    public mutating func scroll(by delta: Double, animated: Bool) {
        scroll(to: destination + delta, animated: animated)
    }

    /// The content moved under the viewport by `delta` (tiles inserted above, a relayout):
    /// follow it without interrupting a drag, a fling or a glide, so the same tile stays put.
    public mutating func shift(by delta: Double) {
        guard delta.isFinite, delta != 0 else { return }
        offset += delta
        dragRawOffset += delta
        switch phase {
        case .springing(let target): phase = .springing(target: clampToBounds(target + delta))
        case .idle: offset = clampToBounds(offset)
        case .dragging, .decelerating: break
        }
    }

    /// Stops where it is (a touch caught the wall). Overscroll still springs back.
    public mutating func stop() {
        velocity = 0
        phase = .idle
        settleIfOutOfBounds(velocity: 0)
    }

    // MARK: Drag

    public mutating func beginDrag() {
        phase = .dragging
        velocity = 0
        dragRawOffset = offset
    }

    /// `delta` in content coordinates: positive moves the offset down the wall (finger moving up).
    public mutating func drag(by delta: Double) {
        if phase != .dragging { beginDrag() }
        dragRawOffset += delta
        offset = rubberBanded(dragRawOffset)
    }

    /// Lets go with `velocity` (px/s, in offset direction): a fling, or a spring back if overscrolled.
    public mutating func endDrag(velocity v: Double) {
        phase = .idle
        if isOutOfBounds {
            settleIfOutOfBounds(velocity: v)
        } else {
            fling(velocity: v)
        }
    }

    public mutating func fling(velocity v: Double) {
        guard v.isFinite, abs(v) >= restSpeed else {
            velocity = 0
            if phase == .decelerating { phase = .idle }
            return
        }
        velocity = v
        phase = .decelerating
    }

    /// iOS's rubber band: the further past the edge, the less the content follows the finger,
    /// never more than one viewport.
    private func rubberBanded(_ raw: Double) -> Double {
        let d = max(viewportLength, 1)
        func band(_ x: Double) -> Double { (1 - 1 / (x * 0.55 / d + 1)) * d }
        if raw < 0 { return -band(-raw) }
        if raw > maxOffset { return maxOffset + band(raw - maxOffset) }
        return raw
    }

    private mutating func settleIfOutOfBounds(velocity v: Double) {
        guard isOutOfBounds else { return }
        springStiffness = bounceStiffness
        velocity = v
        phase = .springing(target: clampToBounds(offset))
    }

    // MARK: Time

    /// Advances the motion by `dt` seconds.
    public mutating func step(_ dt: Double) {
        guard dt > 0, dt.isFinite else { return }
        var remaining = dt
        // A step can cross from coasting into a bounce; loop over those phases within one dt.
        while remaining > 0 {
            switch phase {
            case .idle, .dragging:
                return
            case .decelerating:
                remaining = coast(remaining)
            case .springing(let target):
                spring(toward: target, dt: remaining)
                remaining = 0
            }
        }
    }

    /// Exponential decay: v(t) = v₀·e^(−t/τ), x(t) = x₀ + v₀·τ·(1 − e^(−t/τ)). Returns time left
    /// over if a bound was hit during `dt`.
    private mutating func coast(_ dt: Double) -> Double {
        let tau = timeConstant
        let bound = velocity > 0 ? maxOffset : 0
        let distanceToBound = bound - offset
        // Fraction of the remaining glide (v·τ) that reaches the bound, if it ever does.
        let fraction = distanceToBound / (velocity * tau)
        if fraction >= 0, fraction < 1 {
            let hitTime = -tau * log(1 - fraction)
            if hitTime <= dt {
                velocity *= exp(-hitTime / tau)
                offset = bound
                springStiffness = bounceStiffness
                phase = .springing(target: bound)
                return dt - hitTime
            }
        }
        let decay = exp(-dt / tau)
        let end = offset + velocity * tau   // where the glide would come to rest
        offset += velocity * tau * (1 - decay)
        velocity *= decay
        if abs(velocity) < restSpeed {
            // Rest at the asymptote, which every frame rate shares.
            offset = end
            velocity = 0
            phase = .idle
        }
        return 0
    }

    /// Critically damped spring: x(t) = (x₀ + (v₀ + ωx₀)t)e^(−ωt).
    private mutating func spring(toward target: Double, dt: Double) {
        let w = springStiffness
        let x0 = offset - target
        let v0 = velocity
        let e = exp(-w * dt)
        let x = (x0 + (v0 + w * x0) * dt) * e
        let v = (v0 - w * (v0 + w * x0) * dt) * e
        offset = target + x
        velocity = v
        if abs(x) < 0.25, abs(v) < restSpeed * 4 {
            offset = target
            velocity = 0
            phase = .idle
        }
    }
}

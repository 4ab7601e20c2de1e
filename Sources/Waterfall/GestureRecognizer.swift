// Turns pointer streams into taps, drags, flings and pinches.
//
// Rules from the platforms people know: a touch is a tap while it stays within an ~8 px slop
// and lifts within half a second; held there longer it is a long press, told as soon as the
// hold is long enough (the owner calls `advance(to:)` by its deadline: a finger at rest sends
// no events) and never followed by a tap; beyond the slop it is a drag that follows the finger
// exactly; the release speed is measured over the last ~100 ms only, so a finger that stops
// before lifting does not fling; a second finger turns the touch into a pinch, and after a
// pinch the wall ignores the remaining finger until every finger is up.

public struct GestureRecognizer: Sendable {
    public var touchSlop = 8.0
    public var maximumTapDuration = 0.5
    /// A touch held this long within the slop is a long press (Android's and GTK's half second).
    public var longPressDuration = 0.5
    /// Velocity is estimated from samples no older than this before the last one.
    public var velocityWindow = 0.1
    /// How far back the release velocity may look when no earlier frame falls in the window.
    public var slowFrameWindow = 0.3

    private enum State: Sendable {
        case idle
        case pressed(start: Point, time: Double)
        case dragging
        case pinching(startDistance: Double)
        /// Leftover fingers after a pinch: nothing until all are up.
        case ignoring
    }

    private struct Contact: Sendable { var id: Int; var point: Point }
    private struct Sample: Sendable { var point: Point; var time: Double }

    private var state = State.idle
    private var contacts: [Contact] = []
    private var samples = [Sample](repeating: Sample(point: .zero, time: 0), count: 8)
    private var sampleCount = 0
    private var sampleHead = 0
    private var lastDragPoint = Point.zero
    private var wheelZoomRemainder = 0.0

    public init() { contacts.reserveCapacity(10) }

    public var isDragging: Bool { if case .dragging = state { true } else { false } }
    public var isPinching: Bool { if case .pinching = state { true } else { false } }

    /// When a finger held where it landed becomes a long press, on the events' clock; nil when
    /// no touch could become one. Nothing arrives from a resting finger, so the owner wakes by then.
    public var longPressDeadline: Double? {
        if case let .pressed(_, time) = state, contacts.count == 1 { time + longPressDuration } else { nil }
    }

    /// Time passed without an event, on the events' clock: a finger held still long enough
    /// becomes a long press now.
    public mutating func advance(to time: Double, emit: (Gesture) -> Void) {
        guard case let .pressed(start, downTime) = state, contacts.count == 1,
              time - downTime >= longPressDuration else { return }
        // The press is spent: whatever the finger does next, until it lifts, means nothing.
        state = .ignoring
        emit(.longPress(at: start))
    }

    public mutating func handle(_ event: InputEvent, emit: (Gesture) -> Void) {
        switch event {
        case let .pointerDown(id, p, t):
            contacts.removeAll { $0.id == id }
            contacts.append(Contact(id: id, point: p))
            pointerDown(at: p, time: t, emit: emit)
        case let .pointerMoved(id, p, t):
            guard let i = contacts.firstIndex(where: { $0.id == id }) else { return }
            contacts[i].point = p
            pointerMoved(index: i, to: p, time: t, emit: emit)
        case let .pointerUp(id, p, t):
            guard let i = contacts.firstIndex(where: { $0.id == id }) else { return }
            contacts[i].point = p
            pointerUp(index: i, at: p, time: t, cancelled: false, emit: emit)
        case let .pointerCancelled(id, t):
            guard let i = contacts.firstIndex(where: { $0.id == id }) else { return }
            pointerUp(index: i, at: contacts[i].point, time: t, cancelled: true, emit: emit)
        case let .wheel(dx, dy, zoom, point, _):
            if zoom {
                // Smooth wheels send fractions of a notch; one column change per full notch.
                wheelZoomRemainder += -dy
                let steps = Int(wheelZoomRemainder.rounded(.towardZero))
                if steps != 0 {
                    wheelZoomRemainder -= Double(steps)
                    emit(.zoomStep(steps, at: point))
                }
            } else {
                emit(.wheel(dx: dx, dy: dy))
            }
        }
    }

    private mutating func pointerDown(at p: Point, time t: Double, emit: (Gesture) -> Void) {
        switch state {
        case .idle:
            state = .pressed(start: p, time: t)
            resetSamples(at: p, time: t)
            emit(.touchDown(at: p))
        case .pressed, .dragging:
            guard contacts.count >= 2 else { return }
            if case .dragging = state { emit(.dragEnded(velocity: .zero)) }
            let (distance, center) = spread()
            state = .pinching(startDistance: max(distance, 1))
            emit(.pinchBegan(center: center))
        case .pinching, .ignoring:
            break
        }
    }

    private mutating func pointerMoved(index i: Int, to p: Point, time t: Double, emit: (Gesture) -> Void) {
        switch state {
        case let .pressed(start, _):
            guard start.distance(to: p) > touchSlop else { return }
            state = .dragging
            lastDragPoint = start
            emit(.dragBegan(at: start))
            fallthrough
        case .dragging:
            // Only the first finger drives a drag.
            guard i == 0 else { return }
            emit(.dragMoved(by: p - lastDragPoint, at: p))
            lastDragPoint = p
            addSample(p, t)
        case let .pinching(startDistance):
            guard contacts.count >= 2, i < 2 else { return }
            let (distance, center) = spread()
            emit(.pinchChanged(scale: distance / startDistance, center: center))
        case .idle, .ignoring:
            break
        }
    }

    private mutating func pointerUp(index i: Int, at p: Point, time t: Double, cancelled: Bool, emit: (Gesture) -> Void) {
        let wasPrimary = i == 0
        contacts.remove(at: i)
        switch state {
        case let .pressed(start, downTime):
            if !cancelled, contacts.isEmpty, start.distance(to: p) <= touchSlop {
                // A lift read before the owner's deadline came still ends the hold it ends.
                if t - downTime <= maximumTapDuration {
                    emit(.tap(at: start))
                } else if t - downTime >= longPressDuration {
                    emit(.longPress(at: start))
                }
            }
            if contacts.isEmpty { state = .idle }
        case .dragging:
            guard wasPrimary || contacts.isEmpty else { return }
            if wasPrimary, !cancelled { addSample(p, t) }
            emit(.dragEnded(velocity: cancelled ? .zero : releaseVelocity()))
            state = contacts.isEmpty ? .idle : .ignoring
        case let .pinching(startDistance):
            // Report the scale as it stood with both fingers down.
            var all = contacts
            all.insert(Contact(id: -1, point: p), at: min(i, all.count))
            let scale = Self.spread(of: all).distance / startDistance
            emit(.pinchEnded(scale: scale))
            state = contacts.isEmpty ? .idle : .ignoring
        case .ignoring:
            if contacts.isEmpty { state = .idle }
        case .idle:
            break
        }
    }

    private func spread() -> (distance: Double, center: Point) { Self.spread(of: contacts) }

    private static func spread(of contacts: [Contact]) -> (distance: Double, center: Point) {
        guard contacts.count >= 2 else { return (0, contacts.first?.point ?? .zero) }
        let a = contacts[0].point, b = contacts[1].point
        return (a.distance(to: b), Point(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2))
    }

    // MARK: Velocity from a small ring of recent samples (no allocation per event)

    private mutating func resetSamples(at p: Point, time t: Double) {
        sampleCount = 0
        sampleHead = 0
        addSample(p, t)
    }

    private mutating func addSample(_ p: Point, _ t: Double) {
        // Events are stamped when the loop reads them, so a slow frame hands over a burst with
        // one time: the burst is one sample, its last point, and the ring spans frames, not
        // events — else a burst longer than the ring leaves no time span to measure over.
        if sampleCount > 0 {
            let newest = (sampleHead - 1 + samples.count) % samples.count
            if samples[newest].time == t {
                samples[newest].point = p
                return
            }
        }
        samples[sampleHead] = Sample(point: p, time: t)
        sampleHead = (sampleHead + 1) % samples.count
        sampleCount = min(sampleCount + 1, samples.count)
    }

    private func releaseVelocity() -> Point {
        guard sampleCount >= 2 else { return .zero }
        let newest = samples[(sampleHead - 1 + samples.count) % samples.count]
        // The lift itself is the newest sample; a finger that rested before lifting has no other
        // sample inside the window, so it ends with no fling.
        var oldest = newest
        for k in 2...sampleCount {
            let s = samples[(sampleHead - k + samples.count) % samples.count]
            if newest.time - s.time > velocityWindow {
                // Frames slower than the window (a loaded kiosk at 8 fps) leave only the lift
                // inside it: the frame before still measures the flick. A finger that rested
                // has not moved since that sample, so it still ends without a fling.
                if oldest.time == newest.time, newest.time - s.time <= slowFrameWindow { oldest = s }
                break
            }
            oldest = s
        }
        let dt = newest.time - oldest.time
        guard dt > 0.001 else { return .zero }
        return Point(x: (newest.point.x - oldest.point.x) / dt, y: (newest.point.y - oldest.point.y) / dt)
    }
}

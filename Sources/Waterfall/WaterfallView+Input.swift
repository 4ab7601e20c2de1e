// Pointer, wheel and pinch input, turned into scrolling, selection and column changes by the
// gesture recognizer; and the clock that drives the view's animations.

extension WaterfallView {
    public func handle(_ event: InputEvent) {
        gestures.handle(event) { gesture in apply(gesture) }
    }

    /// When a finger held still on the wall becomes a long press, on the events' clock: the
    /// owner calls `holdGestures(until:)` by then, since a resting finger sends nothing.
    public var longPressDeadline: Double? { gestures.longPressDeadline }

    /// The events' clock has reached `time` with no event: a finger held still long enough is
    /// a long press on the tile under it.
    public func holdGestures(until time: Double) {
        gestures.advance(to: time) { gesture in apply(gesture) }
    }

    /// Advances animations to `time` (seconds, any origin). A long pause between frames is
    /// taken as one 1/10 s step so motion never jumps after a stall.
    public func advance(to time: Double) {
        defer { lastTime = time }
        guard let last = lastTime else { return }
        scroll.step(min(max(time - last, 0), 0.1))
    }

    /// The tile under a viewport point among those last drawn.
    public func drawnCellIndex(at point: Point) -> Int? {
        drawList.first { $0.frame.contains(point) }?.index
    }

    /// Exactly what a tap on tile `index` does.
    public func selectCell(at index: Int) {
        guard index >= 0, index < layout.count else { return }
        delegate?.waterfallView(self, didSelectCellAt: index)
    }

    private func apply(_ gesture: Gesture) {
        switch gesture {
        case .touchDown:
            touchCaughtFling = scroll.isCoasting
            if scroll.isAnimating { scroll.stop() }
        case .tap(let p):
            if touchCaughtFling { return }
            if let index = drawnCellIndex(at: p) { delegate?.waterfallView(self, didTapCellAt: index) }
        case .longPress(let p):
            // A finger that stopped a fling and stays is looking, not choosing.
            if touchCaughtFling { return }
            if let index = drawnCellIndex(at: p) { delegate?.waterfallView(self, didLongPressCellAt: index) }
        case .dragBegan:
            scroll.beginDrag()
        case .dragMoved(let d, _):
            scroll.drag(by: -axis.along(d))
        case .dragEnded(let v):
            scroll.endDrag(velocity: -axis.along(v))
        case .pinchBegan:
            pinchBaseColumns = layout.laneCount
        case .pinchChanged(let scale, let center):
            // Fingers twice as far apart → tiles twice as wide → half the columns.
            let target = (Double(pinchBaseColumns) / max(scale, 0.01)).rounded()
            let clamped = Int(target.clamped(to: Double(columnLimits.lowerBound)...Double(columnLimits.upperBound)))
            if clamped != layout.laneCount { setColumns(.fixed(clamped), holding: center) }
        case .pinchEnded:
            break
        case .wheel(let dx, let dy):
            // A sideways wall takes the plain wheel too: most mice have no other.
            scroll.scroll(by: axis == .vertical ? dy : dy + dx, animated: true)
        case let .zoomStep(steps, point):
            zoom(by: steps, holding: point)
        }
    }
}

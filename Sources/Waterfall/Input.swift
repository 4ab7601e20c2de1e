// Input as the core sees it: values with their own timestamps, produced by whatever owns the
// devices (SDL in the app, plain arrays in tests). Nothing here reads a clock.

/// What pressed: the mouse's primary button and every finger are pointers alike, so a drag
/// or tap means the same on a desktop, a kiosk touch screen and X11, Wayland or kmsdrm.
public enum InputEvent: Sendable, Equatable {
    case pointerDown(id: Int, at: Point, time: Double)
    case pointerMoved(id: Int, to: Point, time: Double)
    case pointerUp(id: Int, at: Point, time: Double)
    /// The system took the pointer away (window lost focus, touch cancelled).
    case pointerCancelled(id: Int, time: Double)
    /// Wheel travel in logical pixels (positive dy scrolls down the wall); `zoom` when a
    /// modifier (Ctrl) turns the wheel into a column change, which happens about `at`, the
    /// pointer's place in the window when the wheel turned (nil: unknown).
    case wheel(dx: Double, dy: Double, zoom: Bool, at: Point? = nil, time: Double)

    public var time: Double {
        switch self {
        case .pointerDown(_, _, let t), .pointerMoved(_, _, let t), .pointerUp(_, _, let t),
             .pointerCancelled(_, let t), .wheel(_, _, _, _, let t):
            t
        }
    }
}

/// What the input meant.
public enum Gesture: Sendable, Equatable {
    /// First contact: a running fling should stop now, before we know if this is a tap or a drag.
    case touchDown(at: Point)
    case tap(at: Point)
    /// A finger held where it landed (GestureRecognizer.longPressDuration); no tap follows it.
    case longPress(at: Point)
    case dragBegan(at: Point)
    /// Movement since the previous drag event (the first one includes the slop, so the content
    /// stays under the finger).
    case dragMoved(by: Point, at: Point)
    /// Release velocity in px/s; zero when the finger rested before lifting.
    case dragEnded(velocity: Point)
    case pinchBegan(center: Point)
    /// Cumulative scale since the pinch began (2 = fingers twice as far apart).
    case pinchChanged(scale: Double, center: Point)
    case pinchEnded(scale: Double)
    case wheel(dx: Double, dy: Double)
    /// Ctrl+wheel steps: positive = zoom in (bigger tiles, fewer columns), about the pointer.
    case zoomStep(Int, at: Point? = nil)
}

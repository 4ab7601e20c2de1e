import Waterfall

extension Window {
    /// How the picture is turned on the screen (`--rotate`); input is turned with it.
    public var rotation: ScreenRotation { renderer.rotation }

    /// Turns the picture, and the mouse and touch points with it. The wall must be laid out
    /// again for `size` afterwards (its sides swap at 90 and 270).
    public func rotate(_ rotation: ScreenRotation) throws {
        try renderer.rotate(rotation)
    }

    /// After a resize: the turned picture takes the window's new size (nothing when upright).
    public func fitRotation() throws {
        try renderer.fitRotatedTarget()
    }
}

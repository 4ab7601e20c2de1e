// The detail view's geometry: one photo fit to the screen, zoomed and panned the way imv, eog
// and Loupe do it.
//
// The state is the zoom and the photo point at the viewport's centre, in photo fractions
// (0…1 across each side) rather than pixels: that point is exactly what a resize must keep, it
// survives a viewport of size zero without dividing by it, and the frame follows from it.

/// A photo shown in a viewport: fit (zoom 1 = whole photo visible, centred, letterboxed),
/// zoomed about a point, panned. All in logical viewport coordinates.
public struct PhotoViewport: Sendable, Equatable {
    public static let maximumZoom = 8.0
    /// The displayed photo size (any unit; only its ratio matters). A size with a side that is
    /// zero, negative, not finite, or a ratio beyond Double's range is stored as 1×1: a photo
    /// whose header could not be read is shown square rather than not at all.
    public private(set) var photo: Size
    /// Sides that are negative or not finite are stored as 0: an empty frame, as for a
    /// minimised window.
    public private(set) var viewport: Size
    /// 1 = fit; always within 1...maximumZoom.
    public private(set) var zoom: Double = 1
    /// The photo point at the viewport's centre, as fractions of the photo's width and height.
    private var centre = Point(x: 0.5, y: 0.5)

    public init(photo: Size, viewport: Size) {
        self.photo = Self.sanitized(photo: photo)
        self.viewport = Self.sanitized(viewport: viewport)
    }

    /// Where the photo is drawn, viewport coordinates (may extend beyond the viewport when zoomed).
    public var frame: Rect {
        let size = displayedSize
        return Rect(x: viewport.width / 2 - centre.x * size.width,
                    y: viewport.height / 2 - centre.y * size.height,
                    width: size.width, height: size.height)
    }

    public var isZoomed: Bool { zoom > 1 + 1e-6 }

    /// Multiplies the zoom by `factor` keeping the photo point under `point` where it is (as a
    /// pinch or wheel at the pointer does); clamps zoom; re-clamps pan. A factor that is not a
    /// positive number is ignored; a point that is not finite counts as the viewport centre.
    public mutating func zoom(by factor: Double, around point: Point) {
        guard factor.isFinite, factor > 0 else { return }
        let anchor = point.x.isFinite && point.y.isFinite ? point : viewportCentre
        let before = displayedSize
        zoom = Self.clampedZoom(zoom * factor)
        let after = displayedSize
        // The photo fraction under the anchor, before and after, must be the same.
        let dx = anchor.x - viewport.width / 2, dy = anchor.y - viewport.height / 2
        if before.width > 0, after.width > 0 { centre.x += dx / before.width - dx / after.width }
        if before.height > 0, after.height > 0 { centre.y += dy / before.height - dy / after.height }
        clampCentre()
    }

    /// Sets the zoom about the viewport centre (clamped to 1...maximumZoom; NaN is ignored).
    public mutating func setZoom(_ zoom: Double) {
        guard !zoom.isNaN else { return }
        self.zoom = Self.clampedZoom(zoom)
        clampCentre()
    }

    /// Moves the photo by `delta` (a drag). Along an axis where the photo is larger than the viewport the
    /// photo may not leave a gap at either edge; along an axis where it is smaller it stays centred.
    /// A NaN component is ignored; an infinite one pans to that edge.
    public mutating func pan(by delta: Point) {
        let size = displayedSize
        if !delta.x.isNaN, size.width > 0 { centre.x -= delta.x / size.width }
        if !delta.y.isNaN, size.height > 0 { centre.y -= delta.y / size.height }
        clampCentre()
    }

    /// Keeps zoom and the photo point at the viewport centre (as far as the new size lets the
    /// photo stay without a gap).
    public mutating func resize(viewport: Size) {
        self.viewport = Self.sanitized(viewport: viewport)
        clampCentre()
    }

    /// Zoom 1, centred.
    public mutating func reset() {
        zoom = 1
        centre = Point(x: 0.5, y: 0.5)
    }

    /// Does `point` fall on the photo (for "tap on the background closes")? Half-open, like
    /// every frame in the core.
    public func contains(_ point: Point) -> Bool { frame.contains(point) }

    // MARK: Private

    private var viewportCentre: Point { Point(x: viewport.width / 2, y: viewport.height / 2) }

    /// The photo's size on screen at the current zoom. At zoom 1 the photo fits: one side equals
    /// the viewport's, the other is no larger. Each side is computed on its own (rather than one
    /// from the other through the ratio) so an extreme ratio cannot turn it into 0·∞.
    private var displayedSize: Size {
        let ratio = photo.width / photo.height
        let fitWidth = min(viewport.width, viewport.height * ratio)
        let fitHeight = min(viewport.height, viewport.width / ratio)
        return Size(width: fitWidth * zoom, height: fitHeight * zoom)
    }

    /// Along each axis: if the photo is larger than the viewport, no gap at either edge (a pan
    /// overshooting to ±∞ lands on the edge); if not, centred.
    private mutating func clampCentre() {
        // A minimised window shows nothing; keep the pan for when it comes back.
        guard !viewport.isEmpty else { return }
        let size = displayedSize
        centre.x = Self.clampedFraction(centre.x, photo: size.width, viewport: viewport.width)
        centre.y = Self.clampedFraction(centre.y, photo: size.height, viewport: viewport.height)
    }

    private static func clampedFraction(_ f: Double, photo: Double, viewport: Double) -> Double {
        guard photo > viewport, !f.isNaN else { return 0.5 }
        // The viewport's half-width, as a photo fraction, must fit between f and either edge.
        let half = viewport / (2 * photo)
        return min(max(f, half), 1 - half)
    }

    private static func clampedZoom(_ z: Double) -> Double {
        min(max(z, 1), maximumZoom)
    }

    private static func sanitized(photo: Size) -> Size {
        let ratio = photo.width / photo.height
        guard photo.width.isFinite, photo.height.isFinite, ratio.isFinite, ratio > 0 else {
            return Size(width: 1, height: 1)
        }
        return photo
    }

    /// Beyond any screen: caps a side so that `maximumZoom` times it stays finite.
    static let largestViewportSide = 1e12

    private static func sanitized(viewport: Size) -> Size {
        func side(_ v: Double) -> Double { v.isFinite && v > 0 ? min(v, largestViewportSide) : 0 }
        return Size(width: side(viewport.width), height: side(viewport.height))
    }
}

// The detail view's geometry: one photo fit to the screen, zoomed and panned the way imv, eog
// and Loupe do it.
//
// The state is the zoom and the photo point at the viewport's centre, in photo fractions
// (0…1 across each side) rather than pixels: that point is exactly what a resize must keep, it
// survives a viewport of size zero without dividing by it, and the frame follows from it.

/// A photo shown in a viewport: fit (zoom 1 = whole photo visible, centred, letterboxed),
/// zoomed about a point, panned. All in logical viewport coordinates.
///
/// When the photo's pixel size is known (`screenScale`), a photo smaller than the viewport rests
/// at its actual size — one photo pixel to one screen pixel — rather than blown up to fill it,
/// as nsxiv, imv and Loupe show it; zoom can go below that rest, down to a tenth of it, and 1:1
/// is always within reach, however large the photo.
public struct PhotoViewport: Sendable, Equatable {
    public static let maximumZoom = 8.0
    /// How far below its rest a photo can be made smaller.
    public static let smallestZoomOfRest = 0.1
    /// The displayed photo size (any unit; only its ratio matters). A size with a side that is
    /// zero, negative, not finite, or a ratio beyond Double's range is stored as 1×1: a photo
    /// whose header could not be read is shown square rather than not at all.
    public private(set) var photo: Size
    /// Sides that are negative or not finite are stored as 0: an empty frame, as for a
    /// minimised window.
    public private(set) var viewport: Size
    /// 1 = fit to the viewport; rests at `restingZoom`, within `zoomRange`.
    public private(set) var zoom: Double = 1
    /// The photo point at the viewport's centre, as fractions of the photo's width and height.
    private var centre = Point(x: 0.5, y: 0.5)
    /// Screen pixels per logical pixel, when `photo` is the photo's size in pixels; nil when it
    /// is only a shape (a header that could not be read): then the rest is the fit.
    public let screenScale: Double?
    /// What a resize keeps: the rest, 1:1, or the zoom as it is.
    private var held = Held.rest

    private enum Held: Sendable, Equatable { case rest, actualSize, zoom }

    public init(photo: Size, viewport: Size, screenScale: Double? = nil) {
        self.photo = Self.sanitized(photo: photo)
        self.viewport = Self.sanitized(viewport: viewport)
        self.screenScale = screenScale.flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
        zoom = restingZoom
    }

    /// The zoom of 1:1, one photo pixel to one screen pixel; nil without a known pixel size or
    /// a viewport to fit to.
    public var actualSizeZoom: Double? {
        guard let screenScale, viewport.width > 0, viewport.height > 0 else { return nil }
        let fit = min(viewport.width / photo.width, viewport.height / photo.height)
        let actual = 1 / (screenScale * fit)
        return actual.isFinite && actual > 0 ? actual : nil
    }

    /// Where the photo rests (opened, `0`, a new photo): the fit, or 1:1 for a smaller photo.
    public var restingZoom: Double { min(1, actualSizeZoom ?? 1) }

    public var zoomRange: ClosedRange<Double> {
        let rest = restingZoom
        return rest * Self.smallestZoomOfRest...max(Self.maximumZoom, actualSizeZoom ?? 0)
    }

    /// The zoom as a person reads it: 100 at 1:1; nil without a known pixel size.
    public var percent: Double? { actualSizeZoom.map { zoom / $0 * 100 } }

    /// 1:1, or back to the rest when already there (nsxiv's and imv's `=`, Loupe's `1`).
    public mutating func toggleActualSize() {
        guard let actual = actualSizeZoom, held != .actualSize, abs(zoom - actual) > 1e-9 else { return reset() }
        zoom = actual
        held = .actualSize
        clampCentre()
    }

    /// Where the photo is drawn, viewport coordinates (may extend beyond the viewport when zoomed).
    public var frame: Rect {
        let size = displayedSize
        return Rect(x: viewport.width / 2 - centre.x * size.width,
                    y: viewport.height / 2 - centre.y * size.height,
                    width: size.width, height: size.height)
    }

    /// Larger than its rest: a drag pans rather than swipes to the next photo.
    public var isZoomed: Bool { zoom > restingZoom + 1e-6 }

    /// Multiplies the zoom by `factor` keeping the photo point under `point` where it is (as a
    /// pinch or wheel at the pointer does); clamps zoom; re-clamps pan. A factor that is not a
    /// positive number is ignored; a point that is not finite counts as the viewport centre.
    public mutating func zoom(by factor: Double, around point: Point) {
        guard factor.isFinite, factor > 0 else { return }
        let anchor = point.x.isFinite && point.y.isFinite ? point : viewportCentre
        let before = displayedSize
        setHeld(zoom * factor)
        let after = displayedSize
        // The photo fraction under the anchor, before and after, must be the same.
        let dx = anchor.x - viewport.width / 2, dy = anchor.y - viewport.height / 2
        if before.width > 0, after.width > 0 { centre.x += dx / before.width - dx / after.width }
        if before.height > 0, after.height > 0 { centre.y += dy / before.height - dy / after.height }
        clampCentre()
    }

    /// Sets the zoom about the viewport centre (clamped to `zoomRange`; NaN is ignored).
    public mutating func setZoom(_ zoom: Double) {
        guard !zoom.isNaN else { return }
        setHeld(zoom)
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
    /// A photo at its rest or at 1:1 stays so (the rest of a larger window may be another zoom).
    public mutating func resize(viewport: Size) {
        self.viewport = Self.sanitized(viewport: viewport)
        switch held {
        case .rest: zoom = restingZoom
        case .actualSize: zoom = actualSizeZoom ?? restingZoom
        case .zoom: zoom = clamped(zoom)
        }
        clampCentre()
    }

    /// At rest, centred.
    public mutating func reset() {
        zoom = restingZoom
        held = .rest
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

    private func clamped(_ z: Double) -> Double {
        let range = zoomRange
        return min(max(z, range.lowerBound), range.upperBound)
    }

    /// A zoom asked for: clamped, and remembered as the rest or 1:1 when it lands there.
    private mutating func setHeld(_ z: Double) {
        zoom = clamped(z)
        if abs(zoom - restingZoom) < 1e-9 { held = .rest } else if let actual = actualSizeZoom, abs(zoom - actual) < 1e-9 {
            held = .actualSize
        } else {
            held = .zoom
        }
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

// Everything `cascade [PATH…]` is asked to do, as the executable parsed it.

import Photos

public struct ViewerOptions: Sendable {
    public enum Events: String, Sendable { case stdout, none }

    public var paths: [String] = []
    /// Logical size of the window; nil = 1280×800.
    public var geometry: (width: Int, height: Int)?
    public var fullscreen = false
    public var style = WallStyle()
    public var events = Events.none
    public var stats = false
    public var order: Photos.SortOrder = .name
    public var reversed = false
    public var textureBudgetBytes = 256 << 20
    public var maxPixels = PhotoDecoder.defaultMaxPixels
    public var thumbnailCache = true

    public init(paths: [String] = []) { self.paths = paths }

    public static let defaultSize = (width: 1280, height: 800)
}

/// What a tile shows in one frame.
public enum TileContent: Sendable {
    /// Pixels are on the way: a calm fill of the tile's final size, so nothing jumps later.
    case placeholder
    /// The photo, aspect-filled into the tile; `opacity` below 1 fades it in over the placeholder.
    case photo(TileTexture, opacity: Double = 1)
    /// The photo cannot be shown; `reason` says why in a few words ("corrupt JPEG data").
    case error(reason: String)
}

import Glibc
import Waterfall

extension TileImageLoader {
    /// A photo whose full decode shrinks it at least this many times (in pixels) is worth a
    /// first pass; a smaller one decodes about as fast as its preview would.
    static let previewWorthShrink = 16

    /// The first-pass picture for a tile (`PhotoDecoder.preview`), or nil when there is no point:
    /// a format without one, a photo small enough to decode outright, or a thumbnail in the
    /// cache (that is already the fast way). Throws `PhotoDecoder.noPreview` when the file
    /// has none, and what a decode throws.
    public func preview(path: PhotoPath, format: ImageFormat, orientation: Orientation,
                        storedSize: PixelSize?, tile: PixelSize) throws(DecodeError) -> DecodedImage? {
        guard [.jpeg, .heif, .avif].contains(format), let storedSize,
              storedSize.width * storedSize.height >= Self.previewWorthShrink * tile.width * tile.height else { return nil }
        if let size = Self.thumbnailSize(for: storedSize, orientation: orientation, tile: tile),
           ThumbnailSize.allCases.contains(where: { $0 >= size && cache.hasThumbnailFile(for: path, size: $0) }) {
            return nil
        }
        return try decoder.decode(PhotoDecodeRequest(path: path, format: format, orientation: orientation, storedSize: storedSize,
                                                     box: tile, mode: .fill, maxPixels: maxPixels, preview: true))
    }
}

extension ThumbnailCache {
    /// Whether a thumbnail file of `size` is there for `path`, without reading or checking it:
    /// a hint that the tile will come from the cache quickly (a stale one is redone anyway).
    func hasThumbnailFile(for path: PhotoPath, size: ThumbnailSize) -> Bool {
        guard let file = file(for: path, size: size) else { return false }
        return file.withCString { access($0, F_OK) == 0 }
    }
}

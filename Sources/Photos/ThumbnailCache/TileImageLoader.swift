import Waterfall

/// Gets the pixels for one wall tile, through the thumbnail cache: a valid thumbnail large
/// enough is scaled to the tile; otherwise the photo is decoded once at the matching
/// thumbnail size, the thumbnail is stored for next time (and for other programs), and the
/// tile is cut from it. Photos that cannot be decoded are recorded in the cache's fail
/// folder and not tried again until they change. Safe to call from any worker thread.
public struct TileImageLoader: Sendable {
    public let cache: ThumbnailCache
    public let maxPixels: Int
    /// Where photos are decoded: in worker processes (`DecoderPool`) for the app, so a crash or a
    /// hang in a C decoder fails — and records — only that photo.
    public let decoder: any PhotoDecoding
    /// The largest thumbnail this loader makes. A tile that needs more is decoded at its own
    /// size and stores this one on the way; larger thumbnails already there are still used.
    public let largestStored: ThumbnailSize

    public init(cache: ThumbnailCache, maxPixels: Int = PhotoDecoder.defaultMaxPixels,
                decoder: any PhotoDecoding = InProcessDecoder(), largestStored: ThumbnailSize = .xxLarge) {
        self.cache = cache
        self.maxPixels = maxPixels
        self.decoder = decoder
        self.largestStored = largestStored
        // Created on the main thread at start-up, before any worker decodes.
        LibrarySetup.ensure()
    }

    /// The tile's pixels: `tile` filled (centre-cropped), oriented as displayed.
    ///
    /// - Parameters:
    ///   - storedSize: the probed size before orientation; without it the cache is skipped.
    ///   - tile: the tile's size in pixels.
    public func load(path: PhotoPath, format: ImageFormat, orientation: Orientation = .up,
                     storedSize: PixelSize?, tile: PixelSize)
        throws(DecodeError) -> DecodedImage
    {
        let size = cache.isEnabled ? storedSize.flatMap { Self.thumbnailSize(for: $0, orientation: orientation, tile: tile) } : nil
        guard let size, let storedSize else {
            return try decoder.decode(PhotoDecodeRequest(path: path, format: format, orientation: orientation,
                                                         storedSize: storedSize, box: tile, mode: .fill, maxPixels: maxPixels))
        }
        // The spec: a file we may not read gets no thumbnail lookup either, so the cache
        // never shows what the file's permissions hide. Opening it proves we may read it,
        // and its stamp and (on a miss) its bytes then come from the same open file.
        let file = try DecodeInput.open(path)
        let stamp = FileStamp(file)
        let displayed = orientation.displayedSize(storedSize)
        let needed = Self.acceptableLongSide(displayed: displayed, tile: tile)

        for candidate in ThumbnailSize.allCases where candidate >= size {
            if let thumbnail = cache.lookup(path: path, stamp: stamp, size: candidate),
               max(thumbnail.width, thumbnail.height) >= needed {
                return PhotoDecoder.scale(thumbnail, box: tile, mode: .fill)
            }
        }
        if let reason = cache.failure(path: path, stamp: stamp) { throw .failedBefore(reason) }
        if size > largestStored {
            return try decodeTile(file, stamp: stamp, path: path, format: format, orientation: orientation,
                                  storedSize: storedSize, tile: tile)
        }
        let thumbnail = try makeThumbnail(file, stamp: stamp, path: path, format: format, orientation: orientation,
                                          storedSize: storedSize, size: size).image
        return PhotoDecoder.scale(thumbnail, box: tile, mode: .fill)
    }

    public enum WarmOutcome: Sendable, Equatable {
        /// A valid thumbnail of that size was already there.
        case valid
        case made
        /// Decoded, but the thumbnail could not be written (a read-only or full cache).
        case notStored
        /// The photo cannot be decoded (now, or recorded so earlier and unchanged since).
        case failed(String)
        /// Too large to decode with the memory here: not recorded, tried again on a later run.
        case tooLarge
    }

    /// Makes sure the cache holds a valid `size` thumbnail of the photo — `cascade cache warm`.
    public func warm(path: PhotoPath, format: ImageFormat, orientation: Orientation,
                     storedSize: PixelSize, size: ThumbnailSize) -> WarmOutcome {
        do {
            let file = try DecodeInput.open(path)
            let stamp = FileStamp(file)
            if cache.lookup(path: path, stamp: stamp, size: size) != nil { return .valid }
            if let reason = cache.failure(path: path, stamp: stamp) { return .failed(reason) }
            let made = try makeThumbnail(file, stamp: stamp, path: path, format: format, orientation: orientation,
                                         storedSize: storedSize, size: size)
            return made.stored ? .made : .notStored
        } catch .outOfMemory {
            return .tooLarge
        } catch {
            return .failed(error.reason)
        }
    }

    /// Decodes the photo once at the thumbnail size and stores it. `stored`: whether the
    /// thumbnail got written.
    private func makeThumbnail(_ file: SafeFile, stamp: FileStamp, path: PhotoPath, format: ImageFormat,
                               orientation: Orientation, storedSize: PixelSize,
                               size: ThumbnailSize) throws(DecodeError) -> (image: DecodedImage, stored: Bool) {
        let thumbnail = try decode(file, stamp: stamp, PhotoDecodeRequest(
            path: path, format: format, orientation: orientation, storedSize: storedSize,
            box: PixelSize(width: size.pixels, height: size.pixels), mode: .fit, maxPixels: maxPixels))
        let stored = cache.store(thumbnail, path: path, stamp: stamp, size: size,
                                 originalSize: storedSize, format: format)
        return (thumbnail, stored)
    }

    /// A tile larger than `largestStored` serves: the photo decoded whole at the size that fills
    /// the tile, the tile cut from it, and the `largestStored` thumbnail made from it too — one
    /// resample and one small encode, where a thumbnail of the next size up would cost a
    /// resample to it, its encode at four times the pixels, and a resample from it to the tile.
    private func decodeTile(_ file: SafeFile, stamp: FileStamp, path: PhotoPath, format: ImageFormat,
                            orientation: Orientation, storedSize: PixelSize,
                            tile: PixelSize) throws(DecodeError) -> DecodedImage {
        let displayed = orientation.displayedSize(storedSize)
        let side = min(Self.neededLongSide(displayed: displayed, tile: tile), max(displayed.width, displayed.height))
        let whole = try decode(file, stamp: stamp, PhotoDecodeRequest(
            path: path, format: format, orientation: orientation, storedSize: storedSize,
            box: PixelSize(width: side, height: side), mode: .fit, maxPixels: maxPixels))
        let box = PixelSize(width: largestStored.pixels, height: largestStored.pixels)
        cache.store(PhotoDecoder.scale(whole, box: box, mode: .fit), path: path, stamp: stamp, size: largestStored,
                    originalSize: storedSize, format: format)
        return PhotoDecoder.scale(whole, box: tile, mode: .fill)
    }

    /// Decodes through `decoder`; a failure caused by the file's content — a decoder worker
    /// crashing or timing out on it included — is recorded so the photo is not tried again
    /// until it changes.
    private func decode(_ file: SafeFile, stamp: FileStamp, _ request: PhotoDecodeRequest) throws(DecodeError) -> DecodedImage {
        do {
            return try decoder.decode(file, request)
        } catch {
            if error.isContentFailure {
                cache.recordFailure(path: request.path, stamp: stamp, reason: error.reason)
            }
            throw error
        }
    }

    /// A thumbnail may be up to this much smaller than the tile needs: stretched by at most
    /// 11 %, which no one sees on a photo, a 256-px "large" thumbnail serves the 262-px tiles of
    /// a 1920-px wall — instead of decoding and storing an x-large one at four times the pixels.
    static let upscaleTolerance = 0.9

    /// The smallest long side a thumbnail may have to serve this tile.
    static func acceptableLongSide(displayed: PixelSize, tile: PixelSize) -> Int {
        let needed = min(neededLongSide(displayed: displayed, tile: tile), max(displayed.width, displayed.height))
        return Int((Double(needed) * upscaleTolerance).rounded(.up))
    }

    /// The longer side of the photo scaled to fill the tile (before the crop).
    static func neededLongSide(displayed: PixelSize, tile: PixelSize) -> Int {
        let scale = max(Double(tile.width) / Double(max(1, displayed.width)),
                        Double(tile.height) / Double(max(1, displayed.height)))
        return Int((Double(max(displayed.width, displayed.height)) * scale).rounded(.up))
    }

    /// The cache folder whose thumbnails are big enough for this tile; nil when a tile
    /// needs more than xx-large (a panorama in a tall tile) and is decoded directly.
    static func thumbnailSize(for stored: PixelSize, orientation: Orientation,
                              tile: PixelSize) -> ThumbnailSize? {
        guard stored.width > 0, stored.height > 0 else { return nil }
        let displayed = orientation.displayedSize(stored)
        return ThumbnailSize.covering(acceptableLongSide(displayed: displayed, tile: tile))
    }
}

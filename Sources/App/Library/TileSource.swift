// Pixels for one tile of the wall, from any thread: an entry whose header could not be read
// is an error tile at once; everything else goes through the thumbnail cache and the scaled
// decoders.

import Foundation
import Photos
import Screen
import Waterfall

public struct TileSource: Sendable {
    public let loader: TileImageLoader
    /// Screen-sized copies of photos kept for when they cannot be read (a network folder away),
    /// and which photos get one; nil: none kept.
    public var offline: OfflineKeeping?

    /// - Parameter decoders: where the C decoders run; the app passes `.workerProcesses`
    ///   (see `DecoderIsolation`), tests that have no worker binary keep the default.
    /// - Parameter early: thumbnails read before the wall asked for them, if any.
    /// - Parameter largestStored: the largest thumbnail made (`TileImageLoader.largestStored`).
    /// - Parameter cacheEnvironment: where the thumbnail cache is (`ThumbnailCache.standard`).
    public init(thumbnailCache: Bool, maxPixels: Int, decoders: DecoderIsolation = .inProcess,
                early: EarlyThumbnails? = nil, largestStored: ThumbnailSize = .xxLarge,
                cacheEnvironment: [String: String] = ProcessInfo.processInfo.environment, offline: OfflineKeeping? = nil) {
        self.offline = offline
        var cache = ThumbnailCache.standard(enabled: thumbnailCache, environment: cacheEnvironment)
        if let early { cache = cache.reading(early) }
        loader = TileImageLoader(cache: cache, maxPixels: maxPixels,
                                 decoder: decoders.makeDecoder(maxPixels: maxPixels), largestStored: largestStored)
    }

    /// The photo of `entry` filling a box of `pixels` (centre-cropped) and laid on `matte` (the
    /// tile colour) where it is translucent, so it goes into an opaque tile texture; or the
    /// short reason it cannot be shown. With `enlarging`, a photo smaller than the box is
    /// enlarged to exactly the box, so the tile is drawn 1:1: for SDL's software renderer,
    /// which would otherwise scale it on the frame loop's thread at every frame. A GPU scales
    /// for free, and uploads the smaller image faster (llvmpipe too: BENCHMARKS.md, "The
    /// software renderer's frame").
    public func pixels(for entry: PhotoEntry, box pixels: PixelSize,
                       onto matte: Matte, enlarging: Bool) -> Result<DecodedImage, TileFailure> {
        guard let info = entry.info else { return .failure(Self.unreadable(entry)) }
        guard pixels.width > 0, pixels.height > 0 else { return .failure(TileFailure(reason: "tile too small")) }
        var image: DecodedImage
        do {
            image = try loader.load(path: entry.path, format: info.format, orientation: info.orientation,
                                    storedSize: info.storedSize, tile: pixels)
        } catch {
            // A network folder away: the copy the slideshow or the photo view kept, if any.
            guard case .success(let copy)? = offline?.copy(of: entry.path, box: pixels, mode: .fill, decoder: loader.decoder,
                                                           maxPixels: loader.maxPixels)
            else { return .failure(TileFailure(reason: error.reason)) }
            image = copy
        }
        image.flatten(onto: matte)
        return .success(enlarging ? image.enlarged(toFill: pixels) : image)
    }

    /// A tile's first pass (`TileImageLoader.preview`) made ready like its photo, or a failure
    /// whose reason nobody is told: the photo's own decode follows either way.
    public func preview(for entry: PhotoEntry, box pixels: PixelSize, onto matte: Matte,
                        enlarging: Bool) -> Result<DecodedImage, TileFailure> {
        guard let info = entry.info, pixels.width > 0, pixels.height > 0,
              var image = try? loader.preview(path: entry.path, format: info.format, orientation: info.orientation,
                                              storedSize: info.storedSize, tile: pixels)
        else { return .failure(TileFailure(reason: "no preview")) }
        image.flatten(onto: matte)
        return .success(enlarging ? image.enlarged(toFill: pixels) : image)
    }

    /// The whole photo of `entry` fitted inside `box` (the detail view and the slideshow),
    /// straight from the file: thumbnails are too small for a screen. A photo that cannot be read
    /// now but was shown before from a folder that keeps offline copies is shown from its copy.
    public func photo(for entry: PhotoEntry, fitting box: PixelSize) -> Result<DecodedImage, TileFailure> {
        let result = fromFile(entry, fitting: box)
        // Any photo with a copy: one was kept only for a photo in a network folder, which may be
        // unmounted now (and so no longer look like one).
        guard let offline else { return result }
        switch result {
        case .success: return result
        case .failure(let failure): return offline.copy(of: entry.path, box: box, decoder: loader.decoder, maxPixels: loader.maxPixels) ?? .failure(failure)
        }
    }

    private func fromFile(_ entry: PhotoEntry, fitting box: PixelSize) -> Result<DecodedImage, TileFailure> {
        guard let info = entry.info else { return .failure(Self.unreadable(entry)) }
        let request = PhotoDecodeRequest(path: entry.path, format: info.format, orientation: info.orientation,
                                         storedSize: info.storedSize, box: box,
                                         mode: .fit, maxPixels: loader.maxPixels)
        do throws(DecodeError) {
            let file = try SafeFile.openForDecoding(entry.path)
            do throws(DecodeError) {
                let image = try loader.decoder.decode(file, request)
                if let offline, offline.applies(entry.path) { offline.copies.keep(image, for: entry.path, stamp: FileStamp(file)) }
                return .success(image)
            } catch {
                // A decoder that died on this photo would die on it again at the wall's next
                // start: remember it, as a failed thumbnail is remembered.
                if case .decoderCrashed = error {
                    loader.cache.recordFailure(path: entry.path, stamp: FileStamp(file), reason: error.reason)
                }
                throw error
            }
        } catch {
            return .failure(TileFailure(reason: error.reason))
        }
    }

    /// A window of the frames of `entry`, an animated GIF, WebP or JPEG XL, fitted inside `box`.
    public func animation(for entry: PhotoEntry, fitting box: PixelSize, window: AnimationWindow) -> Result<AnimationChunk, TileFailure> {
        guard let info = entry.info else { return .failure(Self.unreadable(entry)) }
        let request = PhotoDecodeRequest(path: entry.path, format: info.format, orientation: info.orientation,
                                         storedSize: info.storedSize, box: box, mode: .fit, maxPixels: loader.maxPixels,
                                         animation: window)
        do throws(DecodeError) {
            return .success(try loader.decoder.decodeAnimation(SafeFile.openForDecoding(entry.path), request))
        } catch {
            return .failure(TileFailure(reason: error.reason))
        }
    }

    static func unreadable(_ entry: PhotoEntry) -> TileFailure {
        TileFailure(reason: entry.probeError?.description ?? "unreadable header")
    }
}

/// The decode jobs of render, the wall and the detail view: each gives a tile's pixels or
/// the one reason there are none. `Key` tells the caller which tile or photo a result is for.
public typealias TileJobs<Key: Hashable & Sendable> = KeyedDecodeScheduler<Key, DecodedImage, TileFailure>

extension TileTexture {
    /// Replaces the texture's content with a decoded photo.
    @MainActor
    func fill(with image: DecodedImage) throws {
        try image.pixels.withUnsafeBytes { bytes in
            try update(pixels: bytes, width: image.width, height: image.height, bytesPerRow: image.stride)
        }
    }
}

extension Matte {
    /// The matte of a screen colour; its alpha plays no part.
    init(_ colour: ScreenColor) {
        self.init(red: colour.red, green: colour.green, blue: colour.blue)
    }
}

/// Why a tile shows an error instead of its photo: a few words for the tile and the log.
public struct TileFailure: Error, Sendable, Equatable, CustomStringConvertible {
    public let reason: String
    public var description: String { reason }
}

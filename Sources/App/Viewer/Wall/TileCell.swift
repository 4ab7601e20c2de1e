// The wall's reusable cell: one texture of a size class, and what it currently shows. It
// outlives the tiles it serves — the pool hands it from a tile leaving the preload range to
// the next one of its class — so every decode it waits for carries its generation, and a
// result for an earlier tenant is dropped (the "wrong photo in a reused cell" bug).

import Photos
import Screen
import Waterfall

@MainActor
final class TileCell: WaterfallCell {
    enum State: Equatable {
        /// Back in the pool, or just dequeued.
        case idle
        case loading
        /// Showing the file's own small picture since `since` (fading in from there) while
        /// the photo decodes; the photo then takes its place without a second fade.
        case previewed(since: Double)
        /// Pixels are in the texture since `since` (seconds, frame-loop clock) — the fade-in
        /// runs from there. A tile that got its pixels while off screen shows at once.
        case shown(since: Double)
        case failed(String)
    }

    nonisolated let reuseIdentifier: ReuseIdentifier
    nonisolated let byteCost: Int
    /// Names the cell to the decode scheduler: tile indices shift when photos come and go,
    /// a cell's serial never does.
    let serial: Int
    /// Made when the first photo arrives, not when the cell is: the first frame shows a
    /// screenful of placeholders at once instead of waiting for a hundred texture allocations.
    private(set) var texture: TileTexture?
    private let sizeClass: TextureSizeClass
    var generation: UInt64 = 0
    var state = State.idle
    /// When the cell was given its current photo (frame-loop clock): a picture that comes
    /// within `WallScreen.instantArrival` of it is simply there, without a fade.
    var requestedAt = -Double.infinity

    init(serial: Int, sizeClass: TextureSizeClass) {
        self.serial = serial
        self.sizeClass = sizeClass
        reuseIdentifier = sizeClass.reuseIdentifier
        byteCost = sizeClass.byteCost
    }

    /// Puts a decoded photo in the texture, making the texture first if need be. The photo
    /// was flattened onto the tile colour (`TileSource`), so the texture is an opaque one.
    func fill(with image: DecodedImage, renderer: Renderer) throws {
        // A texture destroyed with its renderer (`Window.recreate`) is made anew.
        let kept = texture.flatMap { $0.isDestroyed ? nil : $0 }
        let texture = try kept ?? TileTexture(renderer: renderer, sizeClass: sizeClass, opaque: true)
        self.texture = texture
        try texture.fill(with: image)
    }

    var isSettled: Bool {
        switch state {
        case .shown, .failed: true
        case .idle, .loading, .previewed: false
        }
    }

    /// Waiting for its photo's decode (with or without a first pass on show).
    var isWaiting: Bool {
        switch state {
        case .loading, .previewed: true
        case .idle, .shown, .failed: false
        }
    }

    /// Something other than the placeholder is on show: a picture or the error.
    var hasPicture: Bool {
        switch state {
        case .previewed, .shown, .failed: true
        case .idle, .loading: false
        }
    }
}

// The detail view's animated GIF, WebP or JPEG XL: once the photo's still is in, its frames are
// asked for a window at a time (on a decode thread of their own, through the decode workers) and
// played in a texture of their own over the still, by the frames' delays. A still that the header
// calls animated costs one window of one frame, then nothing.

import Logging
import Photos
import Screen
import Waterfall

/// The animation jobs: a window of frames of the photo at an index of the detail view.
typealias AnimationDecodes = KeyedDecodeScheduler<DecodeKey, AnimationChunk, TileFailure>

@MainActor
final class DetailAnimation {
    private let decodes: AnimationDecodes
    private let source: TileSource
    private let renderer: Renderer
    private let log: Logger
    /// The screen the frames are for.
    private let screen: ScreenID
    /// The photo playing (or being asked about), its entry and the box its frames fit.
    private var photo: (index: Int, entry: PhotoEntry, box: PixelSize)?
    private var generation: UInt64 = 0
    private var player: AnimationPlayer?
    private var texture: TileTexture?

    init(decodes: AnimationDecodes, source: TileSource, renderer: Renderer, log: Logger, for screen: ScreenID) {
        self.screen = screen
        self.decodes = decodes
        self.source = source
        self.renderer = renderer
        self.log = log
    }

    /// Photos whose header says they move (a still GIF, WebP or JPEG XL is not decoded twice).
    static func mayMove(_ entry: PhotoEntry) -> Bool {
        entry.info.map { $0.isAnimated && [.gif, .webp, .jxl].contains($0.format) } ?? false
    }

    /// Plays photo `index` (its still is in), fitted to `box`; stops whatever played before.
    func start(index: Int, entry: PhotoEntry, box: PixelSize) {
        if let photo, photo.index == index, photo.entry.path == entry.path, photo.box == box { return }
        stop()
        guard Self.mayMove(entry), !box.isEmpty else { return }
        photo = (index, entry, box)
        ask(from: 0)
    }

    func stop() {
        if let photo { decodes.cancel(key: key(photo.index)) }
        photo = nil
        player = nil
        texture?.destroy()
        texture = nil
    }

    private func ask(from start: Int) {
        guard let photo else { return }
        generation += 1
        let source = self.source
        decodes.submit(key: key(photo.index), generation: generation, priority: Double(start)) { () throws(TileFailure) in
            try source.animation(for: photo.entry, fitting: photo.box, window: AnimationWindow(start: start)).get()
        }
    }

    private func key(_ index: Int) -> DecodeKey { DecodeKey(screen: screen, job: .frames(index)) }

    func accept(_ finished: AnimationDecodes.Finished, now: Double) {
        guard let photo, finished.key == key(photo.index), finished.generation == generation else { return }
        switch finished.result {
        case .failure(let failure):
            // The still stays; a broken animation is said once, as a still's problem is.
            log.warning("cannot play \(photo.entry.path): \(failure.reason)")
            player = nil
            texture?.destroy()
            texture = nil
        case .success(let chunk):
            if var player {
                player.accept(chunk)
                self.player = player
            } else if chunk.first == 0, !chunk.isStill, !chunk.frames.isEmpty {
                player = AnimationPlayer(first: chunk, now: now)
                show()
            }
        }
    }

    /// Moves the animation on to `now`; true when its picture changed (a frame to draw).
    func advance(to now: Double) -> Bool {
        guard var player else { return false }
        let changed = player.advance(to: now)
        let window = player.nextWindow()
        self.player = player
        if let window { ask(from: window) }
        if changed { show() }
        return changed
    }

    /// When the picture changes next; infinity when nothing plays.
    var nextChange: Double { player?.nextChange ?? .infinity }

    /// The frame on show, if photo `index` (at `path`) is playing.
    func picture(for index: Int, path: PhotoPath) -> TileTexture? {
        guard let photo, photo.index == index, photo.entry.path == path, player != nil else { return nil }
        return texture
    }

    private func show() {
        guard let image = player?.image else { return }
        do {
            // Made again when destroyed with its renderer (`Window.recreate`), or too small.
            if texture == nil || texture!.isDestroyed || texture!.capacity.width < image.width || texture!.capacity.height < image.height {
                texture?.destroy()
                texture = try TileTexture(renderer: renderer, capacity: PixelSize(width: image.width, height: image.height))
            }
            try texture!.fill(with: image)
        } catch {
            log.warning("cannot show a frame of \(photo?.entry.path.description ?? "?"): \(error)")
            player = nil
        }
    }
}

// `cascade render`: a folder's whole wall (or its first H pixels) drawn into a PNG through
// SDL's software renderer — no window, no display — with every tile decoded, plus a JSON
// manifest of where each tile is. A horizontal wall is the same picture turned: its height is
// given and its rows share it, and its length is the PNG's width.

import Dispatch
import Foundation
import Logging
import Photos
import Screen
import Waterfall

public struct RenderJob: Sendable {
    public var paths: [String]
    /// A vertical wall's width (required); a horizontal one's first W pixels (default: all of it).
    public var width: Int?
    /// A vertical wall's first H pixels (default: all of it); a horizontal one's height (required).
    public var height: Int?
    public var style = WallStyle()
    public var order: Photos.SortOrder = .name
    public var reversed = false
    public var maxPixels = PhotoDecoder.defaultMaxPixels
    public var thumbnailCache = true
    /// Where the thumbnail cache is (`XDG_CACHE_HOME`, else `HOME`): the process's own, unless a
    /// caller that renders beside others in one process (a test) names a folder of its own.
    public var cacheEnvironment = ProcessInfo.processInfo.environment
    public var decoders = DecoderIsolation.inProcess
    public var output: String
    public var manifest: String?

    /// Sides to be given (`width`, `height`) for the style's axis.
    public init(paths: [String], output: String) {
        self.paths = paths; self.output = output
    }

    /// A vertical wall `width` wide.
    public init(paths: [String], width: Int, output: String) {
        self.paths = paths; self.width = width; self.output = output
    }

    /// A horizontal wall `height` high, in rows.
    public init(paths: [String], height: Int, output: String) {
        self.paths = paths; self.height = height; self.output = output
        style.axis = .horizontal
    }

    /// The side the wall's lanes share: its width, or its height when horizontal.
    var breadth: Int? { style.axis == .vertical ? width : height }
    /// How much of the wall's length to draw: its first H (vertical) or W (horizontal) pixels.
    var crop: Int? { style.axis == .vertical ? height : width }
}

public struct RenderSummary: Sendable {
    public var tiles: Int
    public var errors: Int
    public var width: Int
    public var height: Int
}

@MainActor
public enum WallRender {
    public static func run(_ job: RenderJob, log: Logger = Log.shared) throws -> RenderSummary {
        // The command line has checked these against the same table; a job built elsewhere is too.
        let axis = job.style.axis
        guard let breadth = job.breadth else {
            throw CommandError(description: axis == .vertical
                ? "a vertical wall needs --width: the wall's width, which its columns share"
                : "a horizontal wall needs --height: the wall's height, which its rows share")
        }
        do throws(LimitError) {
            if let w = job.width { _ = try Limits.renderWidth.check(w) }
            if let h = job.height { _ = try Limits.renderHeight.check(h) }
            _ = try Limits.maxPixels.check(job.maxPixels)
            for margin in MarginType.allCases.map({ job.style.margins[$0] }) { _ = try Limits.margin.check(margin) }
        } catch {
            throw CommandError(description: error.message)
        }
        try checkWritable(job.output)
        if let manifest = job.manifest { try checkWritable(manifest) }

        let clock = ProcessInfo.processInfo
        let started = clock.systemUptime
        let entries = try scan(job, log: log)
        log.debug("scanned \(entries.count) photos in \(Int((clock.systemUptime - started) * 1000)) ms")
        // The font decides the layout (a caption strip or none), so find it once, before both.
        let font = job.style.captions ? FontLocator.locate() : nil
        let captionHeight = font != nil ? TileDrawer.captionStripHeight : 0
        var sections = WallSections(headingHeight: TileDrawer.headingHeight)
        sections.show(entries, newestFirst: WallSections.newestFirst(in: (job.order, job.reversed)))
        let plan = WallPlan(entries: entries, breadth: Double(breadth), style: job.style, captionHeight: captionHeight,
                            sections: sections.breaks)
        // A wall longer than any canvas asks for Int32.max pixels, which the canvas refuses by name.
        let wallLength = plan.layout.contentLength.rounded(.up)
        let length = job.crop ?? (wallLength < Double(Int32.max) ? max(1, Int(wallLength)) : Int(Int32.max))
        let size = axis == .vertical ? PixelSize(width: breadth, height: length) : PixelSize(width: length, height: breadth)
        // The PNG's width stays in --width's range whichever way the wall runs (a vertical wall's
        // was checked above); a longer wall is drawn in part, by choice.
        if axis == .horizontal, job.width == nil, !Limits.renderWidth.range.contains(length) {
            throw CommandError(description: "the wall is \(length) pixels wide; render draws at most \(Limits.renderWidth.range.upperBound): "
                               + "give --width to draw its first W pixels")
        }
        let (width, height) = (size.width, size.height)

        let canvas = try OffscreenCanvas(size: size, maximumBytes: Limits.renderPixels * 4)
        let drawer = TileDrawer(renderer: canvas.renderer, fontPath: font)
        let picture = Rect(x: 0, y: 0, width: Double(width), height: Double(height))
        let shown = plan.layout.indices(in: picture)
        let headings = Array(plan.layout.sections(in: picture))
        // Thumbnails up to x-large, the size a screen's wall mostly asks for. A wider tile (two or
        // three columns on 1920 px) is cut from its own decode: an xx-large thumbnail would cost
        // a resample to 1024 px, its encode at four times the pixels and a resample to the tile
        // (paired, 2 columns: 0.94x the wall time). The viewer stores xx-large where it needs it.
        let source = TileSource(thumbnailCache: job.thumbnailCache, maxPixels: job.maxPixels, decoders: job.decoders,
                                largestStored: .xLarge, cacheEnvironment: job.cacheEnvironment)
        let textures = TexturePool(renderer: canvas.renderer)
        var failures: [Int: String] = [:]
        var partials: [Int: String] = [:]
        // The wall's PNG is deflated here as its rows are settled, while the workers decode the
        // tiles below; only the rows of the last tiles wait for the last tile.
        let png = try canvas.pngWriter()
        var settled = SettledRows(tops: shown.map { drawer.pixelRect(for: plan.layout.frame(at: $0)).y }, height: height)

        // The background is filled once the first decodes are under way: on a tall wall that is
        // a fifth of a second of faulting in and filling a canvas of hundreds of megabytes.
        try decodeAndDraw(shown, plan: plan, source: source, matte: Matte(drawer.theme.placeholder),
                          scale: canvas.scale, meanwhile: {
            // Headings with the background: rows are written out as the tiles beside them settle.
            drawer.clearBackground()
            for k in headings { drawer.drawHeading(sections.sections[k].label, in: plan.layout.headingFrame(ofSection: k)) }
        }) { position, result in
            let index = shown[position]
            let rect = plan.layout.frame(at: index)
            switch result {
            case .success(let image):
                if let reason = image.partial {
                    partials[index] = reason
                    log.warning("showing part of \(plan.entries[index].path): \(reason)")
                }
                let texture = try textures.texture(holding: image)
                drawer.draw(.photo(texture), in: rect, caption: plan.caption(at: index))
                if plan.entries[index].info?.isAnimated == true { drawer.drawMotionMark(in: plan.photoRect(at: index)) }
                textures.giveBack(texture)
            case .failure(let failure):
                failures[index] = failure.reason
                log.warning("cannot show \(plan.entries[index].path): \(failure.reason)")
                drawer.draw(.error(reason: failure.reason), in: rect, caption: plan.caption(at: index))
            }
            settled.markDrawn(position)
            do { try png.add(rowsAbove: settled.rows) } catch { throw CommandError(description: "cannot write \(job.output): \(error)") }
        }
        log.debug("decoded and drew \(shown.count) tiles at \(Int((clock.systemUptime - started) * 1000)) ms")
        defer { log.debug("saved at \(Int((clock.systemUptime - started) * 1000)) ms") }
        do { try png.finish(to: job.output) } catch { throw CommandError(description: "cannot write \(job.output): \(error)") }
        if let path = job.manifest {
            let manifest = makeManifest(plan: plan, size: size, shown: shown, failures: failures, partials: partials,
                                        sections: sections.newestFirst == nil ? nil : headings.map { (sections.sections[$0], $0) })
            try writeJSON(manifest, to: path)
        }
        return RenderSummary(tiles: shown.count, errors: failures.count, width: width, height: height)
    }

    static func scan(_ job: RenderJob, log: Logger) throws -> [PhotoEntry] {
        let choice = try PhotoSources.choose(arguments: job.paths)
        let scanner = PhotoScanner(order: job.order, reversed: job.reversed, depth: choice.depth)
        let result: ScanResult
        do { result = try scanner.scan(choice.paths) } catch { throw CommandError(description: "\(error)") }
        for issue in result.issues { log.warning("skipped \(issue)") }
        return result.entries
    }

    /// Decodes the tiles on every core and hands each result to `draw` on this thread as it
    /// arrives, with the tile's position in `shown`; `meanwhile` runs here once the first
    /// decodes are sent. A sliding window of jobs keeps the workers busy (one slow photo never idles
    /// the others, as fixed batches would) while only a few dozen decoded tiles exist at once.
    static func decodeAndDraw(_ shown: [Int], plan: WallPlan, source: TileSource, matte: Matte, scale: Double,
                              meanwhile: () -> Void, draw: (Int, Result<DecodedImage, TileFailure>) throws -> Void) throws {
        let wake = DispatchSemaphore(value: 0)
        let scheduler = TileJobs<Int> { wake.signal() }
        defer { scheduler.shutdown() }
        let window = scheduler.workerCount * 4
        var submitted = 0, drawn = 0
        func submitMore() {
            while submitted < shown.count, submitted - drawn < window {
                let entry = plan.entries[shown[submitted]]
                let px = PixelRect(snapping: plan.photoRect(at: shown[submitted]), scale: scale)
                let box = px.size
                scheduler.submit(key: submitted, generation: 0, priority: Double(submitted)) { () throws(TileFailure) in
                    try source.pixels(for: entry, box: box, onto: matte, enlarging: true).get()
                }
                submitted += 1
            }
        }
        submitMore()
        meanwhile()
        while drawn < shown.count {
            wake.wait()
            for finished in scheduler.drain(max: window) {
                try draw(finished.key, finished.result)
                drawn += 1
            }
            submitMore()
        }
    }

    static func makeManifest(plan: WallPlan, size: PixelSize, shown: [Int], failures: [Int: String],
                             partials: [Int: String], sections: [(DateSection, heading: Int)]? = nil) -> WallManifest {
        let tiles = shown.map { index -> WallManifest.Tile in
            let entry = plan.entries[index]
            return WallManifest.Tile(
                index: index, path: entry.path.string, uri: entry.path.uri,
                rect: .init(plan.layout.frame(at: index)),
                status: failures[index] != nil ? "error" : partials[index] != nil ? "partial" : "ok",
                error: failures[index] ?? partials[index],
                size: entry.info.map { .init(w: $0.displayedWidth, h: $0.displayedHeight) },
                orientation: entry.info?.orientation.rawValue)
        }
        let listed = sections?.map { section, k in
            WallManifest.Section(label: section.label, count: section.photos.count, first: section.photos.lowerBound,
                                 rect: .init(plan.layout.headingFrame(ofSection: k)))
        }
        return WallManifest(layout: plan.layout, size: size, tiles: tiles, sections: listed)
    }

    static func writeJSON(_ manifest: WallManifest, to path: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        do {
            try encoder.encode(manifest).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw CommandError(description: "cannot write \(path): \(error.localizedDescription)")
        }
    }

    /// Fails before any decoding when the output cannot be written — a wall of a thousand photos
    /// should not be drawn only to be thrown away.
    static func checkWritable(_ path: String) throws {
        let folder = (path as NSString).deletingLastPathComponent
        let dir = folder.isEmpty ? "." : folder
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: dir, isDirectory: &isDir), isDir.boolValue else {
            throw CommandError(description: "cannot write \(path): no such folder \(dir)")
        }
        guard access(dir, W_OK) == 0 else { throw CommandError(description: "cannot write \(path): folder \(dir) is not writable") }
    }
}

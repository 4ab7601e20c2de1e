// What the viewer tests share: a folder of solid-colour photos (one colour per photo, so a
// pixel read back says which photo a tile shows) and a wall drawn into an offscreen canvas
// with real decoding on worker threads.

import Dispatch
import Foundation
import Control
import Logging
@testable import App
import Photos
import Screen
import Waterfall
@testable import TestSupport

/// Saturated colours spread around the hue circle: far from each other and from the wall's greys.
func distinctColours(_ count: Int) -> [ScreenColor] {
    (0..<count).map { i in
        let hue = Double(i) / Double(count) * 6
        let chroma = 0.85 * 0.9, value = 0.9
        let x = chroma * (1 - abs(hue.truncatingRemainder(dividingBy: 2) - 1))
        let (r, g, b): (Double, Double, Double) = switch Int(hue) {
        case 0: (chroma, x, 0)
        case 1: (x, chroma, 0)
        case 2: (0, chroma, x)
        case 3: (0, x, chroma)
        case 4: (x, 0, chroma)
        default: (chroma, 0, x)
        }
        let m = value - chroma
        func byte(_ v: Double) -> UInt8 { UInt8(((v + m) * 255).rounded()) }
        return ScreenColor(red: byte(r), green: byte(g), blue: byte(b))
    }
}

/// Solid-colour PNG photos of varied aspect ratios, scanned as the viewer scans them.
final class ColourLibrary {
    struct Photo {
        let name: String
        let width: Int
        let height: Int
        let colour: ScreenColor
    }

    let folder: PhotoFolder
    let photos: [Photo]
    let entries: [PhotoEntry]

    /// Height over width of the photos, in turn: landscape, portrait and square, so the wall
    /// has tiles of several size classes and each class recurs down the wall.
    static let ratios = [0.5, 1.5, 1.0, 0.75, 2.0, 1.25]

    init(count: Int, width: Int = 96) throws {
        folder = try PhotoFolder()
        let colours = distinctColours(count)
        photos = (0..<count).map { i in
            Photo(name: String(format: "p%02d.png", i), width: width,
                  height: Int((Double(width) * Self.ratios[i % Self.ratios.count]).rounded()), colour: colours[i])
        }
        try Self.make(photos, in: folder.path)
        entries = try PhotoScanner().scan([PhotoPath(folder.path)]).entries
        guard entries.map(\.relative.string) == photos.map(\.name) else {
            throw CocoaError(.fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey: "scan found \(entries.map(\.relative.string))"])
        }
    }

    func colour(of index: Int) -> ScreenColor { photos[index].colour }

    /// All photos with one ImageMagick run (one process per photo would cost seconds).
    private static func make(_ photos: [Photo], in folder: String) throws {
        var arguments: [String] = []
        for (i, photo) in photos.enumerated() {
            arguments += ["-size", "\(photo.width)x\(photo.height)", "xc:\(photo.colour)"]
            arguments += i == photos.count - 1 ? [folder + "/" + photo.name] : ["-write", folder + "/" + photo.name, "+delete"]
        }
        try magick(arguments)
    }
}

/// A wall of photos drawn into memory exactly as the window draws it, with the session's
/// frame steps — layout, finished decodes, draw — taken one by one by the test.
@MainActor
final class WallHarness {
    let canvas: OffscreenCanvas
    let drawer: TileDrawer
    let decodes: WallScreen.Decodes
    let wall: WallScreen
    let library: ColourLibrary
    /// Seconds on the frame loop's clock; the test moves it.
    var clock = 100.0
    /// Signalled once per finished decode, from the worker.
    private let finished = DispatchSemaphore(value: 0)
    static let size = Size(width: 400, height: 300)
    static let margin = 8.0

    init(_ library: ColourLibrary, columns: Int = 3, size: Size = WallHarness.size, scale: Double = 1,
         showing: Bool = true) throws {
        self.library = library
        canvas = try OffscreenCanvas(logicalSize: size, scale: scale)
        // No font: no caption or error text textures, so the renderer's texture count is tiles only.
        drawer = TileDrawer(renderer: canvas.renderer, fontPath: nil)
        let signal = finished
        decodes = WallScreen.Decodes(workers: 2) { signal.signal() }
        wall = WallScreen(drawer: drawer, viewportSize: size,
                          style: WallStyle(columns: .fixed(columns), margins: Margins(all: Self.margin), captions: false),
                          source: TileSource(thumbnailCache: false, maxPixels: PhotoDecoder.defaultMaxPixels),
                          decodes: decodes, textureBudgetBytes: 256 << 20, log: Logger(label: "cascade.tests"))
        if showing { wall.show(library.entries) }
    }

    var view: WaterfallView<TileCell> { wall.view }
    var renderer: Renderer { canvas.renderer }
    var maxOffset: Double { max(0, view.contentLength - view.viewportSize.height) }

    /// The frame loop's layout step at the current clock.
    func layout() { wall.layout(now: clock) }

    /// Moves the clock by `seconds` in display-refresh steps, laying out each frame as the
    /// loop does; returns when the wall stops moving (or after `seconds`).
    @discardableResult
    func run(for seconds: Double, untilStill: Bool = false) -> Double {
        let step = 1.0 / 60
        var elapsed = 0.0
        while elapsed < seconds {
            clock += step
            elapsed += step
            layout()
            if untilStill && !view.isAnimating { break }
        }
        return elapsed
    }

    /// Hands every decode already finished to the wall, without waiting.
    @discardableResult
    func deliverFinished() -> Int {
        let results = decodes.drain(max: 1000)
        for result in results { wall.accept(result, now: clock) }
        return results.count
    }

    /// Waits (at most `timeout` seconds in all) until every tile on screen shows its photo or
    /// its error. False on timeout. `timeout` only bounds a hang: it returns as soon as the
    /// screen is settled. While it waits it does what the frame loop does between frames — lays
    /// the wall out again (a tile whose decode was dropped asks again) and lets the main queue
    /// run — rather than holding the main thread for the whole wait.
    func settleScreen(timeout: Double = 60) -> Bool {
        let deadline = DispatchTime.now() + timeout
        while true {
            deliverFinished()
            if wall.isScreenSettled { return true }
            if DispatchTime.now() >= deadline { return false }
            if finished.wait(timeout: .now() + 0.05) == .timedOut {
                layout()
                RunLoop.main.run(until: Date(timeIntervalSinceNow: 0.001))
            }
        }
    }

    /// Draws the frame with every fade-in finished.
    func draw() {
        wall.draw(now: clock + 10)
        renderer.flush()
    }

    /// The colour at a point of the window (logical pixels).
    func colour(at point: Point) -> ScreenColor? {
        canvas.pixel(atX: Int(point.x * canvas.scale), y: Int(point.y * canvas.scale))
    }

    /// A point well inside the visible part of a drawn tile, or nil for a sliver too thin to
    /// read a clean colour from.
    func visibleCentre(of frame: Rect) -> Point? {
        let top = max(frame.minY, 0), bottom = min(frame.maxY, view.viewportSize.height)
        guard bottom - top >= 6 else { return nil }
        return Point(x: frame.midX, y: (top + bottom) / 2)
    }

    /// For each tile drawn whose visible part is big enough: its index and the colour at its centre.
    func drawnColours() -> [(index: Int, colour: ScreenColor)] {
        view.drawList.compactMap { item in
            visibleCentre(of: item.frame).flatMap { point in colour(at: point).map { (item.index, $0) } }
        }
    }

    /// The drawn tile with this index, if it is on screen.
    func drawn(_ index: Int) -> DrawItem<TileCell>? {
        view.drawList.first { $0.index == index }
    }
}

extension ScreenColor {
    /// The same colour within what scaling and PNG rounding may change.
    func matches(_ other: ScreenColor, tolerance: Int = 12) -> Bool { distance(to: other) <= tolerance }
}

/// A stack of one for a screen tested alone: it records the commands the screen's gestures
/// issue and whether it asked to be dismissed, and performs nothing.
@MainActor
final class RecordingHost: ScreenHost {
    let clock: any SceneClock
    let parts: ScreenParts
    var options = ViewerOptions()
    var roots: [PhotoPath] = []
    var pointer: Point?
    var shiftHeld = false
    var windowVisible = true
    var windowSize: Size
    private(set) var commands: [Command] = []
    private(set) var dismissed = 0
    /// The screens pushed over the one tested, in turn.
    private(set) var pushed: [any ViewerScreen] = []
    private(set) var events: [ViewerEvent] = []
    /// The tiles selected (a tap's command).
    var selected: [Int] { commands.compactMap { if case .select(let index) = $0 { index } else { nil } } }

    init(drawer: TileDrawer, decodes: ViewerDecodes, size: Size, clock: any SceneClock = ManualClock()) {
        self.clock = clock
        windowSize = size
        parts = ScreenParts(drawer: drawer, decodes: decodes, animations: AnimationDecodes(workers: 1) {},
                            source: TileSource(thumbnailCache: false, maxPixels: PhotoDecoder.defaultMaxPixels),
                            log: Logger(label: "cascade.tests"))
    }

    func perform(_ command: Command, from origin: CommandOrigin) -> Result<JSONValue, ControlError> {
        commands.append(command)
        return .success(.null)
    }

    func emit(_ event: ViewerEvent) { events.append(event) }
    func runOnSelect(_ path: PhotoPath, index: Int) {}
    func push(_ screen: any ViewerScreen) {
        screen.host = self
        pushed.append(screen)
    }
    func dismiss(_ screen: any ViewerScreen) { dismissed += 1 }
    func titleChanged() {}
    func fetchOriginal(of path: PhotoPath) -> Bool { false }
    func fetchedOriginals() -> [(path: PhotoPath, result: Result<PhotoPath, TileFailure>)] { [] }
}

/// The old session's view of the stack, for tests that look at the photo open over the wall.
extension ViewerSession {
    var detail: DetailScreen? { stack.top as? DetailScreen }
    var openIndex: Int? { detail.flatMap(wall.openIndex(of:)) }
    var detailRehomePending: Bool { detail?.rehomePending ?? false }
}

import CSDL2
import Dispatch
import Foundation
import Logging
import Testing
@testable import App
import Photos
@testable import Screen
import Waterfall
@testable import TestSupport

/// One photo fit to the window: decoded at the window's size, stepped through, closed by a
/// tap beside it, zoomed and panned — checked on the pixels drawn.
@Suite("the detail view", .serialized)
@MainActor
struct DetailScreenTests {
    static let size = Size(width: 800, height: 600)
    let folder: PhotoFolder
    let entries: [PhotoEntry]
    /// Photo 0 is 3000 × 2000, left half `left`, right half `right`.
    let left = ScreenColor(rgb: 0xD03030), right = ScreenColor(rgb: 0x3050D0)
    /// Photo 1 is portrait, photo 2 square.
    let second = ScreenColor(rgb: 0x30A040), third = ScreenColor(rgb: 0xE0C020)

    let canvas: OffscreenCanvas
    let drawer: TileDrawer
    let decodes: WallScreen.Decodes
    private let finished = DispatchSemaphore(value: 0)
    /// Every decoded image the detail view got, by photo index, in arrival order.
    private let decoded = Decoded()
    private final class Decoded { var sizes: [Int: [PixelSize]] = [:] }

    init() throws {
        folder = try PhotoFolder()
        try magick(["-size", "3000x2000", "xc:\(left)", "-fill", "\(right)", "-draw", "rectangle 1500,0 2999,1999",
                    "-write", folder.path + "/a.png", "+delete",
                    "-size", "1000x1500", "xc:\(second)", "-write", folder.path + "/b.png", "+delete",
                    "-size", "700x700", "xc:\(third)", folder.path + "/c.png"])
        entries = try PhotoScanner().scan([PhotoPath(folder.path)]).entries
        canvas = try OffscreenCanvas(logicalSize: Self.size)
        drawer = TileDrawer(renderer: canvas.renderer, fontPath: nil)
        let signal = finished
        decodes = WallScreen.Decodes(workers: 2) { signal.signal() }
    }

    private func open(_ index: Int) -> DetailScreen {
        DetailScreen(drawer: drawer, entries: entries, index: index, viewportSize: Self.size, decodes: decodes,
                     source: TileSource(thumbnailCache: false, maxPixels: PhotoDecoder.defaultMaxPixels),
                     log: Logger(label: "cascade.tests"))
    }

    /// Hands finished decodes to the screen until photo `index` has arrived. The deadline only
    /// stops a hung run: under AddressSanitizer on a busy machine a 6-MP decode took over 10 s.
    private func waitForPhoto(_ index: Int, on screen: DetailScreen) throws {
        let deadline = DispatchTime.now() + 120
        while decoded.sizes[index] == nil {
            for result in decodes.drain(max: 10) {
                if case .detail(let i) = result.key.job, case .success(let image) = result.result {
                    decoded.sizes[i, default: []].append(PixelSize(width: image.width, height: image.height))
                }
                screen.accept(result, now: 0)
            }
            if decoded.sizes[index] != nil { break }
            try #require(finished.wait(timeout: deadline) == .success, "photo \(index) was never decoded")
        }
    }

    private func draw(_ screen: DetailScreen) {
        screen.draw(now: 10)
        canvas.renderer.flush()
    }

    private func colour(_ x: Double, _ y: Double) -> ScreenColor? { canvas.pixel(atX: Int(x), y: Int(y)) }

    @Test("a marked photo carries the badge in its corner, an unmarked one does not")
    func markedPhotoShowsTheBadge() throws {
        let screen = open(2)
        defer { screen.close() }
        try waitForPhoto(2, on: screen)
        let disc = try #require(drawer.markBadgeDisc(in: screen.viewport.frame))
        let point = (disc.centre.x, disc.centre.y - disc.radius / 2)
        draw(screen)
        #expect(colour(point.0, point.1)?.matches(third) == true, "no mark, no badge")
        screen.isMarked = { $0 == self.entries[2].path }
        draw(screen)
        #expect(colour(point.0, point.1)?.matches(drawer.theme.highlight) == true, "the badge is on the photo")
    }

    @Test("a 3000 × 2000 photo is decoded at the window's size and drawn fit, letterboxed, in its colours")
    func photoFitsTheWindow() throws {
        #expect(entries.count == 3)
        let screen = open(0)
        defer { screen.close() }
        try waitForPhoto(0, on: screen)
        let size = try #require(decoded.sizes[0]?.first)
        #expect(size.width <= 800 && size.height <= 600, "decoded at \(size), not at the photo's 6 MP")
        #expect(size.width == 800 && abs(size.height - 533) <= 1)

        draw(screen)
        // 800 × 533 centred: black-ish bands above and below, the two halves side by side.
        #expect(colour(200, 300)?.matches(left) == true)
        #expect(colour(600, 300)?.matches(right) == true)
        #expect(colour(400, 10)?.matches(DetailScreen.background) == true, "letterbox above")
        #expect(colour(400, 590)?.matches(DetailScreen.background) == true, "letterbox below")
        #expect(colour(200, 28)?.matches(DetailScreen.background) == true, "the photo starts at y = 33")
        #expect(colour(200, 38)?.matches(left) == true)
    }

    @Test("next and previous change the photo shown and report the new index; at the ends nothing happens")
    func stepping() throws {
        let screen = open(0)
        defer { screen.close() }
        var changes: [Int] = []
        screen.onChange = { changes.append($0) }
        screen.previous()
        #expect(changes.isEmpty && screen.index == 0, "no photo before the first")

        screen.next()
        #expect(screen.index == 1 && changes == [1])
        #expect(screen.entry.path == entries[1].path)
        try waitForPhoto(1, on: screen)
        draw(screen)
        // Portrait 1000 × 1500 in 800 × 600: 400 × 600, centred.
        #expect(colour(400, 300)?.matches(second) == true)
        #expect(colour(100, 300)?.matches(DetailScreen.background) == true, "pillarbox")
        #expect(decoded.sizes[1]?.first.map { $0.height <= 600 && $0.width <= 400 } == true)

        screen.next()
        screen.next()
        #expect(screen.index == 2 && changes == [1, 2], "no photo after the last")
        try waitForPhoto(2, on: screen)
        draw(screen)
        #expect(colour(400, 300)?.matches(third) == true)

        screen.previous()
        #expect(screen.index == 1 && changes == [1, 2, 1])
        draw(screen)
        #expect(colour(400, 300)?.matches(second) == true, "the neighbour was kept decoded")
    }

    @Test("a tap beside the photo closes the view; a tap on it does not")
    func tapBesideCloses() throws {
        let screen = open(1)
        defer { screen.close() }
        screen.doubleClickGuard = 0
        let host = RecordingHost(drawer: drawer, decodes: decodes, size: Self.size)
        screen.host = host
        tap(screen, at: Point(x: 400, y: 300), time: 1)
        #expect(host.commands.isEmpty)
        tap(screen, at: Point(x: 100, y: 300), time: 2)
        #expect(host.commands == [.back])
    }

    @Test("the second click of the double-click that opened the photo does not close it")
    func doubleClickKeepsItOpen() throws {
        let screen = open(1)
        defer { screen.close() }
        let host = RecordingHost(drawer: drawer, decodes: decodes, size: Self.size)
        screen.host = host
        tap(screen, at: Point(x: 100, y: 300), time: 1)
        #expect(host.commands.isEmpty)
    }

    private func tap(_ screen: DetailScreen, at point: Point, time: Double) {
        screen.handle(.pointerDown(id: EventSource.mousePointer, at: point, time: time), pointer: point)
        screen.handle(.pointerUp(id: EventSource.mousePointer, at: point, time: time + 0.05), pointer: point)
    }

    @Test("the wheel zooms in about the pointer, then a drag pans the zoomed photo")
    func zoomThenPan() throws {
        let screen = open(0)
        defer { screen.close() }
        try waitForPhoto(0, on: screen)
        let centre = Point(x: 400, y: 300)
        // Four notches away from the user, at the centre.
        for t in 0..<4 {
            screen.handle(.wheel(dx: 0, dy: -EventSource.pixelsPerNotch, zoom: false, time: Double(t)), pointer: centre)
        }
        #expect(screen.viewport.isZoomed && screen.viewport.zoom > 2)
        draw(screen)
        // Zoomed about the centre, the halves still meet there; the photo now fills the window.
        #expect(colour(390, 300)?.matches(left) == true)
        #expect(colour(410, 300)?.matches(right) == true)
        #expect(colour(200, 5)?.matches(left) == true, "no letterbox when zoomed in")

        let before = screen.viewport.frame
        screen.handle(.pointerDown(id: EventSource.mousePointer, at: centre, time: 10), pointer: centre)
        for (k, x) in [(1, 450.0), (2, 550.0), (3, 600.0)] {
            screen.handle(.pointerMoved(id: EventSource.mousePointer, to: Point(x: x, y: 300), time: 10 + 0.016 * Double(k)), pointer: nil)
        }
        screen.handle(.pointerUp(id: EventSource.mousePointer, at: Point(x: 600, y: 300), time: 10.5), pointer: nil)
        #expect(abs(screen.viewport.frame.minX - (before.minX + 200)) < 0.001, "the photo moved with the pointer")
        #expect(abs(screen.viewport.frame.minY - before.minY) < 0.001)
        #expect(screen.index == 0, "a drag on a zoomed photo pans; it does not swipe to the next")
        draw(screen)
        #expect(colour(590, 300)?.matches(left) == true, "the seam followed the drag to x = 600")
        #expect(colour(610, 300)?.matches(right) == true)
    }

    @Test("zoomed in, a photo is decoded again as large as it is shown, within its own pixels, the GPU's limit, and 4096 px a side when drawing on the CPU")
    func sharperDecodeSizes() {
        let none = PixelSize(width: 0, height: 0)
        func size(_ shown: (Int, Int), native: (Int, Int) = (20000, 10000), gpu: PixelSize = PixelSize(width: 0, height: 0),
                  cpu: Bool = false) -> PixelSize {
            DetailScreen.sharperSize(shown: PixelSize(width: shown.0, height: shown.1), native: PixelSize(width: native.0, height: native.1),
                                     maximumTexture: gpu, drawsOnCPU: cpu)
        }
        #expect(size((3000, 1500)) == PixelSize(width: 3000, height: 1500))
        #expect(size((3000, 1500), native: (2000, 1000)) == PixelSize(width: 2000, height: 1000), "never past the photo's own pixels")
        #expect(size((12000, 6000)) == PixelSize(width: 8192, height: 4096))
        #expect(size((12000, 6000), cpu: true) == PixelSize(width: 4096, height: 2048), "a GPU-less machine keeps its memory")
        #expect(size((12000, 6000), gpu: PixelSize(width: 4096, height: 4096)) == PixelSize(width: 4096, height: 2048))
        #expect(size((3000, 1500), cpu: true) == size((3000, 1500), gpu: none), "below the caps both decode as shown")
    }

    @Test("Ctrl+wheel zooms the photo as much as the plain wheel does")
    func controlWheelZooms() throws {
        let events = EventSource(windowSize: Self.size)
        func zoom(afterNotchWith mod: SDL_Keymod) -> Double {
            let screen = open(0)
            defer { screen.close() }
            SDL_SetModState(mod)
            defer { SDL_SetModState(KMOD_NONE) }
            var wheel = SDL_Event()
            wheel.type = SDL_MOUSEWHEEL.rawValue
            wheel.wheel.y = 1
            wheel.wheel.preciseY = 1
            guard case .input(let input)? = events.translate(wheel) else { return .nan }
            screen.handle(input, pointer: Point(x: 400, y: 300))
            return screen.viewport.zoom
        }
        let plain = zoom(afterNotchWith: KMOD_NONE)
        #expect(plain > 1.1, "a notch away from the user zooms in")
        let withControl = zoom(afterNotchWith: KMOD_LCTRL)
        #expect(abs(withControl - plain) < 0.01, "Ctrl+wheel zoomed to \(withControl), the wheel alone to \(plain)")
    }

    @Test("a swipe on a photo at fit size goes to the next photo")
    func swipeGoesToTheNext() throws {
        let screen = open(0)
        defer { screen.close() }
        var changes: [Int] = []
        screen.onChange = { changes.append($0) }
        screen.handle(.pointerDown(id: 4, at: Point(x: 600, y: 300), time: 1), pointer: nil)
        for k in 1...5 {
            screen.handle(.pointerMoved(id: 4, to: Point(x: 600 - 60 * Double(k), y: 300), time: 1 + 0.016 * Double(k)), pointer: nil)
        }
        screen.handle(.pointerUp(id: 4, at: Point(x: 300, y: 300), time: 1.1), pointer: nil)
        #expect(changes == [1])
    }
}

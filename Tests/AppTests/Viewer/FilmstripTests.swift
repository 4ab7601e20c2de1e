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

/// The open photo's strip of neighbours, drawn offscreen and read back: its thumbnails in their
/// photos' colours, the current one ringed, following the photo, untouched by its zoom.
@Suite("the filmstrip under an open photo", .serialized)
@MainActor
struct FilmstripTests {
    static let size = Size(width: 800, height: 600)
    /// 24 photos: a strip longer than the window, so the one open can be centred.
    static let colours: [ScreenColor] = (0..<24).map { (i: Int) -> ScreenColor in
        let red = 30 + i * 37 % 200, green = 30 + i * 71 % 200, blue = 30 + i * 113 % 200
        return ScreenColor(red: UInt8(red), green: UInt8(green), blue: UInt8(blue))
    }
    let entries: [PhotoEntry]
    let folder: PhotoFolder
    let canvas: OffscreenCanvas
    let drawer: TileDrawer
    let decodes: WallScreen.Decodes
    private let finished = DispatchSemaphore(value: 0)

    init() throws {
        folder = try PhotoFolder()
        let shapes = [(400, 300), (300, 450), (500, 500), (640, 360), (360, 640)]
        var arguments: [String] = []
        for (i, colour) in Self.colours.enumerated() {
            let (w, h) = shapes[i % shapes.count]
            arguments += ["-size", "\(w)x\(h)", "xc:\(colour)"] + (i == Self.colours.count - 1 ? [] : ["-write"])
                + [folder.path + String(format: "/p%02d.png", i)] + (i == Self.colours.count - 1 ? [] : ["+delete"])
        }
        try magick(arguments)
        entries = try PhotoScanner().scan([PhotoPath(folder.path)]).entries
        canvas = try OffscreenCanvas(logicalSize: Self.size)
        drawer = TileDrawer(renderer: canvas.renderer, fontPath: nil)
        let signal = finished
        decodes = WallScreen.Decodes(workers: 2) { signal.signal() }
    }

    private func open(_ index: Int, filmstrip: Bool = false) -> DetailScreen {
        DetailScreen(drawer: drawer, entries: entries, index: index, viewportSize: Self.size, decodes: decodes,
                     source: TileSource(thumbnailCache: false, maxPixels: PhotoDecoder.defaultMaxPixels),
                     log: Logger(label: "cascade.tests"), filmstrip: filmstrip)
    }

    /// Draws at `now` and hands finished decodes over until every thumbnail drawn shows its picture.
    private func settle(_ screen: DetailScreen, now: Double = 10) throws {
        let deadline = DispatchTime.now() + 120
        while true {
            screen.draw(now: now)
            for result in decodes.drain(max: 20) { screen.accept(result, now: now) }
            let strip = try #require(screen.filmstrip)
            if !strip.view.drawList.isEmpty, strip.view.drawList.allSatisfy({ $0.cell.isSettled }) { break }
            _ = finished.wait(timeout: min(deadline, DispatchTime.now() + 0.05))
            try #require(DispatchTime.now() < deadline, "the strip's thumbnails were never decoded")
        }
        screen.draw(now: now)
        canvas.renderer.flush()
    }

    private func colour(_ x: Double, _ y: Double) -> ScreenColor? { canvas.pixel(atX: Int(x), y: Int(y)) }

    private func thumbnails(_ screen: DetailScreen) -> [(index: Int, rect: Rect)] { screen.filmstrip?.visible ?? [] }

    @Test("hidden until its key; then a row of the neighbours along the bottom, each in its photo's colours, the current one ringed and centred")
    func keyShowsThumbnailsOfTheNeighbours() throws {
        let screen = open(10)
        defer { screen.close() }
        screen.draw(now: 10)
        #expect(screen.filmstrip == nil, "no strip before its key")
        _ = screen.perform(.toggleFilmstrip, from: .key)
        try settle(screen)

        let shown = thumbnails(screen)
        let height = Filmstrip.height(in: Self.size)
        #expect(height == 78, "13 % of 600")
        #expect(shown.count >= 5 && shown.map(\.index) == Array(shown.first!.index...shown.last!.index), "\(shown.map(\.index))")
        for item in shown {
            #expect(item.rect.minY >= Self.size.height - height && item.rect.maxY <= Self.size.height, "\(item) is in the bottom band")
            #expect(abs(item.rect.height - (height - 2 * Filmstrip.margin)) < 0.01, "one row: \(item.rect)")
            let (x, y) = (min(max(item.rect.midX, 2), Self.size.width - 2), item.rect.midY)
            if x > item.rect.minX + 2, x < item.rect.maxX - 2 {
                #expect(colour(x, y)?.matches(Self.colours[item.index]) == true,
                        "thumbnail \(item.index) at (\(x), \(y)) shows \(String(describing: colour(x, y))), not \(Self.colours[item.index])")
            }
        }
        let current = try #require(shown.first { $0.index == 10 })
        #expect(abs(current.rect.midX - Self.size.width / 2) < 1, "centred: \(current.rect)")
        // The ring in the gap left of the current thumbnail, none beside its neighbour.
        let ring = (1...Int(Filmstrip.margin)).map { colour(current.rect.minX - Double($0), current.rect.midY) }
        #expect(ring.contains { $0?.matches(drawer.theme.highlight) == true }, "no ring left of the current one: \(ring)")
        let neighbour = try #require(shown.first { $0.index == 12 })
        let none = (1...Int(Filmstrip.margin)).map { colour(neighbour.rect.minX - Double($0), neighbour.rect.midY) }
        #expect(!none.contains { $0?.matches(drawer.theme.highlight) == true }, "a ring beside a neighbour: \(none)")

        _ = screen.perform(.toggleFilmstrip, from: .key)
        screen.draw(now: 10)
        canvas.renderer.flush()
        #expect(colour(current.rect.midX, current.rect.midY)?.matches(Self.colours[10]) == false, "the key hides it again")
    }

    @Test("next moves the strip so the new photo is centred and ringed; zooming and panning the photo leave every thumbnail where it was")
    func followsNextAndIgnoresZoom() throws {
        let screen = open(10)
        defer { screen.close() }
        _ = screen.perform(.toggleFilmstrip, from: .key)
        try settle(screen)
        screen.next()
        #expect(screen.filmstrip?.current == 11)
        // The glide settles by the clock.
        for t in stride(from: 10.0, through: 13, by: 0.05) { screen.draw(now: t) }
        try settle(screen, now: 13)
        let after = thumbnails(screen)
        let current = try #require(after.first { $0.index == 11 })
        #expect(abs(current.rect.midX - Self.size.width / 2) < 1, "centred after next: \(current.rect)")

        _ = screen.perform(.zoomIn, from: .key)
        _ = screen.perform(.zoomIn, from: .key)
        screen.handle(.wheel(dx: 0, dy: -240, zoom: false, at: Point(x: 400, y: 200), time: 1), pointer: Point(x: 400, y: 200))
        screen.draw(now: 13)
        #expect(screen.viewport.isZoomed)
        let zoomed = thumbnails(screen)
        #expect(zoomed.map(\.index) == after.map(\.index) && zip(zoomed, after).allSatisfy { $0.rect == $1.rect },
                "the zoom moved the strip: \(after) → \(zoomed)")
    }

    @Test("a click on a thumbnail opens its photo, and the strip follows it")
    func clickJumps() throws {
        let screen = open(10)
        defer { screen.close() }
        var changes: [Int] = []
        screen.onChange = { changes.append($0) }
        _ = screen.perform(.toggleFilmstrip, from: .key)
        try settle(screen)
        let target = try #require(thumbnails(screen).first { $0.index == 8 })
        let point = Point(x: target.rect.midX, y: target.rect.midY)
        screen.handle(.pointerDown(id: -1, at: point, time: 20), pointer: point)
        screen.handle(.pointerUp(id: -1, at: point, time: 20.05), pointer: point)
        #expect(screen.index == 8 && changes == [8], "index \(screen.index), changes \(changes)")
        #expect(screen.filmstrip?.current == 8)
    }

    @Test("the wheel over the strip scrolls it sideways and leaves the photo's zoom; over the photo it zooms the photo")
    func wheelOverTheStripScrollsIt() throws {
        let screen = open(10)
        defer { screen.close() }
        _ = screen.perform(.toggleFilmstrip, from: .key)
        try settle(screen)
        let strip = try #require(screen.filmstrip)
        let before = strip.view.contentOffset, zoom = screen.viewport.zoom
        let over = Point(x: 400, y: Self.size.height - 20)
        screen.handle(.wheel(dx: 0, dy: 120, zoom: false, at: over, time: 1), pointer: over)
        for t in stride(from: 10.0, through: 12, by: 0.05) { screen.draw(now: t) }
        #expect(strip.view.contentOffset > before, "the strip scrolled: \(before) → \(strip.view.contentOffset)")
        #expect(screen.viewport.zoom == zoom, "the photo's zoom is untouched")
        let photo = Point(x: 400, y: 200)
        screen.handle(.wheel(dx: 0, dy: -120, zoom: false, at: photo, time: 2), pointer: photo)
        #expect(screen.viewport.zoom > zoom, "over the photo the wheel zooms it")
    }

    @Test("--filmstrip: shown from the start, the photo fit into the window above it")
    func alwaysLeavesThePhotoAbove() throws {
        let screen = open(0, filmstrip: true)
        defer { screen.close() }
        let height = Filmstrip.height(in: Self.size)
        #expect(screen.viewport.viewport == Size(width: 800, height: 600 - height))
        #expect(screen.viewport.frame.maxY <= 600 - height + 0.5, "\(screen.viewport.frame)")
        try settle(screen)
        #expect(thumbnails(screen).contains { $0.index == 0 }, "shown without a key")
        screen.resize(Size(width: 1000, height: 700))
        #expect(screen.viewport.viewport == Size(width: 1000, height: 700 - Filmstrip.height(in: Size(width: 1000, height: 700))))
    }

    @Test("the mouse in the bottom band shows the strip over the photo, and it goes a moment after the mouse left")
    func hoverShowsItForAWhile() throws {
        let clock = ManualClock(now: 100)
        let screen = DetailScreen(drawer: drawer, entries: entries, index: 3, viewportSize: Self.size, decodes: decodes,
                                  source: TileSource(thumbnailCache: false, maxPixels: PhotoDecoder.defaultMaxPixels),
                                  log: Logger(label: "cascade.tests"), clock: clock)
        defer { screen.close() }
        #expect(!screen.filmstripShown(at: clock.now))
        screen.bottomHovered(true)
        #expect(screen.filmstripShown(at: clock.now))
        #expect(screen.viewport.viewport == Self.size, "over the photo: the photo keeps the window")
        screen.bottomHovered(false)
        #expect(screen.filmstripShown(at: clock.now), "it lingers")
        #expect(screen.nextDeadline(after: clock.now) == 100 + DetailScreen.filmstripLingers)
        clock.now += DetailScreen.filmstripLingers
        #expect(!screen.filmstripShown(at: clock.now))
    }
}

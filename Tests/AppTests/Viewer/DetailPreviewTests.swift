import Dispatch
import Foundation
import Logging
import Testing
@testable import App
import Photos
@testable import Screen
import Waterfall
@testable import TestSupport

/// Opening a photo shows the wall tile's picture enlarged on the very first frame, then the
/// decode for the window fades in over it at the same place — checked on the pixels drawn by
/// SDL's software renderer into memory, the wall and the detail view sharing it as in the viewer.
@Suite("the detail view's first frame", .serialized)
@MainActor
struct DetailPreviewTests {
    static let size = Size(width: 800, height: 600)
    let folder: PhotoFolder
    let entries: [PhotoEntry]
    /// Photo 0 is 900 × 600, left half `left`, right half `right`; photo 1 is 400 × 800, top
    /// half `top`, bottom half `bottom`; photo 2 is a 2400 × 200 panorama in thirds, wider
    /// than any tile may be (the layout clamps tiles to 4 : 1), so its tile shows the middle third.
    let left = ScreenColor(rgb: 0xD03030), right = ScreenColor(rgb: 0x3050D0)
    let top = ScreenColor(rgb: 0x30A040), bottom = ScreenColor(rgb: 0xE0C020)
    let thirds = [ScreenColor(rgb: 0xC040C0), ScreenColor(rgb: 0x40C0C0), ScreenColor(rgb: 0xE08020)]

    let canvas: OffscreenCanvas
    let drawer: TileDrawer
    let decodes: WallScreen.Decodes
    let wall: WallScreen
    private let finished = DispatchSemaphore(value: 0)

    init() throws {
        folder = try PhotoFolder()
        try magick(["-size", "900x600", "xc:\(left)", "-fill", "\(right)", "-draw", "rectangle 450,0 899,599",
                    "-write", folder.path + "/a.png", "+delete",
                    "-size", "400x800", "xc:\(top)", "-fill", "\(bottom)", "-draw", "rectangle 0,400 399,799",
                    "-write", folder.path + "/b.png", "+delete",
                    "-size", "2400x200", "xc:\(thirds[0])", "-fill", "\(thirds[1])", "-draw", "rectangle 800,0 1599,199",
                    "-fill", "\(thirds[2])", "-draw", "rectangle 1600,0 2399,199", folder.path + "/c.png"])
        entries = try PhotoScanner().scan([PhotoPath(folder.path)]).entries
        canvas = try OffscreenCanvas(logicalSize: Self.size)
        drawer = TileDrawer(renderer: canvas.renderer, fontPath: nil)
        let signal = finished
        decodes = WallScreen.Decodes(workers: 2) { signal.signal() }
        wall = WallScreen(drawer: drawer, viewportSize: Self.size,
                          style: WallStyle(columns: .fixed(3), margins: Margins(all: 8), captions: false),
                          source: TileSource(thumbnailCache: false, maxPixels: PhotoDecoder.defaultMaxPixels),
                          decodes: decodes, textureBudgetBytes: 256 << 20, log: Logger(label: "cascade.tests"))
        wall.show(entries)
        wall.layout(now: 0)
    }

    private func open(_ index: Int) -> DetailScreen {
        DetailScreen(drawer: drawer, entries: entries, index: index, viewportSize: Self.size, decodes: decodes,
                     source: wall.source, tilePicture: wall.copyOfPicture, log: Logger(label: "cascade.tests"))
    }

    /// Hands finished decodes to whom they are for until `done`; the deadline only stops a hang.
    private func deliver(to screen: DetailScreen? = nil, until done: () -> Bool) throws {
        let deadline = DispatchTime.now() + 120
        while !done() {
            for result in decodes.drain(max: 100) {
                if case .detail = result.key.job { screen?.accept(result, now: 1) } else { wall.accept(result, now: 0) }
            }
            if done() { break }
            try #require(finished.wait(timeout: deadline) == .success, "the decodes never finished")
        }
    }

    private func tileShown(_ index: Int) -> Bool {
        if case .shown? = wall.view.liveCell(at: index)?.state { true } else { false }
    }

    private func draw(_ screen: DetailScreen, at now: Double) {
        screen.draw(now: now)
        canvas.renderer.flush()
    }

    private func colour(_ x: Double, _ y: Double) -> ScreenColor? { canvas.pixel(atX: Int(x), y: Int(y)) }

    /// Photo 0's two halves where a 900 × 600 photo fit to the window has them.
    private var showsPhotoZero: Bool { colour(200, 300)?.matches(left) == true && colour(600, 300)?.matches(right) == true }

    /// The wall settled (every tile on screen shows its photo), then photo `index` opened and
    /// its first frame drawn, before any decode of its own is in.
    private func openFromSettledWall(_ index: Int) throws -> DetailScreen {
        try deliver { wall.isScreenSettled }
        let screen = open(index)
        draw(screen, at: 1)
        return screen
    }

    @Test("the first frame shows the tile's picture fit to the window, in the photo's shape and colours; the decode then takes its place")
    func firstFrameShowsTheTile() throws {
        let screen = try openFromSettledWall(0)
        defer { screen.close() }
        // 900 × 600 in 800 × 600: 800 × 533 from y = 33, letterboxed.
        #expect(colour(200, 300)?.matches(left) == true, "left half: \(String(describing: colour(200, 300)))")
        #expect(colour(600, 300)?.matches(right) == true, "right half: \(String(describing: colour(600, 300)))")
        #expect(colour(200, 40)?.matches(left) == true, "the picture reaches the top of the photo's frame")
        #expect(colour(400, 10)?.matches(DetailScreen.background) == true, "letterbox above")
        #expect(colour(400, 590)?.matches(DetailScreen.background) == true, "letterbox below")

        // The decode lands and fades in over the picture: every frame of the fade shows the photo.
        try deliver(to: screen) { screen.hasDecode(0) }
        for now in [1.0, 1.05, 1.1, 1.15, 10] {
            draw(screen, at: now)
            #expect(showsPhotoZero, "at \(now) s: \(String(describing: colour(200, 300))), \(String(describing: colour(600, 300)))")
            #expect(colour(400, 10)?.matches(DetailScreen.background) == true)
        }
        #expect(!screen.showsTilePicture, "the copy is freed once the decode is fully in")
    }

    @Test("a portrait photo's picture stands upright, pillarboxed")
    func portrait() throws {
        let screen = try openFromSettledWall(1)
        defer { screen.close() }
        // 400 × 800 in 800 × 600: 300 × 600 from x = 250.
        #expect(colour(400, 150)?.matches(top) == true, "top half: \(String(describing: colour(400, 150)))")
        #expect(colour(400, 450)?.matches(bottom) == true, "bottom half: \(String(describing: colour(400, 450)))")
        #expect(colour(100, 300)?.matches(DetailScreen.background) == true, "pillarbox")
    }

    @Test("the picture is the detail view's own copy: the tile's texture going to another photo, or freed, does not change it")
    func recycledTextureIsNotDrawn() throws {
        let screen = try openFromSettledWall(0)
        defer { screen.close() }
        let cell = try #require(wall.view.liveCell(at: 0))
        // The pool hands the texture to another photo: all one colour.
        let other = DecodedImage(width: 64, height: 43, stride: 64 * 4, pixels: [UInt8](repeating: 0x60, count: 64 * 43 * 4))
        try cell.fill(with: other, renderer: canvas.renderer)
        draw(screen, at: 2)
        #expect(showsPhotoZero)
        // Then frees it to stay in budget.
        cell.texture?.destroy()
        draw(screen, at: 3)
        #expect(showsPhotoZero)
    }

    @Test("next, before the neighbour's decode is in: the neighbour's tile picture on the first frame, not a grey box")
    func nextShowsTheNeighboursTile() throws {
        let screen = try openFromSettledWall(0)
        defer { screen.close() }
        screen.next()
        #expect(!screen.hasDecode(1), "no decode delivered yet")
        draw(screen, at: 2)
        #expect(colour(400, 150)?.matches(top) == true, "\(String(describing: colour(400, 150)))")
        #expect(colour(400, 450)?.matches(bottom) == true)
        #expect(colour(100, 300)?.matches(DetailScreen.background) == true, "the portrait's shape")
    }

    @Test("a tile still loading: the placeholder, never an error, then the tile's picture as soon as the tile has it")
    func tileStillLoading() throws {
        let screen = open(0)
        defer { screen.close() }
        draw(screen, at: 1)
        let placeholder = drawer.theme.placeholder
        #expect(colour(200, 300)?.matches(placeholder) == true, "\(String(describing: colour(200, 300)))")
        #expect(colour(600, 300)?.matches(placeholder) == true)
        // The wall's decode lands first (the detail view's is held back).
        try deliver { tileShown(0) }
        draw(screen, at: 2)
        #expect(showsPhotoZero)
    }

    @Test("a panorama wider than a tile may be: its tile's middle third goes in the middle of the photo's frame, the decode then fills the rest")
    func panoramaCrop() throws {
        let screen = try openFromSettledWall(2)
        defer { screen.close() }
        // 2400 × 200 in 800 × 600: 800 × 67 from y = 267; the tile showed x 800–1600 of it.
        #expect(colour(400, 300)?.matches(thirds[1]) == true, "\(String(describing: colour(400, 300)))")
        #expect(colour(100, 300)?.matches(drawer.theme.placeholder) == true, "the tile never showed the left third")
        #expect(colour(700, 300)?.matches(drawer.theme.placeholder) == true)
        try deliver(to: screen) { screen.hasDecode(2) }
        draw(screen, at: 10)
        #expect(colour(100, 300)?.matches(thirds[0]) == true)
        #expect(colour(400, 300)?.matches(thirds[1]) == true)
        #expect(colour(700, 300)?.matches(thirds[2]) == true)
    }

    @Test("where a tile's picture goes in the photo's frame")
    func pictureRect() {
        let frame = Rect(x: 0, y: 33, width: 800, height: 533.3)
        #expect(DetailScreen.pictureRect(content: PixelSize(width: 258, height: 172), in: frame) == frame, "the same shape, but for rounding")
        let middle = DetailScreen.pictureRect(content: PixelSize(width: 400, height: 100), in: Rect(x: 0, y: 0, width: 1200, height: 100))
        #expect(middle == Rect(x: 400, y: 0, width: 400, height: 100))
        let tall = DetailScreen.pictureRect(content: PixelSize(width: 100, height: 400), in: Rect(x: 0, y: 0, width: 100, height: 1200))
        #expect(tall == Rect(x: 0, y: 400, width: 100, height: 400))
    }
}

import Testing
import Waterfall
@testable import Screen

/// Panels of text over the wall (help, info, stats): a translucent dark band, and lines whose
/// tab-separated columns line up.
@Suite(.serialized) @MainActor
struct PanelTests {
    init() { useDummyVideoDriver() }

    /// The leftmost column from `from` on where row band `rows` has a light (text) pixel.
    private func firstText(_ canvas: OffscreenCanvas, rows: Range<Int>, from: Int) -> Int? {
        (from ..< canvas.size.width).first { x in
            rows.contains { y in (canvas.pixel(atX: x, y: y).map { min($0.red, $0.green, $0.blue) } ?? 0) > 120 }
        }
    }

    @Test("a tab splits a line into columns: the second starts at one x on every line, past the widest first")
    func columnsLineUp() throws {
        let canvas = try OffscreenCanvas(size: PixelSize(width: 400, height: 200))
        let drawer = TileDrawer(renderer: canvas.renderer)
        try #require(drawer.text != nil, "a font (fonts-dejavu-core)")
        canvas.renderer.fill(PixelRect(x: 0, y: 0, width: 400, height: 200), color: ScreenColor(red: 240, green: 240, blue: 240))
        let rect = try #require(drawer.drawPanel(["a\tfirst", "a much longer label\tsecond"], placement: .topLeft))
        let line = drawer.text!.lineHeight
        let pad = 8
        // Under the band, the light background is covered: the band is opaque black.
        let band = try #require(canvas.pixel(atX: rect.x + 2, y: rect.y + 2))
        #expect(band.red <= 3 && band.green <= 3 && band.blue <= 3)
        #expect(canvas.pixel(atX: rect.maxX + 2, y: rect.y + 2)?.red == 240, "nothing drawn beside the band")

        let labelWidth = drawer.text!.width(of: "a much longer label")
        let top = rect.y + pad, second = rect.y + pad + line
        let startTop = try #require(firstText(canvas, rows: top ..< top + line, from: rect.x + pad + labelWidth + 4))
        let startSecond = try #require(firstText(canvas, rows: second ..< second + line, from: rect.x + pad + labelWidth + 4))
        #expect(abs(startTop - startSecond) <= 2, "the second column starts at \(startTop) and \(startSecond)")
        #expect(rect.width >= labelWidth + drawer.text!.width(of: "second") + 2 * pad)
    }

    @Test("a panel beside a tile: its band starts a gap right of the tile, or ends a gap left of it where the right has no room")
    func besideATile() throws {
        let canvas = try OffscreenCanvas(size: PixelSize(width: 600, height: 300))
        let drawer = TileDrawer(renderer: canvas.renderer)
        try #require(drawer.text != nil, "a font (fonts-dejavu-core)")
        let gap = 8
        for (tile, side) in [(PixelRect(x: 20, y: 40, width: 150, height: 100), "right"), (PixelRect(x: 430, y: 120, width: 150, height: 100), "left")] {
            canvas.renderer.fill(PixelRect(x: 0, y: 0, width: 600, height: 300), color: ScreenColor(red: 240, green: 240, blue: 240))
            // At scale 1 logical pixels are the canvas's.
            let logical = Rect(x: Double(tile.x), y: Double(tile.y), width: Double(tile.width), height: Double(tile.height))
            let rect = try #require(drawer.drawPanel(["File\tphoto.jpg", "Pixels\t640 × 480"], placement: .beside(logical)))
            #expect(rect.y == tile.y, "\(side): level with the tile's top: \(rect)")
            let darkened = 0
            // The band's first (or last) column, a gap from the tile; the gap itself untouched.
            let bandX = side == "right" ? tile.maxX + gap : tile.x - gap - 1
            let gapX = side == "right" ? tile.maxX + gap - 1 : tile.x - gap
            #expect(side == "right" ? rect.x == bandX : rect.maxX - 1 == bandX, "\(side): \(rect) beside \(tile)")
            let band = try #require(canvas.pixel(atX: bandX, y: tile.y + 2))
            #expect(abs(Int(band.red) - darkened) <= 3, "\(side): the band at x \(bandX): \(band)")
            #expect(canvas.pixel(atX: gapX, y: tile.y + 2)?.red == 240, "\(side): the gap at x \(gapX) is clear")
            #expect(canvas.pixel(atX: tile.x + tile.width / 2, y: tile.y + tile.height / 2)?.red == 240, "\(side): the tile is not covered")
        }
    }

    @Test("beside a tile, the panel stays inside the window: pushed up from the bottom, over the tile when neither side has room")
    func besideATileStaysInTheWindow() {
        let window = PixelSize(width: 600, height: 300), panel = PixelSize(width: 200, height: 100)
        // Near the bottom: level with the tile would leave the window, so it rises to fit.
        let low = PanelBeside.origin(of: panel, beside: PixelRect(x: 20, y: 250, width: 100, height: 40), gap: 8, in: window, margin: 8)
        #expect(low.x == 128 && low.y == 300 - 8 - 100)
        // Above the top (a tile scrolled half out): no higher than the margin.
        let high = PanelBeside.origin(of: panel, beside: PixelRect(x: 20, y: -30, width: 100, height: 80), gap: 8, in: window, margin: 8)
        #expect(high.y == 8)
        // A tile nearly as wide as the window: the panel covers part of it, inside the window.
        let wide = PanelBeside.origin(of: panel, beside: PixelRect(x: 10, y: 10, width: 580, height: 200), gap: 8, in: window, margin: 8)
        #expect(wide.x == 600 - 8 - 200 && wide.y == 10)
        // Its width: the room on the tile's wider side, so it need not cover the tile, but not
        // below what can be read.
        #expect(PanelBeside.widthLimit(beside: PixelRect(x: 20, y: 0, width: 100, height: 50), gap: 8, in: window, margin: 8, least: 240)
                == 600 - 8 - 128)
        #expect(PanelBeside.widthLimit(beside: PixelRect(x: 200, y: 0, width: 200, height: 50), gap: 8, in: window, margin: 8, least: 240)
                == 240)
    }
}

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
        // Under the band, the light background is darkened by black at 170/255.
        let band = try #require(canvas.pixel(atX: rect.x + 2, y: rect.y + 2))
        #expect(abs(Int(band.red) - 240 * 85 / 255) <= 3)
        #expect(canvas.pixel(atX: rect.maxX + 2, y: rect.y + 2)?.red == 240, "nothing drawn beside the band")

        let labelWidth = drawer.text!.width(of: "a much longer label")
        let top = rect.y + pad, second = rect.y + pad + line
        let startTop = try #require(firstText(canvas, rows: top ..< top + line, from: rect.x + pad + labelWidth + 4))
        let startSecond = try #require(firstText(canvas, rows: second ..< second + line, from: rect.x + pad + labelWidth + 4))
        #expect(abs(startTop - startSecond) <= 2, "the second column starts at \(startTop) and \(startSecond)")
        #expect(rect.width >= labelWidth + drawer.text!.width(of: "second") + 2 * pad)
    }
}

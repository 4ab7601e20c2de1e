import CSDL2
import Foundation
import Testing
import Waterfall
@testable import Screen

/// A window drawn at a scale, in SDL's dummy driver, read back pixel by pixel: the same wall in
/// logical pixels, its text, ring and gaps twice as many physical pixels at 2.
@Suite("A window at a scale", .serialized) @MainActor
struct ScaledWindowTests {
    init() { useDummyVideoDriver() }

    /// What one window drew: the caption's ink height and the ring's thickness, in physical pixels.
    private struct Drawn { let window: Size; let output: PixelSize; let scale: Double; let captionInk: Int; let ring: Int; let gapLeft: Int }

    private static let tile = Rect(x: 10, y: 10, width: 150, height: 100)

    private func draw(scale: Double?) throws -> Drawn {
        defer { SDL_QuitSubSystem(SDL_INIT_VIDEO | SDL_INIT_EVENTS) }
        let window = try Window(title: "cascade test", placement: .windowed(width: 400, height: 300), scale: scale)
        let drawer = TileDrawer(renderer: window.renderer)
        #expect(drawer.captionsAvailable, "DejaVu Sans is needed for this test (fonts-dejavu-core)")
        drawer.clearBackground()
        drawer.draw(.placeholder, in: Self.tile, caption: "Hgjpq IMG_0417.jpg")
        drawer.drawCursor(around: Self.tile, room: 10)
        let output = window.renderer.outputSize
        let pixels = try window.renderer.readPixels()
        func colour(_ x: Int, _ y: Int) -> ScreenColor {
            let o = (y * output.width + x) * 4
            return ScreenColor(red: pixels[o + 2], green: pixels[o + 1], blue: pixels[o])
        }
        let s = window.renderer.scale
        // The caption strip is the tile's bottom 22 logical pixels; its text is light on dark.
        let strip = PixelRect(snapping: Rect(x: Self.tile.minX, y: Self.tile.maxY - TileDrawer.captionStripHeight,
                                             width: Self.tile.width, height: TileDrawer.captionStripHeight), scale: s)
        let inkRows = (strip.y..<strip.maxY).filter { y in (strip.x..<strip.maxX).contains { colour($0, y).red > 0x90 } }
        // The ring: the run of the highlight's blue left of the tile, on the row through its middle.
        let middle = Int((Self.tile.midY * s).rounded())
        let left = Int((Self.tile.minX * s).rounded())
        let ring = (0..<left).filter { colour($0, middle) == Theme.standard.highlight }.count
        // The background between the window's edge and the ring.
        let gap = (0..<left).prefix { colour($0, middle) == Theme.standard.background }.count
        return Drawn(window: window.size, output: output, scale: s, captionInk: (inkRows.max() ?? 0) - (inkRows.min() ?? 0) + 1,
                     ring: ring, gapLeft: gap)
    }

    @Test("at --scale 2 the window is half as many logical pixels, its caption's text about twice as tall, its ring and gaps twice as thick")
    func twiceAsLarge() throws {
        let one = try draw(scale: 1)
        let two = try draw(scale: 2)
        #expect(one.scale == 1 && two.scale == 2)
        #expect(one.output == PixelSize(width: 400, height: 300) && two.output == one.output, "the same physical pixels")
        #expect(one.window == Size(width: 400, height: 300))
        #expect(two.window == Size(width: 200, height: 150), "the wall lays out in half as many logical pixels")
        #expect(one.captionInk >= 9, "the caption is drawn: \(one.captionInk) rows")
        let ratio = Double(two.captionInk) / Double(one.captionInk)
        #expect(ratio > 1.7 && ratio < 2.3, "caption text \(one.captionInk) → \(two.captionInk) rows")
        #expect(one.ring == 4 && two.ring == 8, "the ring \(one.ring) → \(two.ring) pixels")
        #expect(two.gapLeft == 2 * one.gapLeft && one.gapLeft > 0, "the margin \(one.gapLeft) → \(two.gapLeft) pixels")
    }

    @Test("at --scale 1.5 the caption grows by half")
    func oneAndAHalf() throws {
        let one = try draw(scale: 1)
        let more = try draw(scale: 1.5)
        #expect(more.scale == 1.5)
        #expect(more.window == Size(width: 400 / 1.5, height: 200))
        let ratio = Double(more.captionInk) / Double(one.captionInk)
        #expect(ratio > 1.3 && ratio < 1.7, "caption text \(one.captionInk) → \(more.captionInk) rows")
    }

    @Test("the dummy driver, like the console, stays at 1 whatever GDK_SCALE says; --scale is rounded to a quarter")
    func dummyStaysAtOne() throws {
        setenv("GDK_SCALE", "2", 1)
        defer { unsetenv("GDK_SCALE") }
        let plain = try draw(scale: nil)
        #expect(plain.scale == 1)
        #expect(try draw(scale: 1.3).scale == 1.25)
    }

    @Test("the mouse's points are logical pixels: a click at (100, 60) of a window at scale 2 is at (50, 30) on the wall")
    func mouseInLogicalPixels() throws {
        defer { SDL_QuitSubSystem(SDL_INIT_VIDEO | SDL_INIT_EVENTS) }
        let window = try Window(title: "cascade test", placement: .windowed(width: 400, height: 300), scale: 2)
        #expect(window.logicalPerWindowPoint == 0.5)
        let source = EventSource(window: window)
        var e = SDL_Event()
        e.type = SDL_MOUSEBUTTONDOWN.rawValue
        e.button.button = UInt8(SDL_BUTTON_LEFT)
        e.button.x = 100
        e.button.y = 60
        guard case .input(.pointerDown(_, let at, _))? = source.translate(e) else {
            Issue.record("no pointer down")
            return
        }
        #expect(at == Point(x: 50, y: 30))
    }
}


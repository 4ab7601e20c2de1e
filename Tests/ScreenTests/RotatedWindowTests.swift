import CSDL2
import Foundation
import Testing
import Waterfall
@testable import Screen

/// A window whose picture is turned (`--rotate`): drawn upright, shown turned, and the mouse
/// turned with it, through resizes and back to upright.
@Suite("a window turned on its side", .serialized)
@MainActor
struct RotatedWindowTests {
    init() { useDummyVideoDriver() }

    @Test("a square drawn at the picture's top-left shows at the screen's top-right at 90, bottom-right at 180, bottom-left at 270")
    func cornerSquare() throws {
        defer { SDL_QuitSubSystem(SDL_INIT_VIDEO | SDL_INIT_EVENTS) }
        let window = try Window(title: "cascade test", placement: .windowed(width: 320, height: 200))
        let red = ScreenColor(red: 255, green: 0, blue: 0), black = ScreenColor(rgb: 0)
        let expected: [Int: (x: Int, y: Int)] = [0: (0, 0), 90: (300, 0), 180: (300, 180), 270: (0, 180)]
        for degrees in [90, 180, 270, 0] {
            try window.rotate(try #require(ScreenRotation(degrees: degrees)))
            window.renderer.clear(black)
            window.renderer.fill(PixelRect(x: 0, y: 0, width: 20, height: 20), color: red)
            let screen = try window.renderer.readScreenPixels()
            #expect(screen.count == 320 * 200 * 4, "\(degrees)°: the screen is read whole, at its own size")
            let corner = try #require(expected[degrees])
            for (x, y) in [(corner.x + 1, corner.y + 1), (corner.x + 18, corner.y + 18)] {
                #expect(colour(screen, width: 320, x: x, y: y) == red, "\(degrees)°: (\(x), \(y)) on screen")
            }
            #expect(colour(screen, width: 320, x: 160, y: 100) == black, "\(degrees)°: the rest stays dark")
            window.renderer.present()
        }
        #expect(window.size == Size(width: 320, height: 200))
        #expect(window.renderer.outputSize == PixelSize(width: 320, height: 200), "upright draws straight into the window again")
    }

    @Test("a resized window's turned picture takes the new size, sides swapped")
    func resized() throws {
        defer { SDL_QuitSubSystem(SDL_INIT_VIDEO | SDL_INIT_EVENTS) }
        let window = try Window(title: "cascade test", placement: .windowed(width: 320, height: 200))
        try window.rotate(try #require(ScreenRotation(degrees: 270)))
        SDL_SetWindowSize(window.handle, 500, 240)
        try window.fitRotation()
        #expect(window.size == Size(width: 240, height: 500))
        #expect(window.renderer.outputSize == PixelSize(width: 240, height: 500))
        #expect(window.renderer.screenSize == PixelSize(width: 500, height: 240))
        #expect(try window.renderer.readScreenPixels().count == 500 * 240 * 4)
    }

    @Test("the mouse at a point of the screen is at the turned point of the picture, and hovering the picture's right edge is seen at the screen's bottom")
    func mouse() throws {
        let source = EventSource(windowSize: Size(width: 1280, height: 800), rotation: try #require(ScreenRotation(degrees: 90)))
        var down = SDL_Event()
        down.type = SDL_MOUSEBUTTONDOWN.rawValue
        down.button.button = UInt8(SDL_BUTTON_LEFT)
        down.button.x = 1270
        down.button.y = 30
        #expect(source.translate(down) == .input(.pointerDown(id: EventSource.mousePointer, at: Point(x: 30, y: 10), time: 0)))
        source.hoverEdge = 24
        var hover = SDL_Event()
        hover.type = SDL_MOUSEMOTION.rawValue
        hover.motion.x = 600
        hover.motion.y = 790  // the screen's bottom: the picture's right edge at 90°
        var up = SDL_Event()
        up.type = SDL_MOUSEBUTTONUP.rawValue
        up.button.button = UInt8(SDL_BUTTON_LEFT)
        _ = source.translate(up)
        #expect(source.translate(hover) == .edgeHovered(true))
    }

    private func colour(_ bytes: [UInt8], width: Int, x: Int, y: Int) -> ScreenColor {
        let o = (y * width + x) * 4
        return ScreenColor(red: bytes[o + 2], green: bytes[o + 1], blue: bytes[o])
    }
}

import CSDL2
import Testing
@testable import App
@testable import Screen
import Waterfall

/// A screen mounted on its side (`--rotate`): the wall is laid out upright in the turned
/// picture, drawn turned on the screen, and a click or a finger on the screen lands on the tile
/// drawn under it.
@Suite("the wall on a screen turned on its side", .serialized)
@MainActor
struct RotatedWallTests {
    init() { setenv("SDL_VIDEODRIVER", "dummy", 1) }

    @Test("every tile's photo is drawn at its turned place on the screen; a click and a finger there select that tile",
          arguments: [90, 180, 270])
    func turnedWall(degrees: Int) throws {
        let library = try ColourLibrary(count: 12)
        // Window starts SDL video itself; balanced here once the window is gone.
        defer { SDL_QuitSubSystem(SDL_INIT_VIDEO | SDL_INIT_EVENTS) }
        try showTurnedWall(library, rotation: try #require(ScreenRotation(degrees: degrees)))
    }

    private func showTurnedWall(_ library: ColourLibrary, rotation: ScreenRotation) throws {
        let window = try Window(title: "cascade test", placement: .windowed(width: 400, height: 300))
        try window.rotate(rotation)
        let screen = Size(width: 400, height: 300)
        let picture = rotation.logicalSize(ofPhysical: screen)
        #expect(window.size == picture, "the wall is laid out in the turned picture")
        #expect(window.renderer.outputSize == PixelSize(width: Int(picture.width), height: Int(picture.height)))
        #expect(window.renderer.screenSize == PixelSize(width: 400, height: 300))

        try withSettledWall(in: window, showing: library) { wall, drawer, decodes in
            try expectTurned(wall, drawer: drawer, decodes: decodes, in: window, library, rotation: rotation)
        }
    }

    private func expectTurned(_ wall: WallScreen, drawer: TileDrawer, decodes: WallScreen.Decodes, in window: Window,
                              _ library: ColourLibrary, rotation: ScreenRotation) throws {
        let screen = window.screenSize, picture = window.size
        let host = RecordingHost(drawer: drawer, decodes: decodes, size: picture)
        wall.host = host

        let whole = wall.view.drawList.filter { $0.frame.minY >= 0 && $0.frame.maxY <= picture.height }
        try #require(whole.count >= 3)
        // The upright picture, as readPixels gives it: each tile where the wall laid it out.
        let upright = try window.renderer.readPixels()
        // The screen, as presenting shows it: each tile at its turned place.
        let turned = try window.renderer.readScreenPixels()
        for item in whole {
            let colour = library.colour(of: item.index)
            let inPicture = pixel(upright, width: Int(picture.width), at: Point(x: item.frame.midX, y: item.frame.midY))
            #expect(inPicture.matches(colour), "\(rotation.degrees)°: tile \(item.index) in the picture shows \(inPicture)")
            let onScreen = rotation.physicalRect(item.frame, inLogical: picture)
            for corner in [Point(x: onScreen.minX + 2, y: onScreen.minY + 2), Point(x: onScreen.maxX - 3, y: onScreen.maxY - 3),
                           Point(x: onScreen.midX, y: onScreen.midY)] {
                let seen = pixel(turned, width: 400, at: corner)
                #expect(seen.matches(colour), "\(rotation.degrees)°: tile \(item.index) at \(corner) on screen shows \(seen)")
            }
        }
        window.renderer.present()

        // A click and a finger where a tile is drawn on the screen select that tile.
        let tile = try #require(whole.last { $0.index > 0 })
        let onScreen = rotation.physicalRect(tile.frame, inLogical: picture)
        let point = Point(x: onScreen.midX, y: onScreen.midY)
        let events = EventSource(window: window)
        let click = [SDLEvents.mouseButton(down: true, x: Int(point.x), y: Int(point.y), ms: 20_000),
                     SDLEvents.mouseButton(down: false, x: Int(point.x), y: Int(point.y), ms: 20_060)]
        for input in events.translating(click).inputs { wall.view.handle(input) }
        #expect(host.selected == [tile.index], "\(rotation.degrees)°: a click at \(point) on screen")
        let x = Float(point.x / screen.width), y = Float(point.y / screen.height)
        let finger = [SDLEvents.finger(SDL_FINGERDOWN, id: 4, x: x, y: y, ms: 30_000),
                      SDLEvents.finger(SDL_FINGERUP, id: 4, x: x, y: y, ms: 30_080)]
        for input in events.translating(finger).inputs { wall.view.handle(input) }
        #expect(host.selected == [tile.index, tile.index], "\(rotation.degrees)°: a finger at \(point) on screen")
    }

    private func pixel(_ bytes: [UInt8], width: Int, at point: Point) -> ScreenColor {
        let o = (Int(point.y) * width + Int(point.x)) * 4
        return ScreenColor(red: bytes[o + 2], green: bytes[o + 1], blue: bytes[o])
    }
}

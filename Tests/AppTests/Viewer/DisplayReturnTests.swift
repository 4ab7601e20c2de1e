import CSDL2
import Foundation
import Testing
@testable import App
import Screen
import Waterfall

/// A console screen coming back, in a dummy-driver window: the window and renderer are made
/// again (every texture with them), and the wall is drawn again where the person left it.
@Suite("the wall after its screen came back", .serialized)
@MainActor
struct DisplayReturnTests {
    init() { setenv("SDL_VIDEODRIVER", "dummy", 1) }

    @Test("the window made again shows the same tile at the top, every tile's photo drawn again")
    func wallRedrawnInPlace() throws {
        let library = try ColourLibrary(count: 60)
        defer { SDL_QuitSubSystem(SDL_INIT_VIDEO | SDL_INIT_EVENTS) }
        let loop = try wallOnScreen(library, scrolledTo: 700)
        let (session, wall) = (loop.session, loop.session.wall)
        let before = try #require(wall.view.layout.anchor(forViewport: wall.view.viewportRect))
        let created = loop.window.renderer.texturesCreated

        session.displayCameBack("dummy")

        #expect(!session.displayGone)
        #expect(loop.window.renderer.liveTextureCount == 0, "the old renderer's textures went with it")
        try #require(tilesBack(loop), "the tiles never came back")
        let after = try #require(wall.view.layout.anchor(forViewport: wall.view.viewportRect))
        #expect(after.index == before.index && after.screenY == before.screenY, "the top tile stays the top tile")
        #expect(loop.window.renderer.texturesCreated > created, "the tiles' textures were made anew")
        #expect(try tileShowsItsPhoto(after.index, loop: loop, library: library))
    }

    @Test("back at another size, the wall is laid out for it with the top tile kept")
    func newSizeKeepsTheTopTile() throws {
        let library = try ColourLibrary(count: 60)
        defer { SDL_QuitSubSystem(SDL_INIT_VIDEO | SDL_INIT_EVENTS) }
        let loop = try wallOnScreen(library, scrolledTo: 900)
        let wall = loop.session.wall
        let before = try #require(wall.view.layout.anchor(forViewport: wall.view.viewportRect))
        let width = wall.view.layout.frame(at: before.index).width

        // SDL's dummy driver comes back at the size it had; the new size is handed in as a
        // console screen's new mode would be.
        _ = try loop.window.recreate()
        wall.rendererRecreated(size: Size(width: 300, height: 400))

        #expect(wall.view.viewportSize == Size(width: 300, height: 400))
        #expect(wall.view.layout.frame(at: before.index).width < width, "three columns in a narrower wall")
        let after = try #require(wall.view.layout.anchor(forViewport: wall.view.viewportRect))
        #expect(after.index == before.index && abs(after.screenY - before.screenY) < 1, "the top tile stays the top tile")
        try #require(tilesBack(loop), "the tiles never came back")
        #expect(try tileShowsItsPhoto(after.index, loop: loop, library: library))
    }

    @Test("a photo open when the screen went stays open, and is drawn again when it is back")
    func openPhotoStaysOpen() throws {
        let library = try ColourLibrary(count: 30)
        defer { SDL_QuitSubSystem(SDL_INIT_VIDEO | SDL_INIT_EVENTS) }
        let loop = try wallOnScreen(library)
        let session = loop.session
        session.handle(.key(KeyPress(.enter)))
        let detail = try #require(session.detail, "Return opened no photo")
        let index = detail.index
        func photoShown() throws -> Bool {
            let centre = try loop.window.renderer.readPixels(in: PixelRect(x: 200, y: 150, width: 1, height: 1))
            return ScreenColor(red: centre[2], green: centre[1], blue: centre[0]).matches(library.colour(of: index))
        }
        try #require(try loop.run(until: photoShown), "the photo never appeared")

        session.displayCameBack("dummy")

        #expect(session.detail?.index == index, "the photo is still open")
        #expect(try loop.run(until: photoShown), "the photo was not drawn again")
    }

    @Test("a screen held off (or off by the schedule) that comes back stays off: nothing is drawn")
    func darkScreenStaysDark() throws {
        let library = try ColourLibrary(count: 12)
        defer { SDL_QuitSubSystem(SDL_INIT_VIDEO | SDL_INIT_EVENTS) }
        let loop = try wallOnScreen(library)
        let session = loop.session
        session.performScreen(.off)
        try #require(!session.screen.isOn)

        session.displayCameBack("dummy")

        #expect(!session.screen.isOn && !session.showing, "the return did not light the screen")
        let centre = try loop.window.renderer.readPixels(in: PixelRect(x: 200, y: 150, width: 1, height: 1))
        #expect(centre[0] == 0 && centre[1] == 0 && centre[2] == 0, "the window is black (no DPMS in the dummy driver)")
    }

    /// A session with `library` on its wall, scrolled to `offset` and every tile on screen shown.
    private func wallOnScreen(_ library: ColourLibrary, scrolledTo offset: Double = 0) throws -> SessionLoop {
        let loop = try SessionLoop()
        let wall = loop.session.wall
        wall.show(library.entries)
        wall.view.scrollTo(offset: offset)
        try #require(loop.run { loop.frames > 0 && wall.isScreenSettled }, "the wall never showed its photos")
        return loop
    }

    /// Frames until every tile on screen is shown again, in textures made anew.
    private func tilesBack(_ loop: SessionLoop) -> Bool {
        loop.run { loop.session.wall.isScreenSettled && loop.window.renderer.liveTextureCount > 0 }
    }

    private func tileShowsItsPhoto(_ index: Int, loop: SessionLoop, library: ColourLibrary) throws -> Bool {
        let wall = loop.session.wall
        let frame = wall.view.layout.frame(at: index)
        let x = Int(frame.midX), y = Int(frame.midY - wall.view.contentOffset)
        let pixel = try loop.window.renderer.readPixels(in: PixelRect(x: x, y: max(0, min(Int(min(wall.view.viewportSize.height, loop.window.size.height)) - 1, y)), width: 1, height: 1))
        return ScreenColor(red: pixel[2], green: pixel[1], blue: pixel[0]).matches(library.colour(of: index))
    }
}

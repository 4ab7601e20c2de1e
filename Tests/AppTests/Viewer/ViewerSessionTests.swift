import CSDL2
import Foundation
import Logging
import Testing
@testable import App
import Screen
import Waterfall

/// The viewer's frame loop, driven a frame at a time in a dummy-driver window: events from
/// SDL's queue (the decoders' wake-ups among them) go to the session, frames are drawn with
/// the test's clock, and the loop's "may I sleep now?" is checked where a person would notice
/// it — a laptop fan spinning while one photo sits on screen.
@Suite("the viewer's frame loop", .serialized)
@MainActor
struct ViewerSessionTests {
    init() { setenv("SDL_VIDEODRIVER", "dummy", 1) }

    @Test("a photo opened while the wall was still gliding lets the loop sleep once it is shown")
    func detailViewLetsTheLoopSleep() throws {
        let library = try ColourLibrary(count: 30)
        // Window starts SDL video itself; balanced here once everything is gone.
        defer { SDL_QuitSubSystem(SDL_INIT_VIDEO | SDL_INIT_EVENTS) }
        try openPhotoDuringAGlide(library)
    }

    @Test("with SDL's software renderer, textures are cascade's own memory: the budget is 48 MiB unless one is given")
    func textureBudgetFollowsTheRenderer() throws {
        defer { SDL_QuitSubSystem(SDL_INIT_VIDEO | SDL_INIT_EVENTS) }
        let defaulted = try SessionLoop()
        // The dummy video driver has no GPU: SDL's software renderer draws.
        #expect(defaulted.window.renderer.drawsOnCPU)
        #expect(defaulted.window.renderer.openGLDevice == nil)
        #expect(defaulted.session.wall.pool.budgetBytes == 48 << 20)
        let given = try SessionLoop(textureBudgetBytes: 200 << 20)
        #expect(given.session.wall.pool.budgetBytes == 200 << 20)
    }

    private func openPhotoDuringAGlide(_ library: ColourLibrary) throws {
        let loop = try SessionLoop()
        let (window, session) = (loop.window, loop.session)
        session.wall.show(library.entries)
        // (Before the first frame nothing is drawn, and nothing drawn is trivially settled.)
        try #require(loop.run { loop.frames > 0 && session.wall.isScreenSettled }, "the wall never showed its photos")

        // Page down starts a glide; Return opens a photo before the glide is over.
        session.handle(.key(KeyPress(.pageDown)))
        loop.frame()
        #expect(session.wall.view.isAnimating)
        session.handle(.key(KeyPress(.enter)))
        let detail = try #require(session.detail, "Return opened no photo")
        let colour = library.colour(of: detail.index)

        func photoShown() throws -> Bool {
            let centre = try window.renderer.readPixels(in: PixelRect(x: 200, y: 150, width: 1, height: 1))
            return ScreenColor(red: centre[2], green: centre[1], blue: centre[0]).matches(colour)
        }
        try #require(try loop.run(until: photoShown), "the photo never appeared")
        // Once it has faded in, nothing moves: the loop must be free to sleep.
        let shownAt = loop.now
        let settled = loop.run { !session.needsFrame || loop.now > shownAt + 2 }
        #expect(settled && !session.needsFrame, "frames keep coming while one photo sits still")
        #expect(try photoShown())
    }

    @Test("decodes that finish together are all taken before the loop sleeps, however few a frame uploads")
    func finishedDecodesAreNotLeftWaiting() throws {
        let library = try ColourLibrary(count: 30)
        defer { SDL_QuitSubSystem(SDL_INIT_VIDEO | SDL_INIT_EVENTS) }
        try takeEveryDecode(library)
    }

    private func takeEveryDecode(_ library: ColourLibrary) throws {
        let loop = try SessionLoop()
        let wall = loop.session.wall
        wall.show(library.entries)
        func waiting() -> [Int] {
            var indices: [Int] = []
            wall.view.forEachLiveCell { index, cell in if !cell.isSettled { indices.append(index) } }
            return indices
        }
        try #require(loop.run { loop.frames > 0 && waiting().isEmpty }, "the first screen never settled")

        // One upload per frame, so any two decodes finishing between two frames are a burst;
        // a jump (no glide) brings new tiles into the preload range below the screen, where
        // nothing fades in to keep frames coming.
        loop.session.results.uploadsPerFrame = 1
        for step in 1...4 {
            let before = wall.uploads
            wall.view.scrollTo(offset: Double(step) * 90)
            loop.frame()
            let entering = waiting()
            try #require(!entering.isEmpty)
            // The loop sleeps whenever no frame is needed; a decoded tile left in the
            // scheduler then waits for an event that never comes.
            let done = loop.run { waiting().isEmpty }
            #expect(done, "step \(step): tiles \(waiting()) were decoded but never taken")
            #expect(wall.uploads - before >= entering.count)
        }
    }

    @Test("Page Down pressed twice before the wall moves scrolls two pages, as does a held key's repeat")
    func pageDownTwice() throws {
        let library = try ColourLibrary(count: 30)
        defer { SDL_QuitSubSystem(SDL_INIT_VIDEO | SDL_INIT_EVENTS) }
        try pageTwice(library)
    }

    @Test("End, Home and the page keys take the cursor along: Return opens the last photo, the first, one in view")
    func cursorFollowsTheView() throws {
        let library = try ColourLibrary(count: 30)
        defer { SDL_QuitSubSystem(SDL_INIT_VIDEO | SDL_INIT_EVENTS) }
        let loop = try SessionLoop()
        let (session, view) = (loop.session, loop.session.wall.view)
        session.wall.show(library.entries)
        loop.frame()
        func openedAfter(_ key: Key) throws -> Int {
            session.handle(.key(KeyPress(key)))
            #expect(loop.run { !view.isAnimating })
            session.handle(.key(KeyPress(.enter)))
            let detail = try #require(session.detail, "Return opened no photo")
            let opened = detail.index
            #expect(view.layout.frame(at: opened).intersects(view.viewportRect), "\(key): photo \(opened) opened is not in view")
            session.handle(.key(KeyPress(.escape)))
            loop.frame()
            return opened
        }
        #expect(try openedAfter(.end) == library.entries.count - 1)
        #expect(try openedAfter(.home) == 0)
        let paged = try openedAfter(.pageDown)
        #expect(paged > 0, "Page Down left the cursor on the first photo, now out of view")
    }

    private func pageTwice(_ library: ColourLibrary) throws {
        let loop = try SessionLoop()
        let (session, view) = (loop.session, loop.session.wall.view)
        session.wall.show(library.entries)
        loop.frame()
        let page = view.viewportSize.height * 0.9
        try #require(view.contentLength - view.viewportSize.height > 3 * page, "the wall is too short to page")

        // Both presses arrive within one frame's events.
        session.handle(.key(KeyPress(.pageDown)))
        session.handle(.key(KeyPress(.pageDown)))
        #expect(loop.run { !view.isAnimating })
        #expect(abs(view.contentOffset - 2 * page) < 0.5, "scrolled \(view.contentOffset), two pages are \(2 * page)")

        // A held key repeats every few frames, each press while the last glide is under way.
        let start = view.contentOffset
        session.handle(.key(KeyPress(.pageUp)))
        loop.frame()
        loop.frame()
        session.handle(.key(KeyPress(.pageUp)))
        #expect(loop.run { !view.isAnimating })
        #expect(abs(view.contentOffset - (start - 2 * page)) < 0.5, "scrolled back to \(view.contentOffset)")
    }
}

/// A session in a dummy-driver window whose loop the test turns: the loop's body, with the
/// test's clock.
@MainActor
final class SessionLoop {
    let window: Window
    let session: ViewerSession
    let events: EventSource
    /// The session's clock: it moves a refresh per frame, and when the test moves it.
    let clock = ManualClock(now: 1000)
    var now: Double { clock.now }
    private(set) var frames = 0

    init(textureBudgetBytes: Int? = nil, width: Int = 400, height: Int = 300,
         configure: (inout ViewerOptions) -> Void = { _ in }) throws {
        window = try Window(title: "cascade test", placement: .windowed(width: width, height: height))
        var options = ViewerOptions()
        options.textureBudgetBytes = textureBudgetBytes
        options.style = WallStyle(columns: .fixed(3), margins: Margins(all: 8), captions: false)
        options.thumbnailCache = false
        configure(&options)
        session = ViewerSession(window: window, options: options, title: "cascade test", log: Logger(label: "cascade.tests"),
                                clock: clock)
        events = EventSource(window: window)
    }

    /// The loop's body once: the clock's work, then a frame a refresh later.
    func frame() {
        session.tick(at: now)
        clock.advance(by: 1.0 / 60)
        frames += 1
        session.frame(at: now)
    }

    /// Sleeps for an event only when no frame is needed, takes what is queued, draws a frame;
    /// until `done`. False when that takes longer than 60 s: the limit only ends a failing
    /// test, and under ThreadSanitizer, beside the decode-budget suites on two cores, sixty
    /// tiles' decodes took longer than the 10 s it was. Each sleep lasts at most 50 ms: SDL's
    /// event queue is the process's, so a suite running beside this one can take the wake-up
    /// a decode sent here, and a sleep until the limit would then be the test's whole wait.
    func run(until done: () throws -> Bool) rethrows -> Bool {
        let deadline = Date().addingTimeInterval(60)
        while try !done() {
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { return false }
            if !session.needsFrame, let event = events.next(waitingUpTo: min(left, 0.05)) { session.handle(event) }
            while let event = events.poll() { session.handle(event) }
            frame()
        }
        return true
    }
}

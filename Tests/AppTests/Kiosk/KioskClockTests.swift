import CSDL2
import Control
import Foundation
import Testing
@testable import App
import Photos
import Waterfall

/// A kiosk's time, moved by hand: the session takes its clock as a parameter, so minutes of
/// idleness pass in a test without a sleep, and what the clock asks for goes through the same
/// commands a key or the socket gives.
@Suite("the kiosk's clock, moved by hand", .serialized)
@MainActor
struct KioskClockTests {
    init() { setenv("SDL_VIDEODRIVER", "dummy", 1) }

    private func mode(_ session: ViewerSession) -> String? { session.state["mode"]?.stringValue }

    private func shown(_ session: ViewerSession) -> String? {
        session.state["slideshow"]?["shown"]?.arrayValue?.first?["path"]?.stringValue
    }

    @Test("a photo left open closes after its time-out, to the wall at that photo, and not a second before")
    func openPhotoTimesOut() throws {
        let library = try ColourLibrary(count: 12)
        defer { SDL_QuitSubSystem(SDL_INIT_VIDEO | SDL_INIT_EVENTS) }
        let loop = try SessionLoop { $0.detailTimeout = 30 }
        let session = loop.session
        session.wall.show(library.entries)
        #expect(session.perform(.open(5), from: .control) == .success(.null))
        #expect(mode(session) == "detail")
        loop.clock.advance(by: 29.9)
        session.tick(at: loop.now)
        #expect(mode(session) == "detail", "closed before its time")
        loop.clock.advance(by: 0.2)
        session.tick(at: loop.now)
        #expect(mode(session) == "wall")
        #expect(session.state["cursor"]?.intValue == 5, "the wall comes back with the cursor on the photo that was open")
    }

    @Test("after its quiet spell the slideshow starts, and its timer steps to the next photo each interval")
    func slideshowByTheClock() throws {
        let library = try ColourLibrary(count: 12)
        defer { SDL_QuitSubSystem(SDL_INIT_VIDEO | SDL_INIT_EVENTS) }
        let loop = try SessionLoop {
            $0.slideshow.after = 120
            $0.slideshow.interval = 10
            $0.slideshow.transitionSeconds = 0
            $0.photoIndex = false
        }
        let session = loop.session
        session.wall.show(library.entries)
        loop.clock.advance(by: 119)
        loop.frame()
        #expect(mode(session) == "wall")
        loop.clock.advance(by: 2)
        loop.frame()
        #expect(mode(session) == "slideshow")
        try #require(loop.run { shown(session) != nil }, "the first slide never showed")
        let first = try #require(shown(session))
        // Frames a refresh apart do not reach the interval: the slide stays.
        for _ in 0..<60 { loop.frame() }
        #expect(shown(session) == first)
        try #require(loop.run { session.state["slideshow"]?["nextReady"]?.boolValue == true })
        loop.clock.advance(by: 10)
        loop.frame()
        #expect(shown(session) != first, "the interval passed and the slide did not change")
        #expect(mode(session) == "slideshow")
    }
}

import CSDL2
import Foundation
import Testing
@testable import App
import Control
import Kiosk
import Photos
import Screen
import Waterfall
@testable import TestSupport

/// The photo frame as drawn, read back from the dummy driver's 400×300 window: a portrait pair is
/// one picture (a small even gap, centred as a whole), the bars beside a photo show its blurred
/// mat (not black, darker than the photo), and a panorama under the pan crosses the screen at
/// full height.
@Suite("the slideshow's layouts on screen", .serialized)
@MainActor
struct SlideshowFrameTests {
    init() { setenv("SDL_VIDEODRIVER", "dummy", 1) }

    static let red = ScreenColor(red: 200, green: 40, blue: 40)
    static let blue = ScreenColor(red: 40, green: 60, blue: 200)
    static let green = ScreenColor(red: 40, green: 190, blue: 60)
    static let amber = ScreenColor(red: 220, green: 140, blue: 40)

    /// Runs `body` on a session showing the slideshow of the photos `make` writes, their first
    /// slide on screen, the clock stopped for the test to move.
    private func withSlideshow(mat: SlideshowSettings.Mat = .blur, transition: SlideshowSettings.Transition = .fade,
                               fadeSeconds: Double = 0, slideCount: Int, _ make: (PhotoFolder) throws -> Void,
                               _ body: (SessionLoop) throws -> Void) throws {
        let folder = try PhotoFolder()
        defer { SDL_QuitSubSystem(SDL_INIT_VIDEO | SDL_INIT_EVENTS) }
        let loop = try SessionLoop {
            $0.slideshow.order = .name
            $0.slideshow.transition = transition
            $0.slideshow.transitionSeconds = fadeSeconds
            $0.slideshow.interval = 600
            $0.slideshow.mat = mat
            $0.photoIndex = false
        }
        try make(folder)
        loop.session.wall.show(try PhotoScanner().scan([PhotoPath(folder.path)]).entries)
        #expect(loop.session.perform(.slideshow(.start), from: .control) == .success(.null))
        // A frame each pass, as the real loop ticks before it decides to sleep (SessionLoop.run
        // would sleep with the slide's pixels in and the slide not yet taken).
        let deadline = Date().addingTimeInterval(20)
        while loop.session.state["slideshow"]?["shown"]?.arrayValue?.count != slideCount, Date() < deadline {
            if let event = loop.events.next(waitingUpTo: 0.01) { loop.session.handle(event) }
            while let event = loop.events.poll() { loop.session.handle(event) }
            loop.frame()
        }
        try #require(loop.session.state["slideshow"]?["shown"]?.arrayValue?.count == slideCount, "the slide never showed")
        loop.frame()
        try body(loop)
    }

    private func row(_ loop: SessionLoop, y: Int) throws -> [ScreenColor] {
        let p = try loop.window.renderer.readPixels(in: PixelRect(x: 0, y: y, width: 400, height: 1))
        return (0..<400).map { ScreenColor(red: p[$0 * 4 + 2], green: p[$0 * 4 + 1], blue: p[$0 * 4]) }
    }

    private func colour(_ loop: SessionLoop, _ x: Int, _ y: Int) throws -> ScreenColor {
        let p = try loop.window.renderer.readPixels(in: PixelRect(x: x, y: y, width: 1, height: 1))
        return ScreenColor(red: p[2], green: p[1], blue: p[0])
    }

    /// The runs of one colour along a row, as (colour, first x, length).
    private func runs(_ row: [ScreenColor], of colours: [ScreenColor]) -> [(colour: ScreenColor?, x: Int, length: Int)] {
        var runs: [(colour: ScreenColor?, x: Int, length: Int)] = []
        for (x, pixel) in row.enumerated() {
            let named = colours.first { pixel.matches($0) }
            if let last = runs.last, last.colour == named {
                runs[runs.count - 1].length += 1
            } else {
                runs.append((named, x, 1))
            }
        }
        return runs
    }

    @Test("two portraits are one picture: full height, a small even gap, centred as a whole")
    func portraitPair() throws {
        try withSlideshow(mat: .black, slideCount: 2, { folder in
            // 1:2 portraits: side by side at the window's full height they are 300 px wide in all.
            _ = try folder.photo("a.png", width: 150, height: 300, colour: "\(Self.red)")
            _ = try folder.photo("b.png", width: 150, height: 300, colour: "\(Self.blue)")
        }) { loop throws in
            let background = DetailScreen.background
            let found = runs(try row(loop, y: 150), of: [background, Self.red, Self.blue])
            let named = found.filter { $0.length > 1 }.map(\.colour)
            #expect(named == [background, Self.red, background, Self.blue, background], "the row is \(found)")
            guard named.count == 5 else { return }
            let runs = found.filter { $0.length > 1 }
            let (left, a, gap, b, right) = (runs[0], runs[1], runs[2], runs[3], runs[4])
            let expectedGap = 400 * SlideLayout.gapShare
            #expect(abs(Double(gap.length) - expectedGap) <= 1.5, "the gap is \(gap.length) px, not about \(expectedGap)")
            #expect(abs(a.length - b.length) <= 1 && abs(a.length - 150) <= 1, "the photos are \(a.length) and \(b.length) px wide")
            #expect(abs(left.length - right.length) <= 1, "the pair is not centred: bars of \(left.length) and \(right.length) px")
            // Full height: the photos reach the top and bottom rows.
            let top = try colour(loop, a.x + a.length / 2, 1), bottom = try colour(loop, b.x + b.length / 2, 298)
            #expect(top.matches(Self.red) && bottom.matches(Self.blue), "the pair is not full height: \(top), \(bottom)")
        }
    }

    @Test("the bars beside a wide photo show its mat: not black, darker than the photo")
    func blurredMat() throws {
        try withSlideshow(slideCount: 1, { folder in
            _ = try folder.photo("wide.png", width: 400, height: 100, colour: "\(Self.amber)")
        }) { loop throws in
            let photo = try colour(loop, 200, 150)
            #expect(photo.matches(Self.amber), "the photo is \(photo)")
            for (x, y) in [(200, 40), (20, 280), (380, 10)] {
                let bar = try colour(loop, x, y)
                #expect(Int(bar.red) + Int(bar.green) > 60, "the bar at \(x),\(y) is black: \(bar)")
                #expect(bar.red < photo.red && bar.green < photo.green, "the bar at \(x),\(y) is not darker than the photo: \(bar)")
                #expect(bar.red > bar.blue, "the bar at \(x),\(y) is not of the photo's colour: \(bar)")
            }
        }
    }

    @Test("with --mat black the bars are the background")
    func blackMat() throws {
        try withSlideshow(mat: .black, slideCount: 1, { folder in
            _ = try folder.photo("wide.png", width: 400, height: 100, colour: "\(Self.amber)")
        }) { loop throws in
            #expect(try colour(loop, 200, 150).matches(Self.amber))
            #expect(try colour(loop, 200, 40).matches(DetailScreen.background, tolerance: 2))
        }
    }

    @Test("under the pan, a panorama fills the height and crosses from its left end to its right end")
    func panorama() throws {
        try withSlideshow(transition: .pan, slideCount: 1, { folder in
            // 8:1: a red left quarter, a green half, a blue right quarter.
            try magick(["-size", "400x200", "xc:\(Self.red)", "-size", "800x200", "xc:\(Self.green)", "-size", "400x200", "xc:\(Self.blue)",
                        "+append", folder.path + "/pano.png"])
        }) { loop throws in
            for (x, y) in [(5, 2), (200, 150), (395, 297)] {
                #expect(try colour(loop, x, y).matches(Self.red), "at the start, \(x),\(y) is not the left end")
            }
            loop.clock.advance(by: 300)
            loop.frame()
            for (x, y) in [(5, 2), (200, 150), (395, 297)] {
                #expect(try colour(loop, x, y).matches(Self.green), "half-way, \(x),\(y) is not the middle")
            }
            loop.clock.advance(by: 299.5)
            loop.frame()
            for (x, y) in [(5, 2), (200, 150), (395, 297)] {
                #expect(try colour(loop, x, y).matches(Self.blue), "at the end, \(x),\(y) is not the right end")
            }
        }
    }

    @Test("a panorama decoded ahead as a strip is decoded again, sharp, when the transition becomes pan")
    func panoramaDecodedAgainForThePan() throws {
        try withSlideshow(slideCount: 1, { folder in
            // 8:1 in stripes 2 px wide: as a 400×50 strip they average to grey; at the window's
            // full height they are drawn 1:1, black and white.
            try magick(["-size", "2x300", "xc:black", "-size", "2x300", "xc:white", "+append", "-write", "mpr:tile", "+delete",
                        "-size", "2400x300", "tile:mpr:tile", folder.path + "/pano.png"])
        }) { loop throws in
            let session = loop.session
            // The slide after this one, the same panorama in the next round, is decoded as a strip.
            try #require(loop.run { session.state["slideshow"]?["nextReady"]?.boolValue == true }, "the next slide was never decoded")
            #expect(session.perform(.transition(.pan), from: .control) == .success(.null))
            #expect(session.perform(.slideshow(.next), from: .control) == .success(.null))
            let deadline = Date().addingTimeInterval(20)
            #expect(try !stripes(loop), "as a strip the stripes should be grey")
            while try !stripes(loop), Date() < deadline {
                if let event = loop.events.next(waitingUpTo: 0.01) { session.handle(event) }
                while let event = loop.events.poll() { session.handle(event) }
                loop.frame()
            }
            let seen = try row(loop, y: 150).prefix(24).map(\.red)
            #expect(try stripes(loop), "the panorama under the pan is a stretched strip, not decoded again: \(seen)")
        }
    }

    /// Whether the middle row shows the panorama's stripes sharp: both near black and near white.
    private func stripes(_ loop: SessionLoop) throws -> Bool {
        let reds = try row(loop, y: 150).map(\.red)
        return reds.contains { $0 < 50 } && reds.contains { $0 > 200 }
    }

    @Test("a slide due while the next photo is still decoding lets the loop sleep until the decode wakes it, then changes")
    func aLateDecodeIsWaitedForAsleep() throws {
        try withSlideshow(mat: .black, slideCount: 1, { folder in
            _ = try folder.photo("a.png", width: 400, height: 300, colour: "\(Self.red)")
            _ = try folder.photo("b.png", width: 400, height: 300, colour: "\(Self.blue)")
        }) { loop throws in
            let screen = try #require(loop.session.stack.top as? SlideshowScreen)
            let first = screen.shown.map(\.path)
            // The next slide is asked for again and no frame takes its pixels: it is still
            // decoding when its time comes, as a large photo on a slow frame is.
            screen.resize(Size(width: 400, height: 300))
            #expect(!screen.nextReady)
            loop.clock.advance(by: 601)
            #expect(screen.nextDeadline(after: loop.now) > loop.now,
                    "a deadline already past: the loop would wake at once, again and again, until the decode is in")
            #expect(loop.run { screen.shown.map(\.path) != first }, "the next slide never came")
            #expect(screen.nextDeadline(after: loop.now) > loop.now + 599, "the next change is a slide's time away")
        }
    }

    @Test("photos arriving faster than a decode keep the slide decoded ahead: it is not chosen again, and comes")
    func arrivalsKeepTheNextSlide() throws {
        try withSlideshow(mat: .black, slideCount: 1, { folder in
            for (name, colour) in [("a.png", Self.red), ("b.png", Self.blue), ("c.png", Self.green)] {
                _ = try folder.photo(name, width: 400, height: 300, colour: "\(colour)")
            }
        }) { loop throws in
            let screen = try #require(loop.session.stack.top as? SlideshowScreen)
            #expect(loop.run { screen.nextReady }, "the next slide was never decoded")
            let folder = loop.session.wall.entries[0].path.parent.string
            for n in 1...3 {
                try magick(["-size", "300x300", "xc:\(Self.amber)", folder + "/new-\(n).png"])
                screen.photosChanged(try PhotoScanner().scan([PhotoPath(folder)]).entries, by: .folder)
                #expect(screen.nextReady, "arrival \(n) threw the decoded slide away")
            }
            let first = screen.shown.map(\.path)
            loop.clock.advance(by: 601)
            #expect(loop.run { screen.shown.map(\.path) != first }, "the next slide never came")
        }
    }

    @Test("a photo on screen that leaves the folder gives way to the next slide, even while paused")
    func aRemovedPhotoLeavesThePausedScreen() throws {
        try withSlideshow(mat: .black, slideCount: 1, { folder in
            _ = try folder.photo("a.png", width: 400, height: 300, colour: "\(Self.red)")
            _ = try folder.photo("b.png", width: 400, height: 300, colour: "\(Self.blue)")
        }) { loop throws in
            let screen = try #require(loop.session.stack.top as? SlideshowScreen)
            screen.pause(true, at: loop.now)
            let first = try #require(screen.shown.first?.path)
            screen.photosChanged(loop.session.wall.entries.filter { $0.path != first }, by: .folder)
            #expect(loop.run { screen.shown.first.map(\.path) != first }, "the removed photo stayed on screen")
            #expect(screen.isPaused, "the pause asked for stays")
        }
    }

    @Test("after the screen came back, the slideshow goes on by its clock, photos arriving meanwhile")
    func goesOnAfterTheScreenCameBack() throws {
        try withSlideshow(mat: .black, slideCount: 1, { folder in
            for (name, colour) in [("a.png", Self.red), ("b.png", Self.blue), ("c.png", Self.green), ("d.png", Self.amber)] {
                _ = try folder.photo(name, width: 400, height: 300, colour: "\(colour)")
            }
        }) { loop throws in
            let screen = try #require(loop.session.stack.top as? SlideshowScreen)
            loop.session.displayCameBack("dummy")
            let folder = loop.session.wall.entries[0].path.parent.string
            var seen: [PhotoPath] = []
            for n in 1...3 {
                let before = screen.shown.map(\.path)
                try magick(["-size", "300x300", "xc:\(Self.amber)", folder + "/new-\(n).png"])
                screen.photosChanged(try PhotoScanner().scan([PhotoPath(folder)]).entries, by: .folder)
                // The slide shown again at the return has its time anew: the clock is moved on to
                // whatever the screen next waits for, until another photo shows.
                #expect(loop.run {
                    if screen.shown.map(\.path) != before { return true }
                    let next = screen.nextDeadline(after: loop.now)
                    if next.isFinite { loop.clock.advance(by: max(0, next - loop.now) + 0.01) }
                    return false
                }, "slide \(n) after the return never came")
                seen += screen.shown.map(\.path)
            }
            #expect(Set(seen).count == 3, "the same photos again: \(seen)")
        }
    }

    @Test("a crossfade follows the slides' real rectangles: mats blend into mats, the pair's gap fades to the background")
    func crossfadeIntoAPair() throws {
        try withSlideshow(fadeSeconds: 1, slideCount: 1, { folder in
            // By name: the wide photo first, alone; then the two portraits, paired.
            _ = try folder.photo("a-wide.png", width: 400, height: 100, colour: "\(Self.amber)")
            _ = try folder.photo("b-tall.png", width: 150, height: 300, colour: "\(Self.red)")
            _ = try folder.photo("c-tall.png", width: 150, height: 300, colour: "\(Self.blue)")
        }) { loop throws in
            let session = loop.session
            loop.clock.advance(by: 2)
            loop.frame()
            // The pair will have its 6 px gap at 197..<203 and bars 0..<47 and 353..<400.
            let (bar, gap) = ((20, 20), (200, 150))
            let oldBar = try colour(loop, bar.0, bar.1), oldGap = try colour(loop, gap.0, gap.1)
            #expect(oldGap.matches(Self.amber), "the wide photo is \(oldGap)")
            try #require(loop.run { session.state["slideshow"]?["nextReady"]?.boolValue == true }, "the pair was never decoded")
            #expect(session.perform(.slideshow(.next), from: .control) == .success(.null))
            loop.frame()
            try #require(session.state["slideshow"]?["shown"]?.arrayValue?.count == 2, "the pair did not show")
            loop.clock.advance(by: 0.5)
            session.frame(at: loop.now)
            let midBar = try colour(loop, bar.0, bar.1), midGap = try colour(loop, gap.0, gap.1)
            loop.clock.advance(by: 2)
            loop.frame()
            let newBar = try colour(loop, bar.0, bar.1), newGap = try colour(loop, gap.0, gap.1)
            #expect(newGap.matches(DetailScreen.background, tolerance: 2), "the pair's gap is \(newGap), not the background")
            #expect(newBar.red > newBar.blue && newBar.red > 30, "the left bar is \(newBar), not the red photo's mat")
            func between(_ mid: ScreenColor, _ a: ScreenColor, _ b: ScreenColor) -> Bool {
                let channels: [(UInt8, UInt8, UInt8)] = [(mid.red, a.red, b.red), (mid.green, a.green, b.green), (mid.blue, a.blue, b.blue)]
                return channels.allSatisfy { (m: UInt8, x: UInt8, y: UInt8) -> Bool in
                    // The fade is a refresh past half-way when drawn.
                    let expected = Double(x) + (Double(y) - Double(x)) * (0.5 + 1.0 / 60)
                    return abs(Double(m) - expected) <= 8
                }
            }
            #expect(between(midBar, oldBar, newBar), "half-way the bar is \(midBar), not between \(oldBar) and \(newBar)")
            #expect(between(midGap, oldGap, newGap), "half-way the gap is \(midGap), not between \(oldGap) and \(newGap)")
        }
    }
}

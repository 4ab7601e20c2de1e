import CSDL2
import Foundation
import Testing
@testable import App
import Control
import Photos
import Screen
import Waterfall
@testable import TestSupport

/// A Raspberry Pi's GPU takes textures of at most 2048 px a side. A photo bigger than that is
/// merely big: on the wall, open, zoomed in and as a slide it must show as itself, decoded to
/// fit, never as a failed texture. The dummy driver's renderer is held to 256 px a side here,
/// below the 400×300 window, so every one of those pictures would need more than it may have.
@Suite("a photo larger than the GPU's largest texture", .serialized)
@MainActor
struct SmallGPUTests {
    init() { setenv("SDL_VIDEODRIVER", "dummy", 1) }

    static let cap = 256
    /// The photo's quarters, clockwise from the top left.
    static let quarters = [ScreenColor(red: 208, green: 32, blue: 32), ScreenColor(red: 32, green: 192, blue: 32),
                           ScreenColor(red: 224, green: 192, blue: 32), ScreenColor(red: 32, green: 64, blue: 208)]

    /// A 3000×2000 photo in four coloured quarters.
    private static func bigPhoto(in folder: PhotoFolder) throws -> String {
        let path = folder.path + "/big.png"
        let (tl, tr, br, bl) = (quarters[0], quarters[1], quarters[2], quarters[3])
        try magick(["-size", "1500x1000", "xc:\(tl)", "xc:\(tr)", "+append",
                    "(", "-size", "1500x1000", "xc:\(bl)", "xc:\(br)", "+append", ")", "-append", path])
        return path
    }

    private func colour(_ loop: SessionLoop, _ x: Double, _ y: Double) throws -> ScreenColor {
        let p = try loop.window.renderer.readPixels(in: PixelRect(x: Int(x), y: Int(y), width: 1, height: 1))
        return ScreenColor(red: p[2], green: p[1], blue: p[0])
    }

    /// The frames of `bigAnimation`.
    static let frames = [ScreenColor(red: 208, green: 32, blue: 32), ScreenColor(red: 32, green: 64, blue: 208)]

    /// A 1200×800 GIF of two solid frames, a tenth of a second each, forever.
    private static func bigAnimation(in folder: PhotoFolder) throws {
        try magick(["-delay", "10", "-size", "1200x800", "xc:\(frames[0])", "xc:\(frames[1])", "-loop", "0", folder.path + "/moving.gif"])
    }

    /// Whether the photo's quarters are where they belong in `rect` (a quarter of the way in
    /// from each corner, far from the seams).
    private func showsPhoto(_ loop: SessionLoop, in rect: Rect) throws -> Bool {
        let points = [(0.25, 0.25), (0.75, 0.25), (0.75, 0.75), (0.25, 0.75)]
        return try zip(points, Self.quarters).allSatisfy { point, expected in
            try colour(loop, rect.minX + rect.width * point.0, rect.minY + rect.height * point.1).matches(expected)
        }
    }

    /// Runs `body` on a session whose wall holds the photo alone, one column wide, its renderer
    /// held to `cap`; then checks that no texture made on the way was larger.
    private func withPhoto(_ make: (PhotoFolder) throws -> Void = { _ = try bigPhoto(in: $0) },
                           _ body: (SessionLoop, ViewerSession) throws -> Void) throws {
        let folder = try PhotoFolder()
        defer { SDL_QuitSubSystem(SDL_INIT_VIDEO | SDL_INIT_EVENTS) }
        let loop = try SessionLoop {
            $0.style = WallStyle(columns: .fixed(1), margins: Margins(all: 8), captions: false)
            $0.slideshow.transition = .pan
            $0.slideshow.transitionSeconds = 0
            $0.slideshow.interval = 600
            $0.photoIndex = false
        }
        loop.window.renderer.textureSideCap = Self.cap
        try make(folder)
        loop.session.wall.show(try PhotoScanner().scan([PhotoPath(folder.path)]).entries)
        try body(loop, loop.session)
        #expect(loop.window.renderer.longestTextureSide <= Self.cap, "a texture larger than the GPU allows was made")
    }

    @Test("on the wall, one tile wider than the GPU allows shows the photo, from a texture it allows")
    func wallTile() throws {
        try withPhoto { loop, session throws in
            try #require(loop.run { loop.frames > 0 && session.wall.isScreenSettled }, "the wall never settled")
            loop.clock.advance(by: 1)
            loop.frame()
            let tile = try #require(session.wall.view.drawList.first)
            #expect(tile.frame.width > Double(Self.cap), "the tile must need more than one texture may hold")
            #expect(try showsPhoto(loop, in: tile.frame), "the tile does not show the photo")
        }
    }

    @Test("open and zoomed in past 4×, the photo shows, from textures the GPU allows")
    func detailAndZoom() throws {
        try withPhoto { loop, session throws in
            #expect(session.perform(.open(0), from: .control) == .success(.null))
            // 3000×2000 fitted to 400×300: 400×267, centred.
            let fitted = Rect(x: 0, y: (300 - 800.0 / 3) / 2, width: 400, height: 800.0 / 3)
            #expect(try loop.run { try showsPhoto(loop, in: fitted) }, "the open photo never showed")
            // Seven steps of 1.25: 4.77× about the centre; a quarter of the window in from each
            // corner is still in that corner's quarter of the photo.
            for _ in 0..<7 { _ = session.perform(.zoomIn, from: .control) }
            let window = Rect(x: 0, y: 0, width: 400, height: 300)
            #expect(try loop.run { try showsPhoto(loop, in: window) }, "zoomed in, the photo did not show")
            for _ in 0..<10 { loop.frame() }
            #expect(try showsPhoto(loop, in: window), "zoomed in, the photo went")
        }
    }

    @Test("as a slide with the Ken Burns pan, the photo shows, from a texture the GPU allows")
    func slide() throws {
        try withPhoto { loop, session throws in
            #expect(session.perform(.slideshow(.start), from: .control) == .success(.null))
            let middle = Rect(x: 40, y: 50, width: 320, height: 200)
            #expect(loop.run { session.state["slideshow"]?["shown"]?.arrayValue?.isEmpty == false && (try? showsPhoto(loop, in: middle)) == true },
                    "the slide never showed the photo")
            loop.clock.advance(by: 300)
            loop.frame()
            #expect(try showsPhoto(loop, in: middle), "half-way through its pan the slide does not show the photo")
        }
    }

    @Test("an animation larger than the GPU allows plays its frames, from textures it allows")
    func animation() throws {
        try withPhoto(Self.bigAnimation) { loop, session throws in
            #expect(session.perform(.open(0), from: .control) == .success(.null))
            var seen: Set<Int> = []
            // A frame each refresh, whether or not the loop would sleep: the animation's clock
            // is the test's, and it moves only with the frames.
            let deadline = Date().addingTimeInterval(10)
            while seen.count < Self.frames.count, Date() < deadline {
                if let event = loop.events.next(waitingUpTo: 0.005) { session.handle(event) }
                while let event = loop.events.poll() { session.handle(event) }
                loop.frame()
                let centre = try colour(loop, 200, 150)
                for (i, frame) in Self.frames.enumerated() where centre.matches(frame) { seen.insert(i) }
            }
            #expect(seen.count == Self.frames.count, "the animation's frames did not both show: \(seen)")
        }
    }
}

import CSDL2
import Foundation
import Testing
@testable import App
import Screen
import Waterfall

/// The kiosk's ticker: a wall in rows on a wide bar, left alone, drifts sideways as a wall in
/// columns drifts down — the same drift along whichever way the wall scrolls — and a finger on
/// it still means the tile drawn under it. The session's loop is turned by hand with its own
/// clock, so seconds of idleness pass without a sleep.
@Suite("the kiosk's ticker: the idle drift along the wall's axis", .serialized)
@MainActor
struct TickerTests {
    init() { setenv("SDL_VIDEODRIVER", "dummy", 1) }

    /// A 32:9 bar for rows, the same bar stood on end for columns: the one wall turned.
    private func ticker(_ axis: WallAxis, speed: Double = 300, lanes: ColumnCount = .fixed(2),
                        size: Size = Size(width: 640, height: 180)) throws -> SessionLoop {
        let window = axis == .horizontal ? size : Size(width: size.height, height: size.width)
        return try SessionLoop(width: Int(window.width), height: Int(window.height)) { options in
            options.attractAfter = 5
            options.attractSpeed = speed
            options.style = WallStyle(columns: lanes, margins: Margins(all: 8), captions: false, axis: axis)
        }
    }

    /// The wall on screen with its photos, then touched (a program's scroll counts as a
    /// touch): idleness starts at the returned time, with the wall at its start.
    private func shown(_ loop: SessionLoop, _ library: ColourLibrary) throws -> Double {
        loop.session.wall.show(library.entries)
        try #require(loop.run { loop.frames > 0 && loop.session.wall.isScreenSettled }, "the wall never showed its photos")
        loop.session.perform(.scrollTo(.offset(0), animated: false), from: .control)
        loop.frame()
        return loop.now
    }

    @Test("left alone, the wall drifts along its axis at attract-speed and never across it", arguments: WallAxis.allCases)
    func driftsAlongItsAxis(axis: Waterfall.WallAxis) throws {
        let library = try ColourLibrary(count: 40)
        defer { SDL_QuitSubSystem(SDL_INIT_VIDEO | SDL_INIT_EVENTS) }
        let loop = try ticker(axis)
        let view = loop.session.wall.view
        func flow(_ r: Rect) -> Rect { axis.turned(r) }
        let idleFrom = try shown(loop, library)
        try #require(view.contentLength - axis.along(view.viewportSize) > 600, "the wall is too short to drift")

        while loop.now < idleFrom + 4.9 { loop.frame() }
        #expect(view.contentOffset == 0, "nothing moves before the idle delay")
        // A tile starting far enough along the screen that a second's drift (300 px) keeps it there.
        let length = axis.along(view.viewportSize)
        let tile = try #require(view.drawList.first { (320..<length).contains(flow($0.frame).minY) })

        // The first frame of the drift moves nothing (a long sleep is no jump); from then on
        // it is attract-speed pixels per second of the clock.
        while loop.now < idleFrom + 5 { loop.frame() }
        let start = loop.now
        while loop.now < start + 1 { loop.frame() }
        let elapsed = loop.now - start
        let viewport = flow(view.viewportRect)
        let (along, across) = (viewport.minY, viewport.minX)
        #expect(abs(along - 300 * elapsed) <= 300.0 / 60 + 0.5, "drifted \(along) px in \(elapsed) s at 300 px/s")
        #expect(across == 0, "the \(axis) wall moved across its axis by \(across) px")
        #expect(along == view.contentOffset)

        // What is drawn moved with it: the tile seen before, the drift's length back along the axis.
        let moved = try #require(view.drawList.first { $0.index == tile.index }, "tile \(tile.index) left the screen")
        let shift = Point(x: flow(tile.frame).minX - flow(moved.frame).minX, y: flow(tile.frame).minY - flow(moved.frame).minY)
        #expect(abs(shift.y - view.drawnOffset) <= 1 && shift.x == 0,
                "tile \(tile.index) drawn at \(moved.frame), first at \(tile.frame), the wall drifted \(view.drawnOffset)")
    }

    @Test("at the end the drift rests, glides back to the start and drifts again", arguments: WallAxis.allCases)
    func turnsAtTheEnd(axis: Waterfall.WallAxis) throws {
        let library = try ColourLibrary(count: 40)
        defer { SDL_QuitSubSystem(SDL_INIT_VIDEO | SDL_INIT_EVENTS) }
        let loop = try ticker(axis, speed: 2000)
        let view = loop.session.wall.view
        func flow(_ r: Rect) -> Rect { axis.turned(r) }
        let idleFrom = try shown(loop, library)
        let end = view.contentLength - axis.along(view.viewportSize)

        // Bounded by frames of the test's clock, not by time: a wall that never turns fails here.
        func run(frames: Int, until done: () -> Bool) -> Bool {
            for _ in 0..<frames {
                if done() { return true }
                loop.frame()
            }
            return done()
        }
        #expect(run(frames: 60 * 20) { abs(view.contentOffset - end) < 0.5 }, "never reached the end (\(view.contentOffset) of \(end))")
        let reached = loop.now
        #expect(run(frames: 60 * 20) { view.contentOffset < end - 0.5 })
        #expect(loop.now - reached >= 3 - 1.0 / 60, "it rests at the end before the glide back")
        #expect(run(frames: 60 * 20) { view.contentOffset < 0.5 && !view.isAnimating }, "never glided back to the start")
        #expect(run(frames: 60 * 20) { view.contentOffset > 10 }, "never drifted again")
        #expect(flow(view.viewportRect).minX == 0, "the wall moved across its axis")
        #expect(loop.now > idleFrom)
    }

    @Test("a tap on the drifting ticker stops it and opens the photo drawn under the finger")
    func tapOpensWhatIsDrawn() throws {
        let library = try ColourLibrary(count: 40)
        defer { SDL_QuitSubSystem(SDL_INIT_VIDEO | SDL_INIT_EVENTS) }
        let loop = try ticker(.horizontal)
        let (session, view) = (loop.session, loop.session.wall.view)
        let idleFrom = try shown(loop, library)
        while loop.now < idleFrom + 6.5 { loop.frame() }
        try #require(view.contentOffset > 100, "the ticker did not drift")

        // A tile wholly on screen, in the second row: under the finger is what was drawn there.
        let width = view.viewportSize.width
        let tile = try #require(view.drawList.first { $0.frame.minX > 0 && $0.frame.maxX < width && $0.frame.minY > 50 })
        let point = Point(x: tile.frame.midX, y: tile.frame.midY)
        let at = loop.now
        session.handle(.input(.pointerDown(id: 1, at: point, time: at)))
        session.handle(.input(.pointerUp(id: 1, at: point, time: at + 0.08)))
        let opened = try #require(session.detail, "the tap opened nothing")
        #expect(opened.index == tile.index)
        let offset = view.contentOffset
        loop.frame()
        #expect(view.contentOffset == offset, "the ticker drifts on under an open photo")
    }

    @Test("a 32:9 bar, 1920×540, fills with two rows on its own (rows auto), from edge to edge")
    func wideBarHasTwoRows() throws {
        let library = try ColourLibrary(count: 40)
        defer { SDL_QuitSubSystem(SDL_INIT_VIDEO | SDL_INIT_EVENTS) }
        let loop = try ticker(.horizontal, lanes: .automatic, size: Size(width: 1920, height: 540))
        let view = loop.session.wall.view
        _ = try shown(loop, library)
        #expect(view.layout.laneCount == 2)
        let rows = Set(view.drawList.map { $0.frame.minY.rounded() })
        #expect(rows.count == 2, "rows drawn at \(rows.sorted())")
        for row in rows {
            let right = view.drawList.filter { $0.frame.minY.rounded() == row }.map(\.frame.maxX).max() ?? 0
            #expect(right >= 1920, "the row at y \(row) ends at x \(right), short of the bar's right edge")
        }
    }

    @Test("tiles beyond the ticker's right edge are decoded nearest first, as tiles below a wall in columns")
    func decodesAheadByDistanceAlongTheAxis() throws {
        defer { SDL_QuitSubSystem(SDL_INIT_VIDEO | SDL_INIT_EVENTS) }
        let library = try ColourLibrary(count: 40)
        for axis in WallAxis.allCases {
            let loop = try ticker(axis)
            let wall = loop.session.wall
            wall.show(library.entries)
            loop.frame()
            let view = wall.view
            let viewport = view.viewportRect
            let end = axis.along(Point(x: viewport.maxX, y: viewport.maxY))
            func start(_ index: Int) -> Double {
                let frame = view.layout.frame(at: index)
                return axis.along(Point(x: frame.minX, y: frame.minY))
            }
            let ahead = (0..<library.entries.count).filter { start($0) > end }.sorted { start($0) < start($1) }
            try #require(ahead.count >= 2, "\(axis): no tiles past the screen's end")
            let near = ahead.first!, far = ahead.last!
            #expect(wall.decodePriority(near) > 0, "\(axis): tile \(near), off screen, waits as if it were on it")
            #expect(wall.decodePriority(far) > wall.decodePriority(near), "\(axis): the farther tile \(far) is not decoded later")
            for index in view.layout.indices(in: viewport) {
                #expect(wall.decodePriority(index) < 0, "\(axis): tile \(index) on screen is not first")
            }
        }
    }
}

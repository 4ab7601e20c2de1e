import Control
import Foundation
import Testing
@testable import App
import Screen
import Waterfall

/// The wall turned to scroll sideways through its commands: what get-state says of it, where the
/// page keys take it, and which lane commands it takes.
@Suite("the wall turned horizontal", .serialized)
@MainActor
struct HorizontalWallScreenTests {
    init() { setenv("SDL_VIDEODRIVER", "dummy", 1) }

    private func state(_ wall: WallScreen) -> JSONValue { .object(wall.stateFields) }

    private func succeeded(_ outcome: CommandOutcome) -> Bool {
        if case .done(.success) = outcome { return true }
        return false
    }

    private func failure(_ outcome: CommandOutcome) -> String? {
        if case .done(.failure(let error)) = outcome { return error.message }
        return nil
    }

    @Test("set-direction horizontal turns the wall: get-state names its direction, rows, content width and each tile's row and place in the window")
    func getStateOfATurnedWall() throws {
        let h = try WallHarness(try ColourLibrary(count: 60))
        h.layout()
        #expect(succeeded(h.wall.perform(.setDirection(.horizontal), from: .control)))
        #expect(succeeded(h.wall.perform(.setRows(2), from: .control)))
        h.view.scrollTo(offset: 150)
        h.layout()
        let s = state(h.wall)
        #expect(s["direction"] == .string("horizontal"))
        #expect(s["rows"]?.intValue == 2 && s["columns"] == nil, "\(s)")
        #expect(s["contentWidth"]?.doubleValue == h.view.contentLength && s["contentHeight"] == nil)
        let visible = try #require(s["visible"]?.arrayValue)
        #expect(!visible.isEmpty)
        for tile in visible {
            let index = try #require(tile["index"]?.intValue)
            let frame = h.view.layout.frame(at: index)
            #expect(tile["row"]?.intValue == h.view.layout.lane(at: index) && tile["column"] == nil)
            #expect(tile["screen"]?["x"]?.doubleValue == frame.minX - 150, "tile \(index) in the window: \(tile)")
            #expect(tile["screen"]?["y"]?.doubleValue == frame.minY)
        }

        #expect(succeeded(h.wall.perform(.setDirection(.vertical), from: .control)))
        let back = state(h.wall)
        #expect(back["direction"] == .string("vertical") && back["columns"] != nil && back["rows"] == nil && back["contentHeight"] != nil)
    }

    @Test("page down moves a horizontal wall sideways by most of the window's width")
    func pageGoesAlongX() throws {
        let h = try WallHarness(try ColourLibrary(count: 60))
        h.layout()
        _ = h.wall.perform(.setDirection(.horizontal), from: .control)
        h.layout()
        let width = h.view.viewportSize.width
        _ = h.wall.perform(.pageDown, from: .key)
        #expect(abs(h.view.scroll.destination - 0.9 * width) < 0.5, "headed for \(h.view.scroll.destination)")
    }

    @Test("columns are asked of a vertical wall and rows of a horizontal one; the other is refused by name")
    func lanesByTheirName() throws {
        let h = try WallHarness(try ColourLibrary(count: 20))
        let rows = try #require(failure(h.wall.perform(.setRows(2), from: .control)))
        #expect(rows.contains("set-columns") && rows.contains("set-direction horizontal"), "\(rows)")
        _ = h.wall.perform(.setDirection(.horizontal), from: .control)
        let columns = try #require(failure(h.wall.perform(.setColumns(3), from: .control)))
        #expect(columns.contains("set-rows"), "\(columns)")
        #expect(succeeded(h.wall.perform(.setRows(nil), from: .control)))
    }

    @Test("turning the wall keeps the photo looked at in view")
    func turningHoldsThePhoto() throws {
        let h = try WallHarness(try ColourLibrary(count: 60))
        h.layout()
        h.view.scrollTo(offset: h.maxOffset / 2)
        h.layout()
        let looked = try #require(h.view.layout.anchor(forViewport: h.view.viewportRect)).index
        _ = h.wall.perform(.setDirection(.horizontal), from: .control)
        h.layout()
        #expect(h.view.layout.indices(in: h.view.viewportRect).contains(looked), "photo \(looked) left the screen")
    }

    @Test("rows chosen on a horizontal wall are remembered as rows: a vertical wall of the folder keeps its columns, a horizontal one gets them back")
    func remembersRowsApart() throws {
        let left = try WallHarness(try ColourLibrary(count: 30))
        _ = left.wall.perform(.setDirection(.horizontal), from: .control)
        _ = left.wall.perform(.setRows(2), from: .control)
        let place = left.wall.place(configured: .fixed(3))
        #expect(place.rows == 2 && place.columns == nil, "\(place)")

        let vertical = try WallHarness(try ColourLibrary(count: 30))
        #expect(vertical.wall.restore(place, scanEnded: true))
        #expect(vertical.view.layout.laneCount == 3, "the vertical wall took the rows for columns")

        let horizontal = try WallHarness(try ColourLibrary(count: 30))
        _ = horizontal.wall.perform(.setDirection(.horizontal), from: .control)
        #expect(horizontal.view.layout.laneCount == 1)
        #expect(horizontal.wall.restore(place, scanEnded: true))
        #expect(horizontal.view.layout.laneCount == 2, "the rows chosen did not come back")
    }
}

import CSDL2
import Dispatch
import Foundation
import Testing
@testable import App
@testable import Photos
import Screen
import Waterfall

/// The wall as a person sees it: pixels read back from what WallScreen drew, with real
/// photos decoded on worker threads.
@Suite("the wall on screen", .serialized)
@MainActor
struct WallScreenTests {
    init() { setenv("SDL_VIDEODRIVER", "dummy", 1) }

    /// Every drawn tile shows its own photo's colour.
    private func expectEveryTileShowsItsPhoto(_ h: WallHarness, _ comment: String,
                                              sourceLocation: SourceLocation = #_sourceLocation) {
        let drawn = h.drawnColours()
        #expect(drawn.count >= 3, "\(comment): too few tiles on screen to judge", sourceLocation: sourceLocation)
        for (index, colour) in drawn {
            let expected = h.library.colour(of: index)
            #expect(colour.matches(expected), "\(comment): tile \(index) shows \(colour), its photo is \(expected)",
                    sourceLocation: sourceLocation)
        }
    }

    @Test("before the scan's first photos arrive, the empty wall already has the configured columns (get-state answers them at READY)")
    func emptyWallHasItsColumns() throws {
        let h = try WallHarness(try ColourLibrary(count: 1), columns: 4, showing: false)
        #expect(h.view.numberOfCells == 0)
        #expect(h.view.layout.laneCount == 4)
    }

    @Test("each tile shows its photo, and after scrolling the tiles now on screen show theirs, never a recycled cell's old photo")
    func rightPhotoInTheRightTile() throws {
        let library = try ColourLibrary(count: 30)
        let h = try WallHarness(library)
        h.layout()
        try #require(h.settleScreen(), "the first screen never finished decoding")
        h.draw()
        expectEveryTileShowsItsPhoto(h, "at the top")

        // Who showed what before the scroll: a cell that comes back for another tile must not
        // bring its old photo along.
        var shownBy: [ObjectIdentifier: Int] = [:]
        h.view.forEachLiveCell { index, cell in shownBy[ObjectIdentifier(cell)] = index }

        for (target, name) in [(h.maxOffset, "at the bottom"), (h.maxOffset / 2, "back up in the middle")] {
            h.view.scrollTo(offset: target)
            h.layout()
            #expect(h.view.contentOffset == target)
            let recycled = h.view.drawList.filter { item in
                shownBy[ObjectIdentifier(item.cell)].map { $0 != item.index } ?? false
            }
            // The scroll is long enough that tiles coming on screen reuse cells of tiles that left.
            try #require(!recycled.isEmpty, "\(name): no tile on screen reuses a cell; the test proves nothing")

            // Before their decodes arrive, reused cells show the placeholder, not the old photo.
            h.draw()
            for item in recycled {
                guard let point = h.visibleCentre(of: item.frame), let colour = h.colour(at: point) else { continue }
                let old = shownBy[ObjectIdentifier(item.cell)]!
                #expect(!colour.matches(h.library.colour(of: old)), "\(name): tile \(item.index) shows photo \(old) of its cell's last tile")
                #expect(colour.matches(h.drawer.theme.placeholder), "\(name): tile \(item.index) shows \(colour) while loading")
            }

            try #require(h.settleScreen(), "\(name): the screen never finished decoding")
            h.draw()
            expectEveryTileShowsItsPhoto(h, name)
            h.view.forEachLiveCell { index, cell in shownBy[ObjectIdentifier(cell)] = index }
        }
        #expect(h.wall.pool.stats.hits > 0)
    }

    @Test("scrolling the whole wall down and up again after a warm-up creates no texture")
    func scrollingCreatesNoTextures() throws {
        let library = try ColourLibrary(count: 30)
        let h = try WallHarness(library)
        let step = 23.0

        /// Top → bottom → top in small steps, taking decodes as they finish, as frames would.
        /// `settling`: every step waits for its tiles, so every cell gets its texture (a cell's
        /// texture is made when its first photo arrives; on a loaded machine a photo could
        /// otherwise first reach a cell in a later pass).
        func roundTrip(settling: Bool = false) {
            var offsets = Array(stride(from: 0, through: h.maxOffset, by: step)) + [h.maxOffset]
            offsets += offsets.reversed()
            for offset in offsets {
                h.view.scrollTo(offset: offset)
                h.layout()
                if settling { _ = h.settleScreen() } else { h.deliverFinished() }
                h.draw()
            }
        }

        h.layout()
        roundTrip(settling: true)
        let warm = (pool: h.wall.pool.stats, created: h.renderer.texturesCreated, live: h.renderer.liveTextureCount)
        #expect(warm.created > 0 && warm.created == warm.pool.created, "every texture is a tile's")

        roundTrip()
        roundTrip()
        let after = h.wall.pool.stats
        #expect(after.created == warm.pool.created, "the pool made \(after.created - warm.pool.created) cells after warm-up")
        #expect(h.renderer.texturesCreated == warm.created, "the renderer made \(h.renderer.texturesCreated - warm.created) textures after warm-up")
        #expect(h.renderer.liveTextureCount == warm.live)
        #expect(after.evicted == warm.pool.evicted)
        // The passes did recycle: tiles entering the range took cells of tiles that left.
        #expect(after.hits > warm.pool.hits)

        // And the reused textures show the right photos where the wall stopped.
        try #require(h.settleScreen())
        h.draw()
        expectEveryTileShowsItsPhoto(h, "after the round trips")
    }

    @Test("a decode that finishes after its tile's cell was recycled is dropped; the cell's new tile never shows it")
    func lateDecodeIsDropped() throws {
        let library = try ColourLibrary(count: 30)
        let h = try WallHarness(library)
        h.layout()
        // Who each cell waits for at the top, and for which generation, before any decode lands.
        var waiting: [ObjectIdentifier: (index: Int, cell: TileCell, generation: UInt64, box: PixelSize)] = [:]
        h.view.forEachLiveCell { index, cell in
            waiting[ObjectIdentifier(cell)] = (index, cell, cell.generation, h.wall.decodeBox(at: index))
        }

        h.view.scrollTo(offset: h.maxOffset)
        h.layout()
        let source = TileSource(thumbnailCache: false, maxPixels: PhotoDecoder.defaultMaxPixels)
        func lateResult(for old: (index: Int, cell: TileCell, generation: UInt64, box: PixelSize)) -> WallScreen.Decodes.Finished {
            // The real pixels of the old tile's photo, as its worker would have delivered them.
            let pixels = source.pixels(for: library.entries[old.index], box: old.box,
                                       onto: Matte(Theme.standard.placeholder), enlarging: true)
            return WallScreen.Decodes.Finished(key: h.wall.key(.tile(old.cell.serial)), generation: old.generation, result: pixels)
        }

        // A cell now serving another tile on screen: the old tile's pixels arrive.
        let reused = h.view.drawList.compactMap { item -> (item: DrawItem<TileCell>, old: Int)? in
            guard let old = waiting[ObjectIdentifier(item.cell)], old.index != item.index else { return nil }
            return (item, old.index)
        }
        let (item, oldIndex) = try #require(reused.first { h.visibleCentre(of: $0.item.frame) != nil },
                                            "no tile on screen reuses a cell from the top")
        let stale = waiting[ObjectIdentifier(item.cell)]!
        #expect(item.cell.generation != stale.generation, "a reused cell waits for a new generation")
        let dropped = h.wall.lateResultsDropped
        let uploads = h.wall.uploads
        h.wall.accept(lateResult(for: stale), now: h.clock)
        #expect(h.wall.lateResultsDropped == dropped + 1)
        #expect(h.wall.uploads == uploads, "nothing was uploaded into the texture")
        #expect(item.cell.state == .loading, "the cell still waits for its own photo")
        h.draw()
        let point = try #require(h.visibleCentre(of: item.frame))
        let seen = try #require(h.colour(at: point))
        #expect(!seen.matches(library.colour(of: oldIndex)), "tile \(item.index) shows photo \(oldIndex), the late result")
        #expect(seen.matches(h.drawer.theme.placeholder))

        // A cell back in the pool (its tile left the preload range): its last decode lands late.
        let live = Set(h.view.liveIndices.compactMap { h.view.liveCell(at: $0).map(ObjectIdentifier.init) })
        let idle = try #require(waiting.values.first { !live.contains(ObjectIdentifier($0.cell)) },
                                "no cell from the top went back to the pool")
        #expect(idle.cell.state == .idle)
        h.wall.accept(lateResult(for: idle), now: h.clock)
        #expect(h.wall.lateResultsDropped == dropped + 2)
        #expect(idle.cell.state == .idle)

        // The real decodes then land, and the reused cell shows its own tile's photo.
        try #require(h.settleScreen())
        h.draw()
        let finalColour = try #require(h.colour(at: point))
        #expect(finalColour.matches(library.colour(of: item.index)), "tile \(item.index) shows \(finalColour)")
        expectEveryTileShowsItsPhoto(h, "at the bottom")

        // Back at the top, the idle cell is handed out again and shows its new tile's photo.
        h.view.scrollTo(offset: 0)
        h.layout()
        try #require(h.settleScreen())
        h.draw()
        expectEveryTileShowsItsPhoto(h, "back at the top")
    }

    @Test("after a column change and a window resize, every tile shows its own photo again")
    func relayoutKeepsPhotosInTheirTiles() throws {
        let library = try ColourLibrary(count: 30)
        let h = try WallHarness(library)
        h.view.scrollTo(offset: h.maxOffset / 3)
        h.layout()
        try #require(h.settleScreen())

        // Columns change while the new tiles' decodes are still on their way, as with a pinch.
        h.view.setColumns(.fixed(2), holding: Point(x: 200, y: 150))
        h.layout()
        #expect(h.view.layout.laneCount == 2)
        h.draw()
        for (index, colour) in h.drawnColours() {
            #expect(colour.matches(library.colour(of: index)) || colour.matches(h.drawer.theme.placeholder),
                    "tile \(index) shows \(colour) before its decode arrived")
        }
        try #require(h.settleScreen())
        h.draw()
        expectEveryTileShowsItsPhoto(h, "two columns")

        h.view.setViewportSize(Size(width: 300, height: 300))
        h.layout()
        try #require(h.settleScreen())
        h.draw()
        #expect(h.view.drawList.allSatisfy { $0.frame.maxX <= 300 })
        expectEveryTileShowsItsPhoto(h, "narrower window")
    }

    // The one wall test whose photos are shrunk (400 px wide into ~250-px tiles), so its decodes
    // run the area filter's vector loops, which under ThreadSanitizer once serialised every
    // decode thread in the process on a runtime lock (see AreaResampler's widenings).
    @Test("on a HiDPI screen (scale 2) tiles are decoded at their physical size and show their photos")
    func hiDPI() throws {
        let library = try ColourLibrary(count: 30, width: 400)
        let h = try WallHarness(library, scale: 2)
        #expect(h.canvas.size == PixelSize(width: 800, height: 600))
        h.layout()
        for index in h.view.liveIndices {
            let photo = h.wall.photoRect(at: index)
            let box = h.wall.decodeBox(at: index)
            // The most the photo covers at any offset: its size rounded up.
            #expect(box.width == Int((photo.width * 2).rounded(.up)) && box.height == Int((photo.height * 2).rounded(.up)),
                    "tile \(index) of \(photo.size) logical is decoded at \(box)")
        }
        try #require(h.settleScreen())
        h.draw()
        expectEveryTileShowsItsPhoto(h, "at scale 2")
        // The right edge of the last column reaches the window's right margin in physical pixels.
        let rightmost = try #require(h.view.drawList.max { $0.frame.maxX < $1.frame.maxX })
        let y = try #require(h.visibleCentre(of: rightmost.frame)).y * 2
        let inside = try #require(h.canvas.pixel(atX: Int(rightmost.frame.maxX * 2) - 2, y: Int(y)))
        let outside = try #require(h.canvas.pixel(atX: Int(rightmost.frame.maxX * 2) + 2, y: Int(y)))
        #expect(inside.matches(library.colour(of: rightmost.index)))
        #expect(outside.matches(h.drawer.theme.background))
    }

    @Test("the wall in a dummy-driver window: tiles drawn through the window's renderer read back with their colours")
    func wallInAWindow() throws {
        let library = try ColourLibrary(count: 12)
        // Window starts SDL video itself; this balances it once the window is gone, so SDL's
        // signal handlers do not outlive the test.
        defer { SDL_QuitSubSystem(SDL_INIT_VIDEO | SDL_INIT_EVENTS) }
        try showWallInAWindow(library)
    }

    private func showWallInAWindow(_ library: ColourLibrary) throws {
        let window = try Window(title: "cascade test", placement: .windowed(width: 400, height: 300))
        #expect(window.driver == "dummy")
        #expect(window.size == Size(width: 400, height: 300))
        try withSettledWall(in: window, showing: library) { wall, _, _ in try expectTilesRead(wall, window, library) }
        window.renderer.present()
    }

    private func expectTilesRead(_ wall: WallScreen, _ window: Window, _ library: ColourLibrary) throws {
        let output = window.renderer.outputSize
        let scale = window.renderer.scale
        let pixels = try window.renderer.readPixels()
        #expect(pixels.count == output.width * output.height * 4)
        var checked = 0
        for item in wall.view.drawList where item.frame.maxY <= 300 {
            let x = Int(item.frame.midX * scale), y = Int(item.frame.midY * scale)
            let o = (y * output.width + x) * 4
            let seen = ScreenColor(red: pixels[o + 2], green: pixels[o + 1], blue: pixels[o])
            #expect(seen.matches(library.colour(of: item.index)), "tile \(item.index) shows \(seen)")
            checked += 1
        }
        #expect(checked >= 3)
    }
}

@Suite("the wall ordered anew")
@MainActor
struct WallReorderTests {
    init() { setenv("SDL_VIDEODRIVER", "dummy", 1) }

    /// Where photo `path` is on screen: its tile's top less the scroll offset.
    private func screenY(of path: PhotoPath, in h: WallHarness) -> Double? {
        h.wall.entries.firstIndex { $0.path == path }.map { h.view.layout.frame(at: $0).minY - h.view.contentOffset }
    }

    @Test("the photo at the cursor stays where it is on screen; without a cursor, the one at the top does")
    func holdsItsPhoto() throws {
        let h = try WallHarness(try ColourLibrary(count: 60))
        h.layout()
        h.view.scrollTo(offset: h.maxOffset / 2)
        h.layout()
        let onScreen = try #require(h.view.layout.firstTile(in: h.view.viewportRect))
        let held = onScreen + 4
        h.wall.cursor = held
        let path = h.wall.entries[held].path
        let before = try #require(screenY(of: path, in: h))
        h.wall.reorder(.random(seed: 9), reversed: false)
        h.layout()
        #expect(h.wall.entries.map(\.path) != h.library.entries.map(\.path), "the order did not change; the test proves nothing")
        #expect(h.wall.cursor.map { h.wall.entries[$0].path } == path, "the cursor left its photo")
        #expect(try abs(#require(screenY(of: path, in: h)) - before) < 0.5, "the cursor's photo moved on screen")

        h.wall.cursor = nil
        let top = try #require(h.view.layout.anchor(forViewport: h.view.viewportRect))
        let topPath = h.wall.entries[top.index].path
        h.wall.reorder(.name, reversed: true)
        h.layout()
        #expect(try abs(#require(screenY(of: topPath, in: h)) - top.screenY) < 0.5, "the top photo moved on screen")
    }
}

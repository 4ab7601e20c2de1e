import CSDL2
import Testing
import Waterfall
@testable import Screen

/// Tiles drawn offscreen through the software renderer and read back pixel by pixel.
/// SDL is single-threaded: the suite runs on the main actor, one test at a time.
@Suite(.serialized) @MainActor
struct DrawingTests {
    let theme = Theme.standard

    init() { useDummyVideoDriver() }

    @Test func photoShowsItsColourInsideTheTileAndBackgroundInTheMargins() throws {
        let canvas = try OffscreenCanvas(size: PixelSize(width: 120, height: 100))
        let drawer = TileDrawer(renderer: canvas.renderer)
        let texture = try makeTexture(on: canvas.renderer, width: 40, height: 30) { _, _ in red }
        drawer.clearBackground()
        // Fractional, as the layout produces: snapped edges are x 10…91, y 10…71.
        drawer.draw(.photo(texture), in: Rect(x: 10.4, y: 9.6, width: 80.7, height: 61.2))

        for c in pixels(of: canvas, in: PixelRect(x: 10, y: 10, width: 81, height: 61)) {
            #expect(c.distance(to: red) <= 2, "tile pixel \(c)")
        }
        for (x, y) in [(9, 40), (91, 40), (50, 9), (50, 71), (0, 0), (119, 99)] {
            #expect(canvas.pixel(atX: x, y: y) == theme.background, "margin at \(x),\(y)")
        }
    }

    @Test func aspectFillShowsTheCentreOfAWidePhotoInASquareTile() throws {
        let canvas = try OffscreenCanvas(size: PixelSize(width: 80, height: 80))
        let drawer = TileDrawer(renderer: canvas.renderer)
        // Red, green and blue thirds side by side: a square tile must show only the green third.
        let texture = try makeTexture(on: canvas.renderer, width: 90, height: 30) { x, _ in
            x < 30 ? red : (x < 60 ? green : blue)
        }
        drawer.clearBackground()
        drawer.draw(.photo(texture), in: Rect(x: 10, y: 10, width: 60, height: 60))

        let tile = pixels(of: canvas, in: PixelRect(x: 10, y: 10, width: 60, height: 60))
        #expect(tile.count == 3600)
        #expect(tile.allSatisfy { $0.distance(to: green) <= 8 }, "red or blue leaked into the crop")
    }

    @Test func aspectFillShowsTheMiddleBandOfATallPhotoInAWideTile() throws {
        let canvas = try OffscreenCanvas(size: PixelSize(width: 100, height: 40))
        let drawer = TileDrawer(renderer: canvas.renderer)
        let texture = try makeTexture(on: canvas.renderer, width: 20, height: 60) { _, y in
            y < 20 ? red : (y < 40 ? green : blue)
        }
        drawer.draw(.photo(texture), in: Rect(x: 0, y: 0, width: 100, height: 40))
        let tile = pixels(of: canvas, in: PixelRect(x: 0, y: 0, width: 100, height: 40))
        // 1:3 into 5:2: only 4 of the 60 rows show, all from the green middle.
        #expect(tile.allSatisfy { $0.distance(to: green) <= 8 })
    }

    @Test func placeholderFillsTheTileWithTheCalmNeutralColour() throws {
        let canvas = try OffscreenCanvas(size: PixelSize(width: 50, height: 50))
        let drawer = TileDrawer(renderer: canvas.renderer)
        drawer.clearBackground()
        drawer.draw(.placeholder, in: Rect(x: 5, y: 5, width: 40, height: 30))
        #expect(pixels(of: canvas, in: PixelRect(x: 5, y: 5, width: 40, height: 30)).allSatisfy { $0 == theme.placeholder })
        #expect(canvas.pixel(atX: 25, y: 40) == theme.background)
        #expect(theme.placeholder != theme.background)
    }

    @Test func errorTileShowsTheIconAndTheReasonAndDiffersFromAPlaceholder() throws {
        let canvas = try OffscreenCanvas(size: PixelSize(width: 440, height: 200))
        let drawer = TileDrawer(renderer: canvas.renderer)
        drawer.clearBackground()
        drawer.draw(.placeholder, in: Rect(x: 0, y: 0, width: 200, height: 200))
        drawer.draw(.error(reason: "corrupt JPEG data"), in: Rect(x: 220, y: 0, width: 200, height: 200))

        let placeholder = pixels(of: canvas, in: PixelRect(x: 0, y: 0, width: 200, height: 200))
        let error = pixels(of: canvas, in: PixelRect(x: 220, y: 0, width: 200, height: 200))
        #expect(placeholder != error)
        #expect(error.filter { $0 == theme.errorFill }.count > error.count / 2, "the tile reads as an error tile")
        // The icon: a block of amber in the middle of the tile, above the text.
        let icon = error.filter { $0.distance(to: theme.errorIcon) <= 4 }.count
        #expect(icon > 400, "icon pixels: \(icon)")
        #expect(canvas.pixel(atX: 320, y: 80).map { $0.distance(to: theme.errorIcon) <= 4 } == true)
        // The reason: light text pixels under the icon.
        #expect(drawer.captionsAvailable, "DejaVu Sans is needed for this test (fonts-dejavu-core)")
        let textArea = pixels(of: canvas, in: PixelRect(x: 230, y: 120, width: 180, height: 40))
        #expect(textArea.contains { $0.distance(to: theme.errorText) <= 40 }, "no reason text under the icon")
    }

    @Test func errorTileTooSmallForTextStillShowsItsIcon() throws {
        let canvas = try OffscreenCanvas(size: PixelSize(width: 30, height: 30))
        let drawer = TileDrawer(renderer: canvas.renderer)
        drawer.draw(.error(reason: "corrupt JPEG data"), in: Rect(x: 0, y: 0, width: 30, height: 30))
        let tile = pixels(of: canvas, in: PixelRect(x: 0, y: 0, width: 30, height: 30))
        #expect(tile.contains { $0.distance(to: theme.errorIcon) <= 4 })
        #expect(!tile.contains { $0.distance(to: theme.errorText) <= 40 })
    }

    @Test func captionChangesOnlyTheBottomStripAndNeverOverflowsTheTile() throws {
        let canvas = try OffscreenCanvas(size: PixelSize(width: 260, height: 140))
        let drawer = TileDrawer(renderer: canvas.renderer)
        try #require(drawer.captionsAvailable, "DejaVu Sans is needed for this test (fonts-dejavu-core)")
        #expect(drawer.captionHeight == TileDrawer.captionStripHeight)
        let texture = try makeTexture(on: canvas.renderer, width: 100, height: 100) { _, _ in blue }
        drawer.clearBackground()
        drawer.draw(.photo(texture), in: Rect(x: 10, y: 10, width: 100, height: 122))
        drawer.draw(.photo(texture), in: Rect(x: 130, y: 10, width: 100, height: 122),
                    caption: "a very long file name that cannot possibly fit in one hundred pixels.jpg")

        let strip = PixelRect(x: 0, y: 110, width: 100, height: 22)
        let plain = pixels(of: canvas, in: PixelRect(x: 10, y: strip.y, width: 100, height: 22))
        let captioned = pixels(of: canvas, in: PixelRect(x: 130, y: strip.y, width: 100, height: 22))
        #expect(plain.allSatisfy { $0.distance(to: blue) <= 2 }, "without a caption the photo fills the tile")
        #expect(captioned.filter { $0 == theme.captionFill }.count > captioned.count / 2)
        #expect(captioned.contains { $0.distance(to: theme.captionText) <= 40 }, "caption text is drawn")
        // The photo part above the strip is the whole photo, undisturbed.
        #expect(pixels(of: canvas, in: PixelRect(x: 130, y: 10, width: 100, height: 100)).allSatisfy { $0.distance(to: blue) <= 2 })
        // Nothing spills into the margins beside or below the captioned tile.
        for y in 0 ..< 140 {
            #expect(canvas.pixel(atX: 129, y: y) == theme.background)
            #expect(canvas.pixel(atX: 230, y: y) == theme.background)
        }
        #expect(pixels(of: canvas, in: PixelRect(x: 130, y: 132, width: 100, height: 8)).allSatisfy { $0 == theme.background })
    }

    @Test func aSectionHeadingIsDrawnInItsRectOnTheBackgroundAndNowhereElse() throws {
        let canvas = try OffscreenCanvas(size: PixelSize(width: 320, height: 80))
        let drawer = TileDrawer(renderer: canvas.renderer)
        try #require(drawer.captionsAvailable, "DejaVu Sans is needed for this test (fonts-dejavu-core)")
        drawer.clearBackground()
        let heading = Rect(x: 10, y: 10, width: 300, height: TileDrawer.headingHeight)
        drawer.drawHeading("March 2019 · 214 photos", in: heading)
        let inside = pixels(of: canvas, in: drawer.pixelRect(for: heading))
        #expect(inside.contains { $0.distance(to: theme.captionText) <= 40 }, "the label is drawn in the captions' colour")
        #expect(inside.filter { $0 == theme.background }.count > inside.count / 2, "on the background, no fill")
        // Nothing outside the heading's rect.
        let below = pixels(of: canvas, in: PixelRect(x: 0, y: 10 + Int(TileDrawer.headingHeight), width: 320, height: 80 - 10 - Int(TileDrawer.headingHeight)))
        #expect(below.allSatisfy { $0 == theme.background })
        #expect(pixels(of: canvas, in: PixelRect(x: 0, y: 0, width: 320, height: 10)).allSatisfy { $0 == theme.background })
    }

    @Test("a heading band taller than wide (a horizontal wall's) has its label turned, drawn down the band from its top and nowhere else")
    func aTallHeadingIsTurned() throws {
        let canvas = try OffscreenCanvas(size: PixelSize(width: 80, height: 320))
        let drawer = TileDrawer(renderer: canvas.renderer)
        try #require(drawer.captionsAvailable, "DejaVu Sans is needed for this test (fonts-dejavu-core)")
        drawer.clearBackground()
        let band = Rect(x: 10, y: 10, width: TileDrawer.headingHeight, height: 300)
        drawer.drawHeading("March 2019 · 214 photos", in: band)
        let inside = pixels(of: canvas, in: drawer.pixelRect(for: band))
        #expect(inside.contains { $0.distance(to: theme.captionText) <= 40 }, "the label is drawn")
        // Turned, a label of 23 characters runs far down the band: text in its lower half too.
        let lower = pixels(of: canvas, in: PixelRect(x: 10, y: 110, width: Int(TileDrawer.headingHeight), height: 60))
        #expect(lower.contains { $0.distance(to: theme.captionText) <= 40 }, "the label runs down the band")
        let right = pixels(of: canvas, in: PixelRect(x: 10 + Int(TileDrawer.headingHeight), y: 0, width: 80 - 10 - Int(TileDrawer.headingHeight), height: 320))
        #expect(right.allSatisfy { $0 == theme.background }, "nothing beside the band")
        #expect(pixels(of: canvas, in: PixelRect(x: 0, y: 0, width: 10, height: 320)).allSatisfy { $0 == theme.background })
    }

    @Test func aTextureRefilledForAnotherTileShowsTheNewContent() throws {
        let canvas = try OffscreenCanvas(size: PixelSize(width: 200, height: 100))
        let drawer = TileDrawer(renderer: canvas.renderer)
        let texture = try makeTexture(on: canvas.renderer, width: 60, height: 60, capacity: PixelSize(width: 64, height: 64)) { _, _ in red }
        drawer.draw(.photo(texture), in: Rect(x: 0, y: 0, width: 60, height: 60))
        let created = canvas.renderer.texturesCreated

        // Handed to the next tile of its size class: smaller content, different colour.
        try fill(texture, width: 50, height: 40) { _, _ in green }
        #expect(texture.contentSize == PixelSize(width: 50, height: 40))
        drawer.draw(.photo(texture), in: Rect(x: 100, y: 0, width: 50, height: 40))

        let second = pixels(of: canvas, in: PixelRect(x: 100, y: 0, width: 50, height: 40))
        #expect(second.allSatisfy { $0.distance(to: green) <= 2 }, "stale red from the first photo shows")
        #expect(canvas.renderer.texturesCreated == created, "reuse must not create a texture")
    }

    @Test func fadeInBlendsThePhotoOverThePlaceholder() throws {
        let canvas = try OffscreenCanvas(size: PixelSize(width: 20, height: 20))
        let drawer = TileDrawer(renderer: canvas.renderer)
        let white = ScreenColor(red: 255, green: 255, blue: 255)
        let texture = try makeTexture(on: canvas.renderer, width: 10, height: 10) { _, _ in white }
        drawer.draw(.photo(texture, opacity: 0), in: Rect(x: 0, y: 0, width: 10, height: 10))
        drawer.draw(.photo(texture, opacity: 0.5), in: Rect(x: 10, y: 0, width: 10, height: 10))
        drawer.draw(.photo(texture, opacity: 1), in: Rect(x: 0, y: 10, width: 10, height: 10))
        #expect(canvas.pixel(atX: 5, y: 5) == theme.placeholder)
        let half = try #require(canvas.pixel(atX: 15, y: 5))
        let expected = (Int(theme.placeholder.red) + 255) / 2
        #expect(abs(Int(half.red) - expected) <= 3, "half faded: \(half)")
        #expect(canvas.pixel(atX: 5, y: 15) == white)
    }

    @Test("an opaque tile fully shown covers its placeholder; fading in, it blends over it")
    func opaqueTileCoversItsPlaceholder() throws {
        let canvas = try OffscreenCanvas(size: PixelSize(width: 20, height: 10))
        let drawer = TileDrawer(renderer: canvas.renderer)
        let texture = try TileTexture(renderer: canvas.renderer, capacity: PixelSize(width: 10, height: 10), opaque: true)
        try fill(texture, width: 10, height: 10) { _, _ in ScreenColor(red: 255, green: 255, blue: 255) }
        drawer.draw(.photo(texture, opacity: 1), in: Rect(x: 0, y: 0, width: 10, height: 10))
        drawer.draw(.photo(texture, opacity: 0.5), in: Rect(x: 10, y: 0, width: 10, height: 10))
        #expect(canvas.pixel(atX: 5, y: 5)?.distance(to: ScreenColor(red: 255, green: 255, blue: 255)) ?? 99 <= 1)
        let half = try #require(canvas.pixel(atX: 15, y: 5))
        #expect(abs(Int(half.red) - (Int(theme.placeholder.red) + 255) / 2) <= 3, "half faded: \(half)")
    }

    @Test("a tile decoded one pixel larger than it covers is copied 1:1, the extra row and column left out")
    func onePixelLargerIsCopiedOneToOne() throws {
        let canvas = try OffscreenCanvas(size: PixelSize(width: 20, height: 20))
        let drawer = TileDrawer(renderer: canvas.renderer)
        // Every pixel different: any scaling would blend neighbours.
        let colour = { (x: Int, y: Int) in ScreenColor(red: UInt8(x * 20), green: UInt8(y * 20), blue: UInt8((x * 7 + y * 13) % 256)) }
        let texture = try makeTexture(on: canvas.renderer, width: 11, height: 11, colour)
        drawer.draw(.photo(texture), in: Rect(x: 5, y: 5, width: 10, height: 10))
        for y in 0 ..< 10 {
            for x in 0 ..< 10 {
                #expect(canvas.pixel(atX: 5 + x, y: 5 + y) == colour(x, y), "at \(x),\(y)")
            }
        }
    }

    @Test("a scaled tile cut by the canvas edge shows the part it would show uncut")
    func scaledTileCutByTheEdge() throws {
        // Left half red, right half green; 1.5× on the left edge (the rounding cut), 4× on the
        // bottom edge (the cut that keeps whole source pixels).
        let canvas = try OffscreenCanvas(size: PixelSize(width: 100, height: 100))
        let drawer = TileDrawer(renderer: canvas.renderer)
        let halves = try makeTexture(on: canvas.renderer, width: 40, height: 40) { x, _ in x < 20 ? red : green }
        drawer.clearBackground()
        drawer.draw(.photo(halves), in: Rect(x: -15, y: 0, width: 60, height: 60))
        // Uncut, the colours meet at -15 + 20 × 1.5 = 15.
        #expect(canvas.pixel(atX: 13, y: 30)!.distance(to: red) <= 8)
        #expect(canvas.pixel(atX: 17, y: 30)!.distance(to: green) <= 8)
        #expect(canvas.pixel(atX: 44, y: 30)!.distance(to: green) <= 8)
        #expect(canvas.pixel(atX: 46, y: 30) == theme.background)

        let small = try makeTexture(on: canvas.renderer, width: 10, height: 10) { x, _ in x < 5 ? red : green }
        drawer.draw(.photo(small), in: Rect(x: 55, y: 70, width: 40, height: 40))
        // Uncut, they meet at 55 + 5 × 4 = 75; the tile runs on below the canvas.
        #expect(canvas.pixel(atX: 72, y: 99)!.distance(to: red) <= 8)
        #expect(canvas.pixel(atX: 78, y: 99)!.distance(to: green) <= 8)
        #expect(canvas.pixel(atX: 94, y: 99)!.distance(to: green) <= 8)
        #expect(canvas.pixel(atX: 96, y: 99) == theme.background)
    }

    @Test func neighbouringTilesWithFractionalWidthsNeitherOverlapNorGap() throws {
        let canvas = try OffscreenCanvas(size: PixelSize(width: 100, height: 10))
        let drawer = TileDrawer(renderer: canvas.renderer)
        let colours = [red, green, blue]
        let textures = try colours.map { colour in try makeTexture(on: canvas.renderer, width: 8, height: 8) { _, _ in colour } }
        drawer.clearBackground()
        let width = 100.0 / 3
        for i in 0 ..< 3 {
            drawer.draw(.photo(textures[i]), in: Rect(x: Double(i) * width, y: 0, width: width, height: 10))
        }
        let row = pixels(of: canvas, in: PixelRect(x: 0, y: 5, width: 100, height: 1))
        #expect(!row.contains(theme.background), "a 1-px gap between tiles")
        let runs = row.map { c in colours.firstIndex { $0.distance(to: c) <= 2 } ?? -1 }
        #expect(runs == Array(repeating: 0, count: 33) + Array(repeating: 1, count: 34) + Array(repeating: 2, count: 33))
    }

    /// A 40×20 placeholder tile at 10,10 with the cursor round it, `room` pixels of gap beside it.
    private func ringedTile(room: Double) throws -> OffscreenCanvas {
        let canvas = try OffscreenCanvas(size: PixelSize(width: 60, height: 40))
        let drawer = TileDrawer(renderer: canvas.renderer)
        drawer.clearBackground()
        drawer.draw(.placeholder, in: Rect(x: 10, y: 10, width: 40, height: 20))
        drawer.drawCursor(around: Rect(x: 10, y: 10, width: 40, height: 20), room: room)
        return canvas
    }

    private func expect(_ canvas: OffscreenCanvas, _ points: [(Int, Int)], are colour: ScreenColor, _ what: String,
                        sourceLocation: SourceLocation = #_sourceLocation) {
        for (x, y) in points {
            #expect(canvas.pixel(atX: x, y: y) == colour, "\(what) \(x),\(y)", sourceLocation: sourceLocation)
        }
    }

    @Test("the cursor is a 4-px accent ring with a dark line, round the tile in a gap that holds it, off the photo and its caption")
    func cursorRingsTheTileOutsideItsEdges() throws {
        let canvas = try ringedTile(room: 10)
        // The ring 5..8, the dark line at 9: the tile from 10 to 49 keeps every pixel.
        expect(canvas, [(5, 5), (54, 34), (8, 20), (30, 8), (51, 20), (30, 31)], are: theme.highlight, "ring")
        expect(canvas, [(9, 20), (30, 9), (50, 20), (30, 30)], are: theme.highlightEdge, "dark line")
        expect(canvas, [(10, 10), (49, 29), (10, 20), (30, 29)], are: theme.placeholder, "the tile's own pixel")
        expect(canvas, [(4, 20)], are: theme.background, "beyond the ring")
    }

    @Test("with margins too thin for it, the cursor's ring goes inside the tile's edges, never over a neighbour")
    func cursorRingsTheTileInsideItsEdges() throws {
        let canvas = try ringedTile(room: 2)
        expect(canvas, [(10, 10), (49, 29), (13, 20), (30, 13), (46, 20), (30, 26)], are: theme.highlight, "ring")
        expect(canvas, [(14, 20), (30, 14), (45, 20), (30, 25)], are: theme.highlightEdge, "inner line")
        expect(canvas, [(30, 20)], are: theme.placeholder, "the tile's middle")
        expect(canvas, [(9, 20), (50, 20)], are: theme.background, "beside the tile")
    }

    @Test("a new arrival is a corner flag, not a ring: the cursor's edges stay the photo's")
    func arrivalMarkIsACornerFlag() throws {
        let canvas = try OffscreenCanvas(size: PixelSize(width: 200, height: 200))
        let drawer = TileDrawer(renderer: canvas.renderer)
        drawer.clearBackground()
        let tile = Rect(x: 20, y: 20, width: 150, height: 120)
        drawer.draw(.placeholder, in: tile)
        drawer.drawArrivalMark(in: tile)
        // The flag's legs run 26 px along the top and right edges from the corner (169, 20).
        for (x, y) in [(168, 21), (150, 21), (168, 40), (160, 25)] {
            #expect(canvas.pixel(atX: x, y: y) == theme.arrival, "flag \(x),\(y)")
        }
        // Outside it: the rest of the edges, and below the flag's diagonal.
        for (x, y) in [(21, 21), (100, 20), (168, 60), (21, 139), (150, 40)] {
            #expect(canvas.pixel(atX: x, y: y) == theme.placeholder, "no mark at \(x),\(y)")
        }
        #expect(theme.arrival != theme.highlight && theme.arrival != theme.highlightEdge)

        // Fading: half strength is a blend of amber over the tile, gone at zero.
        drawer.draw(.placeholder, in: tile)
        drawer.drawArrivalMark(in: tile, opacity: 0.5)
        let half = canvas.pixel(atX: 166, y: 22)
        #expect(half != theme.arrival && half != theme.placeholder, "half-faded flag: \(half)")
        drawer.draw(.placeholder, in: tile)
        drawer.drawArrivalMark(in: tile, opacity: 0)
        #expect(canvas.pixel(atX: 166, y: 22) == theme.placeholder)
    }

    @Test func hiDPIScaleDrawsLogicalRectsAtPhysicalSize() throws {
        let canvas = try OffscreenCanvas(logicalSize: Size(width: 50, height: 30), scale: 2)
        #expect(canvas.size == PixelSize(width: 100, height: 60))
        let drawer = TileDrawer(renderer: canvas.renderer)
        drawer.clearBackground()
        drawer.draw(.placeholder, in: Rect(x: 10, y: 5, width: 10, height: 10))
        #expect(pixels(of: canvas, in: PixelRect(x: 20, y: 10, width: 20, height: 20)).allSatisfy { $0 == theme.placeholder })
        #expect(canvas.pixel(atX: 19, y: 15) == theme.background)
        #expect(canvas.pixel(atX: 40, y: 15) == theme.background)
    }

    @Test func aDestroyedTextureDrawsAsPlaceholderInsteadOfCrashing() throws {
        let canvas = try OffscreenCanvas(size: PixelSize(width: 20, height: 20))
        let drawer = TileDrawer(renderer: canvas.renderer)
        let texture = try makeTexture(on: canvas.renderer, width: 10, height: 10) { _, _ in red }
        texture.destroy()
        drawer.draw(.photo(texture), in: Rect(x: 0, y: 0, width: 20, height: 20))
        #expect(canvas.pixel(atX: 10, y: 10) == theme.placeholder)
    }

    @Test func aWall1920By30000PixelsDrawsToTheBottom() throws {
        let canvas = try OffscreenCanvas(size: PixelSize(width: 1920, height: 30000))
        let drawer = TileDrawer(renderer: canvas.renderer)
        let texture = try makeTexture(on: canvas.renderer, width: 64, height: 64) { _, _ in green }
        drawer.clearBackground()
        drawer.draw(.photo(texture), in: Rect(x: 1500, y: 29700, width: 400, height: 290))
        #expect(canvas.pixel(atX: 1700, y: 29989)?.distance(to: green) ?? 255 <= 2)
        #expect(canvas.pixel(atX: 1700, y: 29995) == theme.background)
        #expect(canvas.pixel(atX: 10, y: 10) == theme.background)
    }
}

import Testing
@testable import Waterfall

/// A screen on its side: the wall is laid out upright in the turned picture, and a finger on
/// the screen lands on what is drawn under it.
@Suite("screen rotation: picture and screen points")
struct ScreenRotationTests {
    let screen = Size(width: 1280, height: 800)

    @Test("90 and 270 stand the picture on its side; 0 and 180 keep the screen's shape")
    func sizes() throws {
        for degrees in [90, 270] {
            #expect(try #require(ScreenRotation(degrees: degrees)).logicalSize(ofPhysical: screen) == Size(width: 800, height: 1280))
        }
        for degrees in [0, 180] {
            #expect(try #require(ScreenRotation(degrees: degrees)).logicalSize(ofPhysical: screen) == screen)
        }
    }

    @Test("turned clockwise: at 90 the picture's top-left corner is at the screen's top-right, at 270 its bottom-left, at 180 its bottom-right")
    func corners() throws {
        let expected: [Int: Point] = [0: Point(x: 0, y: 0), 90: Point(x: 1280, y: 0), 180: Point(x: 1280, y: 800), 270: Point(x: 0, y: 800)]
        for (degrees, corner) in expected {
            let rotation = try #require(ScreenRotation(degrees: degrees))
            let picture = rotation.logicalSize(ofPhysical: screen)
            #expect(rotation.physicalPoint(Point(x: 0, y: 0), inLogical: picture) == corner, "\(degrees)°")
        }
    }

    @Test("a screen point maps into the picture and back to itself, at every rotation")
    func roundTrip() throws {
        for degrees in [0, 90, 180, 270] {
            let rotation = try #require(ScreenRotation(degrees: degrees))
            let picture = rotation.logicalSize(ofPhysical: screen)
            for point in [Point(x: 0, y: 0), Point(x: 17.5, y: 799), Point(x: 1279, y: 3), Point(x: 640, y: 400)] {
                let inPicture = rotation.logicalPoint(point, onPhysical: screen)
                #expect(inPicture.x >= 0 && inPicture.x <= picture.width && inPicture.y >= 0 && inPicture.y <= picture.height)
                #expect(rotation.physicalPoint(inPicture, inLogical: picture) == point, "\(degrees)° \(point)")
            }
        }
    }

    @Test("a tile's rectangle is drawn where its corners go, its sides swapped at 90 and 270")
    func rects() throws {
        let tile = Rect(x: 10, y: 20, width: 300, height: 200)
        let rotation90 = try #require(ScreenRotation(degrees: 90))
        // The picture is 800 wide, 1280 tall: its top row runs down the screen's right edge.
        #expect(rotation90.physicalRect(tile, inLogical: Size(width: 800, height: 1280)) == Rect(x: 1060, y: 10, width: 200, height: 300))
        let rotation270 = try #require(ScreenRotation(degrees: 270))
        #expect(rotation270.physicalRect(tile, inLogical: Size(width: 800, height: 1280)) == Rect(x: 20, y: 490, width: 200, height: 300))
        let rotation180 = try #require(ScreenRotation(degrees: 180))
        #expect(rotation180.physicalRect(tile, inLogical: screen) == Rect(x: 970, y: 580, width: 300, height: 200))
    }

    @Test("a swipe follows the picture: at 90 a finger moving up the screen moves left on the picture, at 270 right")
    func swipeDirection() throws {
        let start = Point(x: 600, y: 500), end = Point(x: 600, y: 300)  // up the screen
        for (degrees, sign) in [(90, -1.0), (270, 1.0)] {
            let rotation = try #require(ScreenRotation(degrees: degrees))
            let dx = rotation.logicalPoint(end, onPhysical: screen).x - rotation.logicalPoint(start, onPhysical: screen).x
            let dy = rotation.logicalPoint(end, onPhysical: screen).y - rotation.logicalPoint(start, onPhysical: screen).y
            #expect(dx == sign * 200 && dy == 0, "\(degrees)°")
        }
    }

    @Test("only 0, 90, 180 and 270 are rotations; any other word is refused with the choices")
    func words() throws {
        #expect(try ScreenRotation(word: "0") == .upright)
        #expect(try ScreenRotation(word: "270").turn == .counterClockwise)
        for bad in ["45", "360", "-90", "", "ninety", "90.0", "9e1"] {
            #expect(throws: ScreenRotation.InvalidWord.self) { try ScreenRotation(word: bad) }
        }
        #expect(ScreenRotation.InvalidWord().description == "must be 0, 90, 180 or 270 (degrees clockwise)")
    }
}

@Suite("screen rotation: input events")
struct ScreenRotationInputTests {
    @Test("pointers land in the picture; a wheel keeps its travel and turns only where it happened")
    func events() throws {
        let screen = Size(width: 1280, height: 800)
        let rotation = try #require(ScreenRotation(degrees: 90))
        #expect(rotation.logical(.pointerDown(id: 3, at: Point(x: 1270, y: 5), time: 1), onPhysical: screen)
            == .pointerDown(id: 3, at: Point(x: 5, y: 10), time: 1))
        #expect(rotation.logical(.wheel(dx: 0, dy: 120, zoom: false, at: Point(x: 1270, y: 5), time: 2), onPhysical: screen)
            == .wheel(dx: 0, dy: 120, zoom: false, at: Point(x: 5, y: 10), time: 2))
        #expect(ScreenRotation.upright.logical(.pointerUp(id: 1, at: Point(x: 7, y: 8), time: 0), onPhysical: screen)
            == .pointerUp(id: 1, at: Point(x: 7, y: 8), time: 0))
    }
}

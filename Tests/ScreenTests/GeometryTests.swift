import Testing
import Waterfall
@testable import Screen

struct PixelSnappingTests {
    @Test func edgesRoundSoSharedEdgesStayShared() {
        let a = PixelRect(snapping: Rect(x: 0, y: 0, width: 33.5, height: 10))
        let b = PixelRect(snapping: Rect(x: 33.5, y: 0, width: 33.5, height: 10))
        #expect(a.maxX == b.x)
        #expect(PixelRect(snapping: Rect(x: 10.4, y: 9.6, width: 80.7, height: 61.2)) == PixelRect(x: 10, y: 10, width: 81, height: 61))
    }

    @Test func roundingIsTheSameAtNegativeOffsets() {
        // A wall scrolled by a fractional offset: the same rect shifted by whole pixels snaps
        // to the same shape, above or below zero.
        for y in stride(from: -20.5, through: 20.5, by: 0.25) {
            let here = PixelRect(snapping: Rect(x: 0, y: y, width: 10, height: 7.5))
            let there = PixelRect(snapping: Rect(x: 0, y: y + 100, width: 10, height: 7.5))
            #expect(here.height == there.height && here.y + 100 == there.y, "at \(y)")
        }
    }

    @Test func scaleMultipliesBeforeRounding() {
        #expect(PixelRect(snapping: Rect(x: 10.25, y: 5, width: 10.5, height: 10), scale: 2) == PixelRect(x: 21, y: 10, width: 21, height: 20))
        #expect(PixelRect(snapping: Rect(x: 1, y: 1, width: 1, height: 1), scale: 1.5) == PixelRect(x: 2, y: 2, width: 1, height: 1))
    }

    @Test func nonsenseInputSnapsToSomethingEmptyOrBoundedNeverTraps() {
        #expect(PixelRect(snapping: Rect(x: .nan, y: 0, width: 10, height: 10)).isEmpty)
        #expect(PixelRect(snapping: Rect(x: 0, y: 0, width: -10, height: 10)).isEmpty)
        let huge = PixelRect(snapping: Rect(x: 0, y: 0, width: .infinity, height: 1e300))
        #expect(huge.width == PixelRect.limit && huge.height == PixelRect.limit)
    }
}

struct AspectFillTests {
    @Test func widePhotoInSquareKeepsTheCentre() {
        #expect(AspectFill.sourceRect(content: PixelSize(width: 90, height: 30), destination: PixelSize(width: 60, height: 60))
            == PixelRect(x: 30, y: 0, width: 30, height: 30))
    }

    @Test func tallPhotoInWideTileKeepsTheMiddleBand() {
        #expect(AspectFill.sourceRect(content: PixelSize(width: 100, height: 400), destination: PixelSize(width: 200, height: 100))
            == PixelRect(x: 0, y: 175, width: 100, height: 50))
    }

    @Test func sameRatioUsesThePhotoWhole() {
        #expect(AspectFill.sourceRect(content: PixelSize(width: 300, height: 200), destination: PixelSize(width: 150, height: 100))
            == PixelRect(x: 0, y: 0, width: 300, height: 200))
    }

    @Test func extremeRatiosNeverGiveAnEmptySource() {
        let sliver = AspectFill.sourceRect(content: PixelSize(width: 1, height: 1), destination: PixelSize(width: 1000, height: 1))
        #expect(sliver == PixelRect(x: 0, y: 0, width: 1, height: 1))
        #expect(AspectFill.sourceRect(content: PixelSize(width: 0, height: 5), destination: PixelSize(width: 5, height: 5)).isEmpty)
    }
}

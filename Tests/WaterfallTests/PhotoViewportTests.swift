import Testing
@testable import Waterfall

private func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool {
    abs(a - b) <= tolerance * max(1, abs(a), abs(b))
}

private func close(_ a: Rect, _ b: Rect) -> Bool {
    close(a.minX, b.minX) && close(a.minY, b.minY) && close(a.width, b.width) && close(a.height, b.height)
}

/// The photo point (as fractions of its sides) drawn at `point`.
private func photoPoint(_ v: PhotoViewport, at point: Point) -> Point {
    let f = v.frame
    return Point(x: (point.x - f.minX) / f.width, y: (point.y - f.minY) / f.height)
}

/// Along each axis: no gap at either edge when the photo is larger than the viewport, else centred.
private func noGap(_ v: PhotoViewport) -> Bool {
    let f = v.frame
    func axis(_ lo: Double, _ hi: Double, _ size: Double) -> Bool {
        hi - lo > size ? lo <= 1e-9 && hi >= size - 1e-9 : close(lo + hi, size)
    }
    return axis(f.minX, f.maxX, v.viewport.width) && axis(f.minY, f.maxY, v.viewport.height)
}

private func isFinite(_ r: Rect) -> Bool {
    r.minX.isFinite && r.minY.isFinite && r.width.isFinite && r.height.isFinite
}

@Suite("Photo viewport")
struct PhotoViewportTests {
    @Test("fit letterboxes a wide photo in a tall window")
    func fitWide() {
        let v = PhotoViewport(photo: Size(width: 4000, height: 2000), viewport: Size(width: 600, height: 1000))
        #expect(v.frame == Rect(x: 0, y: 350, width: 600, height: 300))
        #expect(v.zoom == 1)
        #expect(!v.isZoomed)
    }

    @Test("fit pillarboxes a tall photo in a wide window")
    func fitTall() {
        let v = PhotoViewport(photo: Size(width: 3000, height: 4000), viewport: Size(width: 1600, height: 800))
        #expect(v.frame == Rect(x: 500, y: 0, width: 600, height: 800))
    }

    @Test("a photo smaller than the window is fit up to it too")
    func fitSmall() {
        let v = PhotoViewport(photo: Size(width: 40, height: 30), viewport: Size(width: 800, height: 600))
        #expect(v.frame == Rect(x: 0, y: 0, width: 800, height: 600))
    }

    @Test("zooming about a corner keeps the photo's corner there")
    func zoomAboutCorner() {
        var v = PhotoViewport(photo: Size(width: 1600, height: 1200), viewport: Size(width: 800, height: 600))
        v.zoom(by: 2, around: Point(x: 0, y: 0))
        #expect(v.frame == Rect(x: 0, y: 0, width: 1600, height: 1200))
        #expect(v.isZoomed)

        var w = PhotoViewport(photo: Size(width: 1600, height: 1200), viewport: Size(width: 800, height: 600))
        w.zoom(by: 3, around: Point(x: 800, y: 600))
        #expect(close(w.frame.maxX, 800) && close(w.frame.maxY, 600))
        #expect(close(w.frame.width, 2400))
    }

    @Test("zooming in about any point keeps the photo point under it", arguments: 1...5)
    func zoomKeepsPointUnderPointer(seed: Int) {
        var rng = SeededGenerator(seed: UInt64(seed))
        var v = PhotoViewport(photo: Size(width: 1500, height: 1000), viewport: Size(width: 1200, height: 800))
        for _ in 0..<50 {
            let p = Point(x: Double.random(in: 0...1200, using: &rng), y: Double.random(in: 0...800, using: &rng))
            let factor = Double.random(in: 1...1.5, using: &rng)
            let before = photoPoint(v, at: p)
            let expected = min(v.zoom * factor, PhotoViewport.maximumZoom)
            v.zoom(by: factor, around: p)
            #expect(close(v.zoom, expected))
            let after = photoPoint(v, at: p)
            #expect(close(before.x, after.x, 1e-9) && close(before.y, after.y, 1e-9), "at \(p)")
            #expect(noGap(v))
        }
    }

    @Test("a photo smaller than the window rests at its actual size, centred; 1:1 on a HiDPI screen is one photo pixel to one screen pixel")
    func smallPhotoRestsAtActualSize() {
        var v = PhotoViewport(photo: Size(width: 200, height: 150), viewport: Size(width: 800, height: 600), screenScale: 1)
        #expect(v.frame == Rect(x: 300, y: 225, width: 200, height: 150))
        #expect(v.percent == 100 && !v.isZoomed)
        v.zoom(by: 2, around: Point(x: 400, y: 300))
        #expect(v.percent == 200 && v.isZoomed)
        v.reset()
        #expect(v.frame.width == 200)
        // Twice as many screen pixels as logical ones: 100 logical pixels wide at 1:1.
        let hiDPI = PhotoViewport(photo: Size(width: 200, height: 150), viewport: Size(width: 800, height: 600), screenScale: 2)
        #expect(hiDPI.frame.width == 100 && hiDPI.percent == 100)
        // Without a known pixel size (a header that could not be read) it fits, as before.
        let unknown = PhotoViewport(photo: Size(width: 200, height: 150), viewport: Size(width: 800, height: 600))
        #expect(unknown.frame.width == 800 && unknown.percent == nil)
    }

    @Test("1:1 toggles with the fit, is reached however large the photo, and survives a resize; so does the rest")
    func actualSizeToggle() {
        var v = PhotoViewport(photo: Size(width: 8000, height: 6000), viewport: Size(width: 800, height: 600), screenScale: 1)
        #expect(v.zoom == 1 && v.percent == 10)
        v.toggleActualSize()
        #expect(v.zoom == 10 && v.percent == 100, "1:1 is beyond 8 times the fit, and still reached")
        #expect(v.frame.width == 8000)
        v.resize(viewport: Size(width: 400, height: 300))
        #expect(v.percent == 100, "a resize keeps 1:1")
        v.toggleActualSize()
        #expect(v.zoom == 1 && v.frame.width == 400, "back to the fit of the new window")
        v.resize(viewport: Size(width: 1600, height: 1200))
        #expect(v.frame.width == 1600, "a resize keeps the fit")
        // A small photo is at 1:1 already: the key leaves it there.
        var small = PhotoViewport(photo: Size(width: 200, height: 150), viewport: Size(width: 800, height: 600), screenScale: 1)
        small.toggleActualSize()
        #expect(small.percent == 100)
    }

    @Test("zooming in and out again about the same point comes back")
    func zoomRoundTrip() {
        var v = PhotoViewport(photo: Size(width: 1600, height: 1200), viewport: Size(width: 800, height: 600))
        v.zoom(by: 2, around: Point(x: 100, y: 500))
        let zoomed = v.frame
        v.zoom(by: 1.5, around: Point(x: 300, y: 200))
        v.zoom(by: 1 / 1.5, around: Point(x: 300, y: 200))
        #expect(close(v.frame, zoomed))
        // Below the fit, a small photo centred in the viewport.
        v.zoom(by: 0.01, around: Point(x: 700, y: 20))
        #expect(v.zoom == PhotoViewport.smallestZoomOfRest)
        #expect(v.frame == Rect(x: 360, y: 270, width: 80, height: 60))
        #expect(!v.isZoomed, "smaller than its rest: a drag swipes")
    }

    @Test("zoom stays within a tenth of the rest and 8 times the fit")
    func zoomClamps() {
        var v = PhotoViewport(photo: Size(width: 1000, height: 1000), viewport: Size(width: 500, height: 500))
        v.zoom(by: 100, around: Point(x: 250, y: 250))
        #expect(v.zoom == PhotoViewport.maximumZoom)
        #expect(v.frame.width == 4000)
        v.setZoom(0.25)
        #expect(v.zoom == 0.25)
        v.setZoom(20)
        #expect(v.zoom == 8)
        v.setZoom(-.infinity)
        #expect(v.zoom == PhotoViewport.smallestZoomOfRest)
        v.setZoom(3)
        #expect(v.zoom == 3)
        v.setZoom(.nan)
        #expect(v.zoom == 3)
    }

    @Test("a zoom factor that is not a positive number changes nothing")
    func badFactors() {
        var v = PhotoViewport(photo: Size(width: 1000, height: 800), viewport: Size(width: 500, height: 400))
        v.zoom(by: 2, around: Point(x: 10, y: 10))
        let before = v
        for factor: Double in [0, -2, .nan, .infinity, -.infinity] {
            v.zoom(by: factor, around: Point(x: 300, y: 300))
            #expect(v == before, "factor \(factor)")
        }
    }

    @Test("setZoom zooms about the viewport centre")
    func setZoomAboutCentre() {
        var v = PhotoViewport(photo: Size(width: 1000, height: 800), viewport: Size(width: 500, height: 400))
        v.setZoom(4)
        #expect(v.frame == Rect(x: -750, y: -600, width: 2000, height: 1600))
    }

    @Test("a drag moves the photo with the pointer")
    func panFollowsDrag() {
        var v = PhotoViewport(photo: Size(width: 1000, height: 800), viewport: Size(width: 500, height: 400))
        v.setZoom(2)
        let before = v.frame
        v.pan(by: Point(x: 120, y: -80))
        #expect(close(v.frame, before.offsetBy(dx: 120, dy: -80)))
    }

    @Test("panning never leaves a gap, however far or in whatever order", arguments: 1...5)
    func panNeverLeavesGap(seed: Int) {
        var rng = SeededGenerator(seed: UInt64(seed))
        var v = PhotoViewport(photo: Size(width: 4000, height: 3000), viewport: Size(width: 900, height: 1000))
        for _ in 0..<200 {
            switch Int.random(in: 0..<4, using: &rng) {
            case 0: v.pan(by: Point(x: Double.random(in: -3000...3000, using: &rng), y: Double.random(in: -3000...3000, using: &rng)))
            case 1: v.zoom(by: Double.random(in: 0.5...2, using: &rng), around: Point(x: Double.random(in: -100...1000, using: &rng), y: Double.random(in: -100...1100, using: &rng)))
            case 2: v.resize(viewport: Size(width: Double.random(in: 100...2000, using: &rng), height: Double.random(in: 100...2000, using: &rng)))
            default: v.setZoom(Double.random(in: 0...10, using: &rng))
            }
            #expect(noGap(v), "\(v.frame) in \(v.viewport)")
        }
    }

    @Test("a drag pushed past the edge stops with the photo's edge on the viewport's")
    func panStopsAtEdge() {
        var v = PhotoViewport(photo: Size(width: 1000, height: 800), viewport: Size(width: 500, height: 400))
        v.setZoom(2)   // 1000×800 shown
        v.pan(by: Point(x: 10_000, y: 10_000))
        #expect(v.frame.minX == 0 && v.frame.minY == 0)
        v.pan(by: Point(x: -.infinity, y: -1e300))
        #expect(v.frame.maxX == 500 && v.frame.maxY == 400)
    }

    @Test("along the letterboxed axis the zoomed photo stays centred")
    func letterboxedAxisStaysCentred() {
        var v = PhotoViewport(photo: Size(width: 4000, height: 2000), viewport: Size(width: 600, height: 1000))
        v.setZoom(2)   // 1200×600: wider than the window, shorter than it
        v.pan(by: Point(x: -100, y: 300))
        #expect(close(v.frame, Rect(x: -400, y: 200, width: 1200, height: 600)))
    }

    @Test("a resize keeps the zoom and the photo point at the centre")
    func resizeKeepsCentre() {
        var v = PhotoViewport(photo: Size(width: 4000, height: 3000), viewport: Size(width: 800, height: 600))
        v.setZoom(4)
        v.pan(by: Point(x: 500, y: -300))
        let centreBefore = photoPoint(v, at: Point(x: 400, y: 300))
        v.resize(viewport: Size(width: 1000, height: 700))
        #expect(v.zoom == 4)
        let centreAfter = photoPoint(v, at: Point(x: 500, y: 350))
        #expect(close(centreBefore.x, centreAfter.x) && close(centreBefore.y, centreAfter.y))
        #expect(noGap(v))
    }

    @Test("minimising the window and restoring it keeps zoom and pan")
    func minimiseAndRestore() {
        var v = PhotoViewport(photo: Size(width: 4000, height: 3000), viewport: Size(width: 800, height: 600))
        v.zoom(by: 3, around: Point(x: 100, y: 100))
        let before = v.frame
        v.resize(viewport: .zero)
        #expect(v.frame.isEmpty)
        v.resize(viewport: Size(width: 800, height: 600))
        #expect(close(v.frame, before))
    }

    @Test("reset returns to fit, centred")
    func reset() {
        let fit = PhotoViewport(photo: Size(width: 1000, height: 800), viewport: Size(width: 500, height: 400))
        var v = fit
        v.zoom(by: 5, around: Point(x: 10, y: 390))
        v.pan(by: Point(x: 40, y: 40))
        v.reset()
        #expect(v == fit)
        #expect(!v.isZoomed)
    }

    @Test("a tap on the letterbox is off the photo; a tap on it is on it")
    func containsPoint() {
        let v = PhotoViewport(photo: Size(width: 4000, height: 2000), viewport: Size(width: 600, height: 1000))
        #expect(!v.contains(Point(x: 300, y: 100)))
        #expect(v.contains(Point(x: 300, y: 500)))
        #expect(!v.contains(Point(x: 300, y: 900)))
    }

    @Test("a photo of unknown size is shown square")
    func zeroPhotoIsSquare() {
        for photo in [Size.zero, Size(width: -3, height: 10), Size(width: .nan, height: 100), Size(width: 100, height: 0),
                      Size(width: .infinity, height: 10), Size(width: 1e300, height: 1e-300)] {
            let v = PhotoViewport(photo: photo, viewport: Size(width: 800, height: 600))
            #expect(v.frame == Rect(x: 100, y: 0, width: 600, height: 600), "\(photo)")
        }
    }

    @Test("degenerate photo and window sizes keep every number finite")
    func degenerateSizesStayFinite() {
        let sides: [Double] = [0, -5, .nan, .infinity, -.infinity, 1e-300, 1e300, 1, 640]
        for pw in sides {
            for vw in sides {
                for vh in [0, 480, .nan, 1e300] {
                    var v = PhotoViewport(photo: Size(width: pw, height: 480), viewport: Size(width: vw, height: vh))
                    #expect(isFinite(v.frame), "photo \(pw)×480 in \(vw)×\(vh)")
                    v.zoom(by: 8, around: Point(x: 1e308, y: -1e308))
                    v.pan(by: Point(x: .infinity, y: .nan))
                    v.zoom(by: 0.5, around: Point(x: .nan, y: 3))
                    v.resize(viewport: Size(width: vh, height: vw))
                    v.pan(by: Point(x: -1e308, y: 1e308))
                    #expect(isFinite(v.frame) && v.zoom.isFinite, "photo \(pw)×480 in \(vw)×\(vh)")
                    #expect(v == v)   // no NaN hiding in the state
                }
            }
        }
    }

    @Test("an empty window shows an empty frame")
    func emptyViewport() {
        let v = PhotoViewport(photo: Size(width: 4000, height: 3000), viewport: Size(width: 0, height: 600))
        #expect(v.frame.isEmpty)
        #expect(!v.contains(Point(x: 0, y: 300)))
    }
}

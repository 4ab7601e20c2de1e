import Testing
@testable import Photos

@Suite("Area filter")
struct ResamplerTests {
    static func whole(_ image: DecodedImage) -> (x: Double, y: Double, width: Double, height: Double) {
        (0, 0, Double(image.width), Double(image.height))
    }

    @Test("A 2×2 black and white checker becomes one mid-grey pixel")
    func checkerToGrey() {
        var checker = DecodedImage.solid(width: 2, height: 2, .black)
        checker.set(1, 0, .white)
        checker.set(0, 1, .white)
        let grey = AreaResampler.resample(checker, region: Self.whole(checker), width: 1, height: 1, alpha: false)
        let p = grey.pixel(0, 0)
        #expect([p.r, p.g, p.b].allSatisfy { abs($0 - 128) <= 1 })
        #expect(p.a == 255)
    }

    @Test("One-pixel stripes do not alias into bands at any ratio")
    func stripesAverage() {
        var stripes = DecodedImage.solid(width: 301, height: 4, .black)
        for x in Swift.stride(from: 0, to: 301, by: 2) {
            for y in 0..<4 { stripes.set(x, y, .white) }
        }
        // Point sampling would give pure black or white; an area average can be off grey
        // by at most one stripe's share of the pixels an output covers.
        for width in [7, 10, 33, 100] {
            let small = AreaResampler.resample(stripes, region: Self.whole(stripes), width: width, height: 1, alpha: false)
            let bound = Int(255 / (2 * (301.0 / Double(width)))) + 2
            for x in 0..<width {
                #expect(abs(small.pixel(x, 0).g - 128) <= bound, "width \(width) x \(x): \(small.pixel(x, 0))")
            }
        }
    }

    @Test("Partly covered source pixels count by their covered fraction")
    func fractionalCoverage() {
        // 3 → 2: the first output covers pixel 0 fully and pixel 1 by half.
        var row = DecodedImage.solid(width: 3, height: 1, .black)
        row.set(1, 0, .white)
        let two = AreaResampler.resample(row, region: Self.whole(row), width: 2, height: 1, alpha: false)
        #expect(two.pixel(0, 0).r == 85)  // (0·1 + 255·½) / 1.5
        #expect(two.pixel(1, 0).r == 85)
    }

    @Test("A flat colour stays exactly that colour")
    func flatStaysFlat() {
        let colour = RGBA(r: 17, g: 200, b: 99, a: 255)
        let flat = DecodedImage.solid(width: 997, height: 313, colour)
        let small = AreaResampler.resample(flat, region: Self.whole(flat), width: 61, height: 29, alpha: false)
        for y in 0..<29 { for x in 0..<61 { #expect(small.pixel(x, y) == colour) } }
    }

    @Test("Very large ratios still average every row", arguments: [1000, 70_000])
    func largeRatios(rows: Int) {
        // Top 40 % white, the rest black, shrunk to a single pixel: 40 % grey.
        var image = DecodedImage.solid(width: 2, height: rows, .black)
        for y in 0..<(rows * 2 / 5) { image.set(0, y, .white); image.set(1, y, .white) }
        let one = AreaResampler.resample(image, region: Self.whole(image), width: 1, height: 1, alpha: false)
        #expect(abs(one.pixel(0, 0).r - 102) <= 1, "got \(one.pixel(0, 0))")
        let three = AreaResampler.resample(image, region: Self.whole(image), width: 1, height: 5, alpha: false)
        #expect(three.pixel(0, 0) == .white && three.pixel(0, 4) == .black)
    }

    @Test("Very wide ratios still average every column", arguments: [1000, 70_000])
    func wideRatios(columns: Int) {
        var image = DecodedImage.solid(width: columns, height: 2, .black)
        for x in 0..<(columns * 2 / 5) { image.set(x, 0, .white); image.set(x, 1, .white) }
        let one = AreaResampler.resample(image, region: Self.whole(image), width: 1, height: 1, alpha: false)
        #expect(abs(one.pixel(0, 0).r - 102) <= 1, "got \(one.pixel(0, 0))")
    }

    @Test("A crop region picks the middle of the source")
    func cropRegion() {
        var image = DecodedImage.solid(width: 30, height: 10, .red)
        for y in 0..<10 { for x in 10..<20 { image.set(x, y, .blue) } }
        let middle = AreaResampler.resample(image, region: (10, 0, 10, 10), width: 5, height: 5, alpha: false)
        for y in 0..<5 { for x in 0..<5 { #expect(middle.pixel(x, y) == .blue) } }
    }

    @Test("A whole-pixel region at 1:1 is the source's own pixels, translucent ones untouched, partial kept")
    func cropAtOneToOne() {
        var image = DecodedImage.solid(width: 7, height: 5, .red)
        for y in 0..<5 { for x in 0..<7 { image.set(x, y, RGBA(r: x * 30, g: y * 50, b: 9, a: 40 + x * y)) } }
        image.partial = "cut short"
        let cut = AreaResampler.resample(image, region: (2, 1, 4, 3), width: 4, height: 3, alpha: true)
        #expect(cut.width == 4 && cut.height == 3 && cut.stride == 16 && cut.partial == "cut short")
        for y in 0..<3 { for x in 0..<4 { #expect(cut.pixel(x, y) == image.pixel(x + 2, y + 1), "\(x), \(y)") } }
    }

    @Test("Orientation of a tiny image: turning four times clockwise is the identity")
    func fourTurns() {
        var image = DecodedImage.solid(width: 3, height: 2, .white)
        image.set(0, 0, .red)
        image.set(2, 1, .blue)
        var turned = image
        for _ in 0..<4 { turned = Orientation.right.apply(to: turned) }
        #expect(turned.pixels == image.pixels)
        let mirrored = Orientation.upMirrored.apply(to: Orientation.upMirrored.apply(to: image))
        #expect(mirrored.pixels == image.pixels)
    }
}

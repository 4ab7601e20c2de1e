import Testing
@testable import Waterfall

/// A picture fitted to a GPU's largest texture keeps its shape, so a big photo is shown smaller
/// and never stretched, and a tile's size class never asks for more than the GPU allows.
@Suite("pictures fitted to the largest texture")
struct TextureFitTests {
    @Test("a size over the limit shrinks to it with its shape kept; one within it is left alone")
    func fitted() {
        let limit = PixelSize(width: 2048, height: 2048)
        #expect(PixelSize(width: 3000, height: 2000).fitted(within: limit) == PixelSize(width: 2048, height: 1365))
        #expect(PixelSize(width: 2000, height: 6000).fitted(within: limit) == PixelSize(width: 682, height: 2048))
        #expect(PixelSize(width: 1920, height: 1080).fitted(within: limit) == PixelSize(width: 1920, height: 1080))
        #expect(PixelSize(width: 2048, height: 2048).fitted(within: limit) == PixelSize(width: 2048, height: 2048))
    }

    @Test("a panorama held to a small limit keeps at least a pixel of height")
    func thinPanorama() {
        #expect(PixelSize(width: 100_000, height: 10).fitted(within: PixelSize(width: 512, height: 512)) == PixelSize(width: 512, height: 1))
    }

    @Test("on random sizes and limits the result fits, keeps the shape within a pixel and never grows")
    func randomSizes() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            let size = PixelSize(width: Int.random(in: 1...50_000, using: &generator), height: Int.random(in: 1...50_000, using: &generator))
            let limit = PixelSize(width: Int.random(in: 16...16384, using: &generator), height: Int.random(in: 16...16384, using: &generator))
            let fit = size.fitted(within: limit)
            #expect(fit.width <= max(size.width, 1) && fit.height <= max(size.height, 1))
            #expect(fit.width <= limit.width && fit.height <= limit.height && fit.width >= 1 && fit.height >= 1)
            if fit != size {
                // Each side within a pixel of the size scaled exactly (and at least 1).
                let shrink = min(Double(limit.width) / Double(size.width), Double(limit.height) / Double(size.height))
                #expect(abs(Double(fit.width) - max(1, Double(size.width) * shrink)) < 1, "\(size) in \(limit) → \(fit)")
                #expect(abs(Double(fit.height) - max(1, Double(size.height) * shrink)) < 1, "\(size) in \(limit) → \(fit)")
            }
        }
    }

    @Test("the largest size class within a limit is the limit for powers of two, and never rounds up past it")
    func largestClass() {
        #expect(ReuseIdentifier.largestClassSide(atMost: 2048) == 2048)
        #expect(ReuseIdentifier.largestClassSide(atMost: 4096) == 4096)
        for limit in 17...9000 {
            let side = ReuseIdentifier.largestClassSide(atMost: limit)
            #expect(side <= limit && ReuseIdentifier.roundUp(side) == side, "limit \(limit) gave \(side)")
            #expect(ReuseIdentifier.roundUp(side + 1) > limit, "limit \(limit): \(side + 1) also fits")
        }
    }
}

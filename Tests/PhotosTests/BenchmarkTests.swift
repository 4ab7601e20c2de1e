import Foundation
import Testing
@testable import Photos

/// The area filter alone, run by hand, never a timed assertion (whole decodes: `cascade bench
/// --decode FILE`):
///   CASCADE_BENCH_JPEG=1 swift test -c release -Xswiftc -enable-testing --filter DecodeBenchmarks
@Suite("Decode benchmarks (by hand)",
       .enabled(if: ProcessInfo.processInfo.environment["CASCADE_BENCH_JPEG"] != nil,
                "a benchmark, run by hand with CASCADE_BENCH_JPEG=1"))
struct DecodeBenchmarks {
    @Test("Area filter 5120×2880 to a 300-px tile")
    func areaFilter() {
        var image = DecodedImage.solid(width: 5120, height: 2880, .black)
        image.pixels.withUnsafeMutableBufferPointer { p in
            for i in 0..<p.count { p[i] = UInt8(truncatingIfNeeded: i &* 2_654_435_761 >> 13) }
        }
        let region = (x: 0.0, y: 0.0, width: 5120.0, height: 2880.0)
        _ = AreaResampler.resample(image, region: region, width: 300, height: 169, alpha: false)
        let runs = 20
        let start = DispatchTime.now().uptimeNanoseconds
        for _ in 0..<runs {
            _ = AreaResampler.resample(image, region: region, width: 300, height: 169, alpha: false)
        }
        let milliseconds = Double(DispatchTime.now().uptimeNanoseconds - start) / Double(runs) / 1e6
        print("bench: area filter 5120×2880 → 300×169: \(String(format: "%.2f", milliseconds)) ms mean")
        #expect(milliseconds > 0)
    }
}

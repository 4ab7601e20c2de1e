import Foundation
import Testing
@testable import Photos

/// Figures for BENCHMARKS.md, run by hand, never timed assertions:
///   CASCADE_BENCH_JPEG=/path/12mp.jpg swift test -c release -Xswiftc -enable-testing --filter DecodeBenchmarks
@Suite("Decode benchmarks (by hand)",
       .enabled(if: ProcessInfo.processInfo.environment["CASCADE_BENCH_JPEG"] != nil))
struct DecodeBenchmarks {
    @Test("12-MP JPEG to a 256-px tile")
    func jpegTile() throws {
        let path = PhotoPath(ProcessInfo.processInfo.environment["CASCADE_BENCH_JPEG"] ?? "")
        let milliseconds = try PhotoDecoder.benchmarkTile(path: path, format: .jpeg, side: 256, iterations: 30)
        print("bench: \(path) → 256 px tile: \(String(format: "%.2f", milliseconds)) ms mean")
        #expect(milliseconds > 0)
    }

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

// How `cascade bench` prints: one JSON object for scripts, a table with the targets for people.
import Foundation
import Waterfall

public enum BenchOutput {
    public static func json(_ report: EngineBenchmarkReport) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: try encoder.encode(report), as: UTF8.self)
    }

    public static func table(_ r: EngineBenchmarkReport, items: Int, axis: WallAxis = .vertical) -> String {
        func f(_ v: Double, _ digits: Int = 3) -> String { String(format: "%.\(digits)f", v) }
        let rows: [(String, String, String)] = [
            ("layout of all tiles", "\(f(r.layout_ms)) ms", "≤ 20 ms at 1M"),
            ("the same in sections", "\(f(r.layout_sections_ms)) ms", "≤ 20 ms at 1M"),
            ("append one tile (mean)", "\(f(r.append_us)) µs", "O(1)"),
            ("visible query p50 / p99", "\(f(r.visible_query_us.p50)) / \(f(r.visible_query_us.p99)) µs", "p99 ≤ 2 µs"),
            ("frame preparation p50 / p99", "\(f(r.frame_prep_ms.p50, 4)) / \(f(r.frame_prep_ms.p99, 4)) ms", "p99 ≤ 0.25 ms"),
            ("frame p99 at N ÷ at 1,000", f(r.frame_prep_ratio_vs_1k, 2), "≤ 1.3"),
            ("pool reuse after warm-up", f(r.reuse_rate_after_warmup, 4), "≥ 0.99"),
            ("resident memory", "\(f(r.rss_mb, 1)) MB", "≤ 150 MB"),
        ]
        let lanes = axis == .vertical ? "auto columns" : "auto rows, scrolling sideways"
        var out = "cascade bench — \(items) tiles, viewport 1200×800, \(lanes)\n"
        for (name, value, target) in rows {
            out += name.padding(toLength: 30, withPad: " ", startingAt: 0)
                + value.padding(toLength: 24, withPad: " ", startingAt: 0) + "target " + target + "\n"
        }
        return out
    }
}

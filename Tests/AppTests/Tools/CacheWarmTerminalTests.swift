// `cascade cache warm` in a terminal, as a person runs it: the real binary on a pseudo-terminal
// (util-linux `script`), its output replayed through a tiny terminal model. Warnings about
// photos that cannot be decoded arrive while the progress bar is drawn; each must stand on a
// line of its own, with the bar drawn again below it and gone at the end.

import Foundation
import Testing
@testable import TestSupport

@Suite("cache warm in a terminal")
struct CacheWarmTerminalTests {
    /// The screen's lines after `output`: carriage return, erase-to-end-of-line and newline are
    /// all the bar and the log use.
    static func screen(_ output: String) -> [String] {
        var lines: [String] = [], line: [Character] = [], column = 0
        var rest = Substring(output)
        while let c = rest.first {
            if rest.hasPrefix("\u{1B}[K") {
                line.removeSubrange(min(column, line.count)...)
                rest = rest.dropFirst(3)
                continue
            }
            switch c {
            case "\r": column = 0
            case "\n": lines.append(String(line)); line = []; column = 0
            default:
                if column < line.count { line[column] = c } else { line.append(c) }
                column += 1
            }
            rest = rest.dropFirst()
        }
        if !line.isEmpty { lines.append(String(line)) }
        return lines
    }

    @Test("warnings print above the progress bar, never into it; the bar is redrawn after each and cleared at the end")
    func warningsAboveTheBar() async throws {
        let folder = try PhotoFolder()
        for i in 1...16 { try magick(["-seed", "\(i)", "-size", "800x600", "plasma:fractal", folder.path + String(format: "/a-%02d.jpg", i)]) }
        // Headers that read, data that does not: decoded (and failing) while the bar is up.
        let png = folder.path + "/whole.png"
        try magick(["-size", "300x200", "plasma:", png])
        let whole = Array(try Data(contentsOf: URL(fileURLWithPath: png)))
        try FileManager.default.removeItem(atPath: png)
        for i in 1...3 { _ = try folder.write("z-\(i).png", Array(whole.prefix(whole.count / 2))) }
        let cache = NSTemporaryDirectory() + "cascade-warm-cache-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: cache) }

        let command = "'\(cascadeBinary)' cache warm '\(folder.path)'"
        let run = try await runTool("/usr/bin/script", ["-qec", command, "/dev/null"], environment: ["XDG_CACHE_HOME": cache])
        #expect(run.status == .exited(0))
        // The terminal turns every newline into CR LF (onlcr); cascade wrote LF.
        var bytes: [UInt8] = []
        for byte in run.output {
            if byte == UInt8(ascii: "\n"), bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
            bytes.append(byte)
        }
        let output = String(decoding: bytes, as: UTF8.self)

        let warnings = output.components(separatedBy: "\n").filter { $0.contains("no thumbnail for") }
        #expect(warnings.count == 3, "one warning per broken photo:\n\(output)")
        let firstBar = try #require(output.range(of: "thumbnails "), "the bar was drawn on the terminal")
        let firstWarning = try #require(output.range(of: "no thumbnail for"))
        #expect(firstBar.lowerBound < firstWarning.lowerBound, "the warnings came while the bar was up: the case this tests")
        // A warning's newline is followed at once by the bar, drawn again in the same write.
        let pieces = output.components(separatedBy: "\n")
        for (i, piece) in pieces.enumerated().dropLast() where piece.contains("no thumbnail for") {
            #expect(pieces[i + 1].hasPrefix("thumbnails "), "after a warning comes the bar again, not \(pieces[i + 1].prefix(40))")
        }

        let lines = Self.screen(output).filter { !$0.isEmpty }
        let logLines = lines.filter { $0.contains("no thumbnail for") }
        #expect(logLines.count == 3)
        for line in logLines {
            #expect(!line.contains("thumbnails ") && !line.contains("█") && !line.contains("░"), "a warning shares its line with the bar: \(line)")
            #expect(line.first?.isNumber == true, "a warning starts its line with its time: \(line)")
        }
        #expect(!lines.contains { $0.contains("░") || $0.contains("█") }, "the bar is cleared at the end:\n\(lines.joined(separator: "\n"))")
        #expect(lines.last?.hasPrefix("cache warm: 19 photos: 16 made") == true, "the summary is last: \(lines)")
    }
}

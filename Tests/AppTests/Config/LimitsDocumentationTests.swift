// The documents say what the limits table says: docs/configuration.md's table of ranges is the
// table itself, row by row, and docs/control.md gives the socket's ranges in the same words the
// replies use.

import Foundation
import Testing
import InputLimits
@testable import TestSupport

@Suite("the limits, as the documents give them")
struct LimitsDocumentationTests {
    /// One row of docs/configuration.md's table.
    static func row(_ limit: AnyLimit) -> String {
        "| `\(limit.name)` | \(limit.expectation) | \(limit.places) |"
    }

    @Test("the configuration page's table of limits has every row of Limits, in order, and no other")
    func configuration() throws {
        let text = try String(contentsOfFile: packageRoot + "/docs/configuration.md", encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let header = try #require(lines.firstIndex(of: "| number | allowed | where it enters |"), "docs/configuration.md has no table of limits")
        let rows = lines[(header + 2)...].prefix { $0.hasPrefix("|") }
        let expected = Limits.all.map(Self.row)
        #expect(Array(rows) == expected, "docs/configuration.md's rows should be:\n\(expected.joined(separator: "\n"))")
    }

    @Test("docs/control.md gives the socket's ranges as the replies word them")
    func control() throws {
        let text = try String(contentsOfFile: packageRoot + "/docs/control.md", encoding: .utf8)
        for limit in [Limits.columns, Limits.index] as [Limit<Int>] {
            #expect(text.contains(limit.expectation), "docs/control.md does not say \(limit.name) is \(limit.expectation)")
        }
        #expect(text.contains(Limits.offset.expectation))
    }
}

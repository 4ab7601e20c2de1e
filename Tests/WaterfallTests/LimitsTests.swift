// The limits table at its edges: every row takes its bounds, refuses the nearest values past
// them, and refuses every kind of garbage a person or a script sends (0, -1, 1e300, nan, inf,
// Int.max, 2^64, words) unless the row's range truly holds it — decided here by an oracle that
// does not share the table's parsing.

import Testing
import Waterfall
import InputLimits

/// The probes every row is tried with, besides its own bounds.
private let garbage = [
    "0", "-1", "1", "2.5", "-0.5", "1e300", "-1e300", "nan", "-nan", "inf", "-inf", "infinity",
    "9223372036854775807", "9223372036854775808", "-9223372036854775809", "18446744073709551615", "18446744073709551616",
    "100000000", "", " 5", "5 ", "ten", "0x10", "auto",
]

/// Whether `text` is a decimal whole number from `low` to `high` (all three as decimal text),
/// compared digit by digit, so no number type's own limits decide.
private func wholeNumber(_ text: String, from low: String, to high: String) -> Bool {
    func parts(_ s: String) -> (negative: Bool, digits: String)? {
        let negative = s.hasPrefix("-")
        var digits = negative || s.hasPrefix("+") ? String(s.dropFirst()) : s
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        digits = String(digits.drop(while: { $0 == "0" }))
        return (negative && !digits.isEmpty, digits)
    }
    func less(_ a: (negative: Bool, digits: String), _ b: (negative: Bool, digits: String)) -> Bool {
        if a.negative != b.negative { return a.negative }
        let magnitudeLess = a.digits.count != b.digits.count ? a.digits.count < b.digits.count : a.digits < b.digits
        let magnitudeGreater = a.digits.count != b.digits.count ? a.digits.count > b.digits.count : a.digits > b.digits
        return a.negative ? magnitudeGreater : magnitudeLess
    }
    guard let value = parts(text), let low = parts(low), let high = parts(high) else { return false }
    return !less(value, low) && !less(high, value)
}

/// Whether `text` is a finite floating-point number from `low` to `high`.
private func finiteNumber(_ text: String, from low: String, to high: String) -> Bool {
    guard let x = Double(text), x.isFinite, let low = Double(low), let high = Double(high) else { return false }
    return low <= x && x <= high
}

@Suite("the limits table")
struct LimitsTests {
    @Test("every row takes its bounds and refuses what lies past them, with its range in the message",
          arguments: Limits.all.map(\.name))
    func edges(name: String) throws {
        let row = try #require(Limits.all.first { $0.name == name })
        let whole = row.expectation.hasPrefix("a whole number")
        var probes = garbage + [row.lowest, row.highest]
        probes += [row.justBelow, row.justAbove].compactMap { $0 }
        for probe in probes {
            let allowed = whole ? wholeNumber(probe, from: row.lowest, to: row.highest)
                                : finiteNumber(probe, from: row.lowest, to: row.highest)
            do throws(LimitError) {
                try row.parse(probe)
                #expect(allowed, "\(name) took \(probe)")
            } catch {
                #expect(!allowed, "\(name) refused \(probe): \(error.message)")
                #expect(error.name == name && error.value == probe)
                #expect(error.message == "\(name): \(probe) is not \(row.expectation)")
            }
        }
        // The bounds themselves, and the nearest values past them, as the oracle sees them too.
        #expect(whole ? wholeNumber(row.lowest, from: row.lowest, to: row.highest) : finiteNumber(row.lowest, from: row.lowest, to: row.highest))
        if let below = row.justBelow { #expect(throws: LimitError.self) { try row.parse(below) } }
        if let above = row.justAbove { #expect(throws: LimitError.self) { try row.parse(above) } }
    }

    @Test("the messages name the range a person can act on")
    func messages() {
        #expect(Limits.columns.expectation == "a whole number of columns from 1 to 16, or auto")
        #expect(Limits.margin.expectation == "a number of pixels from 0 to 500")
        #expect(Limits.attractAfter.expectation == "a number of seconds from 0 (never) to 86400")
        #expect(Limits.index.expectation == "a whole number from 0 up")
        #expect(Limits.offset.expectation == "a finite number of pixels")
        let error = #expect(throws: LimitError.self) { try Limits.margin.parse("1e300") }
        #expect(error?.message == "margin: 1e300 is not a number of pixels from 0 to 500")
        #expect(error?.description == "must be a number of pixels from 0 to 500")
        #expect((try? Limits.margin.check(.nan)) == nil)
        #expect((try? Limits.margin.check(.infinity)) == nil)
    }

    @Test("the table has one row per name, and every range is a range")
    func rowsAreDistinct() {
        let names = Limits.all.map(\.name)
        #expect(Set(names).count == names.count)
        for row in Limits.all { #expect(row.lowest != row.highest, "\(row.name)") }
    }

    @Test("the wall itself stays within the column limit, whatever count it is handed")
    func wallAgrees() {
        let view = WaterfallView<FakeCell>(viewportSize: Size(width: 800, height: 600))
        #expect(view.columnLimits == Limits.columns.range)
        #expect(ColumnCount.fixed(100_000_000).resolve(width: 800, margins: .seed) == Limits.columns.range.upperBound)
        #expect(ColumnCount.fixed(Int.max).resolve(width: 800, margins: .seed) == Limits.columns.range.upperBound)
        #expect(ColumnCount.fixed(-5).resolve(width: 800, margins: .seed) == 1)
        var layout = WaterfallLayout(width: 800, columns: .fixed(Int.max))
        layout.setHeights([100, 100])
        #expect(layout.laneCount == Limits.columns.range.upperBound)
    }
}

// What the date scrubber says about a place in the wall: the month of the photo there when the
// wall is ordered by time, its name when ordered by name, its position otherwise (a size or
// shuffle order has nothing better to say about a place). And where the year marks go: the
// first photo of each year in the wall's order. Worked out in one pass over the photos when the
// scrubber opens or the wall changes, never per frame; a label is then a table look-up.
//
// It takes the photos' dates, not the layout's: the screen turns a mark's photo into a place
// on the rail through the layout's frames, so month sections with headings can feed it their
// own marks and labels without it learning about them.

import Foundation
import Photos

struct ScrubIndex: Sendable {
    enum Naming: Sendable, Equatable {
        /// "March 2019": the month each photo was taken (or its file last changed).
        case months
        /// The photo's name.
        case names
        /// "photo 1,234 of 100,000".
        case positions
    }

    /// A year's first photo in the wall's order.
    struct YearMark: Sendable, Equatable {
        let index: Int
        let year: Int
    }

    let naming: Naming
    /// Per photo (`.months` only), its month as `year * 12 + month - 1`.
    private let months: [Int32]
    /// The photos (`.names` only), named when asked: a copy of the wall's array costs nothing.
    private let named: [PhotoEntry]
    let yearMarks: [YearMark]

    init(naming: Naming, months: [Int32] = [], named: [PhotoEntry] = [], yearMarks: [YearMark] = []) {
        self.naming = naming; self.months = months; self.named = named; self.yearMarks = yearMarks
    }

    /// For `entries` in the wall's `order`, each photo in the month of its `CalendarDay` (the
    /// camera's own clock for EXIF, the local zone of the moment for a file's time) — the days
    /// the wall's sections are made of, which it passes as `days` when it has them.
    init(entries: [PhotoEntry], order: Photos.SortOrder, days: [CalendarDay]? = nil, zone: TimeZone = .current) {
        func month(_ day: CalendarDay) -> Int32 {
            let civil = day.civil
            return Int32(clamping: civil.year * 12 + civil.month - 1)
        }
        switch order {
        case .date, .mtime:
            let known = order == .date && days?.count == entries.count ? days : nil
            let months = known.map { $0.map(month) } ?? entries.map { entry in
                month(CalendarDay(order == .mtime ? .file(entry.mtime) : entry.taken, localZone: zone))
            }
            var marks: [YearMark] = []
            var lastYear: Int?
            for (index, value) in months.enumerated() {
                let year = Int(value.dividedFloor(by: 12))
                if year != lastYear { marks.append(YearMark(index: index, year: year)) }
                lastYear = year
            }
            self.init(naming: .months, months: months, yearMarks: marks)
        case .name:
            self.init(naming: .names, named: entries)
        case .size, .random:
            self.init(naming: .positions)
        }
    }

    /// What the scrubber's label says for photo `index` of a wall of `count`.
    func label(at index: Int, of count: Int) -> String {
        switch naming {
        case .months:
            guard months.indices.contains(index) else { return "" }
            let value = Int(months[index])
            let year = value.dividedFloor(by: 12)
            return "\(Self.monthNames[value - year * 12]) \(year)"
        case .names:
            return named.indices.contains(index) ? named[index].name : ""
        case .positions:
            return "photo \((index + 1).formatted()) of \(count.formatted())"
        }
    }

    static let monthNames = ["January", "February", "March", "April", "May", "June", "July", "August",
                             "September", "October", "November", "December"]
}

private extension BinaryInteger {
    /// Division rounding toward minus infinity: dates before 1970 fall in the right month.
    func dividedFloor(by divisor: Self) -> Self {
        let (q, r) = quotientAndRemainder(dividingBy: divisor)
        return r < 0 ? q - 1 : q
    }
}

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

    /// For `entries` in the wall's `order`. A date without its zone (EXIF's usual) is named by
    /// the camera's own clock; a file's time by `zone`'s offset now, which is off by an hour
    /// only for a photo taken within an hour of midnight on a month's last day across a
    /// daylight-saving change.
    init(entries: [PhotoEntry], order: Photos.SortOrder, zone: TimeZone = .current) {
        let offset = Int64(zone.secondsFromGMT())
        func month(_ seconds: Int64) -> Int32 {
            let (year, month, _) = Self.civil(days: Int(seconds.dividedFloor(by: 86_400)))
            return Int32(clamping: year * 12 + month - 1)
        }
        switch order {
        case .date, .mtime:
            let months = entries.map { entry -> Int32 in
                if order == .mtime { return month(entry.mtime.seconds + offset) }
                switch entry.taken {
                case .exif(let date): return month(date.wallClock)
                case .file(let time): return month(time.seconds + offset)
                }
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

    /// Year, month (1…12) and day of the proleptic Gregorian calendar for days since 1970-01-01
    /// (Howard Hinnant's `civil_from_days`): no calendar object per photo for 100,000 photos.
    static func civil(days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = z.dividedFloor(by: 146_097)
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}

private extension BinaryInteger {
    /// Division rounding toward minus infinity: dates before 1970 fall in the right month.
    func dividedFloor(by divisor: Self) -> Self {
        let (q, r) = quotientAndRemainder(dividingBy: divisor)
        return r < 0 ? q - 1 : q
    }
}

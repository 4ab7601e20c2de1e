import Foundation

/// One section of a wall sorted by date: the photos of one month, or of a whole year when the
/// year holds few (`wholeYearBelow`) — a year of nine photos as nine one-photo months would be
/// more heading than photo.
public struct DateSection: Hashable, Sendable {
    public let year: Int
    /// 1–12; nil when the section is the whole year.
    public let month: Int?
    /// The photos' indices on the wall.
    public let photos: Range<Int>

    public init(year: Int, month: Int?, photos: Range<Int>) {
        self.year = year; self.month = month; self.photos = photos
    }

    /// A year with fewer photos than this on the wall is one section, not a section a month:
    /// about two a month, below which months are mostly one or two photos under a heading.
    public static let wholeYearBelow = 24

    /// "March 2019 · 214 photos", "2016 · 9 photos", "May 2020 · 1 photo".
    public var label: String {
        let count = photos.count == 1 ? "1 photo" : "\(photos.count) photos"
        return "\(period) · \(count)"
    }

    /// "March 2019" or "2016".
    public var period: String {
        month.map { "\(Self.monthNames[$0 - 1]) \(year)" } ?? "\(year)"
    }

    private static let monthNames = ["January", "February", "March", "April", "May", "June", "July",
                                     "August", "September", "October", "November", "December"]

    /// The sections of a wall whose photos were taken on `days`, in wall order: each run of
    /// photos of one month (of one year, for a year with few photos on the wall) is a section.
    /// The wall is sorted by date, so a month is one run — per group of a wall of several
    /// folders, each sorted on its own.
    public static func sections(days: [CalendarDay]) -> [DateSection] {
        let civil = days.map { $0.civil }
        var perYear: [Int: Int] = [:]
        for date in civil { perYear[date.year, default: 0] += 1 }
        var sections: [DateSection] = []
        var start = 0
        var key: (year: Int, month: Int?)?
        for (i, date) in civil.enumerated() {
            let here = (year: date.year, month: perYear[date.year, default: 0] < wholeYearBelow ? nil : Optional(date.month))
            if let key, key.year == here.year, key.month == here.month { continue }
            if let key { sections.append(DateSection(year: key.year, month: key.month, photos: start..<i)) }
            key = here
            start = i
        }
        if let key { sections.append(DateSection(year: key.year, month: key.month, photos: start..<civil.count)) }
        return sections
    }

    /// Where the wall shows the days `from..<to`: the first photo taken in them in wall order,
    /// else the first taken after them (before them, on a newest-first wall), else the last
    /// photo — the nearest. nil for an empty wall.
    public static func firstIndex(from: CalendarDay, to: CalendarDay, days: [CalendarDay], newestFirst: Bool) -> Int? {
        guard !days.isEmpty else { return nil }
        return days.firstIndex { newestFirst ? $0 < to : $0 >= from } ?? days.count - 1
    }
}

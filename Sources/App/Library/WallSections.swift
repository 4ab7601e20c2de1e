// A wall sorted by date is in sections, one a month (a year, for a year of few photos), each
// under a heading: the day every photo was taken, kept beside the entries through the folder's
// edits, the sections grouped from them, and the breaks the layout lays them out with.

import Control
import Foundation
import Photos
import Waterfall

struct WallSections {
    /// The heading's height in logical pixels, whatever the columns' width.
    let headingHeight: Double
    /// Where a photo without an EXIF date was taken, as the date sort reads it.
    var localZone = TimeZone.current
    /// nil while the wall is not sorted by date (it has no sections); else the direction.
    private(set) var newestFirst: Bool?
    /// The day each photo on the wall was taken, by index; empty without sections.
    private(set) var days: [CalendarDay] = []
    private(set) var sections: [DateSection] = []

    init(headingHeight: Double) { self.headingHeight = headingHeight }

    /// The wall's order is `order`: sections if it is by date.
    static func newestFirst(in order: (order: Photos.SortOrder, reversed: Bool)) -> Bool? {
        order.order == .date ? order.reversed : nil
    }

    /// A whole new wall of `entries`, sorted by date (`newestFirst` true or false) or not (nil).
    mutating func show(_ entries: [PhotoEntry], newestFirst: Bool?) {
        self.newestFirst = newestFirst
        days = newestFirst == nil ? [] : entries.map { CalendarDay($0.taken, localZone: localZone) }
        sections = DateSection.sections(days: days)
    }

    /// The folder changed: only the photos that came or changed are read again.
    mutating func apply(_ edit: LibraryEdit) {
        guard newestFirst != nil else { return }
        days = edit.applied(to: days, insert: { CalendarDay(edit.entries[$0].taken, localZone: localZone) },
                            change: { i, _ in CalendarDay(edit.entries[i].taken, localZone: localZone) })
        sections = DateSection.sections(days: days)
    }

    /// Where each section starts, for the layout.
    var breaks: [SectionBreak] {
        sections.map { SectionBreak(start: $0.photos.lowerBound, headingHeight: headingHeight) }
    }

    /// The photo `scroll-to {"date": …}` brings to the top: the first taken in `period`, else
    /// the nearest after it in wall order (`DateSection.firstIndex`). nil for an empty wall.
    func firstIndex(of period: DatePeriod) -> Int? {
        let start = CalendarDay(year: period.year, month: period.month ?? 1, day: period.day ?? 1)
        let end = switch (period.month, period.day) {
        case (_, .some): CalendarDay(daysSinceEpoch: start.daysSinceEpoch + 1)
        case (let m?, nil): m == 12 ? CalendarDay(year: period.year + 1, month: 1, day: 1) : CalendarDay(year: period.year, month: m + 1, day: 1)
        case (nil, _): CalendarDay(year: period.year + 1, month: 1, day: 1)
        }
        return DateSection.firstIndex(from: start, to: end, days: days, newestFirst: newestFirst ?? false)
    }
}

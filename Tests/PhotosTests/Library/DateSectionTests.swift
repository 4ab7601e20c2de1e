import Foundation
import Testing
@testable import Photos

/// How a wall sorted by date falls into sections: months, a whole year for a year of few
/// photos, and the day each photo belongs to.
@Suite struct DateSectionTests {
    private func ymd(_ day: CalendarDay) -> [Int] { [day.civil.year, day.civil.month, day.civil.day] }

    private func days(_ year: Int, _ month: Int, count: Int, day: Int = 1) -> [CalendarDay] {
        Array(repeating: CalendarDay(year: year, month: month, day: day), count: count)
    }

    @Test func aBusyYearIsInMonthsAQuietYearIsOneSection() {
        // 2016: 9 photos over three months; 2019: 30 photos in March and April.
        let wall = days(2016, 2, count: 3) + days(2016, 7, count: 5) + days(2016, 12, count: 1)
            + days(2019, 3, count: 21, day: 14) + days(2019, 4, count: 9)
        let sections = DateSection.sections(days: wall)
        #expect(sections == [
            DateSection(year: 2016, month: nil, photos: 0..<9),
            DateSection(year: 2019, month: 3, photos: 9..<30),
            DateSection(year: 2019, month: 4, photos: 30..<39),
        ])
        #expect(sections.map(\.label) == ["2016 · 9 photos", "March 2019 · 21 photos", "April 2019 · 9 photos"])
    }

    @Test func theThresholdIsTheYearsPhotosOnTheWall() {
        let n = DateSection.wholeYearBelow
        let below = DateSection.sections(days: days(2020, 1, count: n - 2) + days(2020, 5, count: 1))
        #expect(below.map(\.label) == ["2020 · \(n - 1) photos"])
        let at = DateSection.sections(days: days(2020, 1, count: n - 1) + days(2020, 5, count: 1))
        #expect(at.map(\.label) == ["January 2020 · \(n - 1) photos", "May 2020 · 1 photo"])
    }

    @Test func oneLabelSaysPhotoNotPhotos() {
        #expect(DateSection(year: 2021, month: 5, photos: 3..<4).label == "May 2021 · 1 photo")
        #expect(DateSection.sections(days: []).isEmpty)
    }

    @Test func newestFirstWallsAndSeveralFoldersAreRunsInWallOrder() {
        let newestFirst = days(2019, 4, count: 20) + days(2019, 3, count: 10) + days(2018, 1, count: 2)
        #expect(DateSection.sections(days: newestFirst).map(\.label) == ["April 2019 · 20 photos", "March 2019 · 10 photos", "2018 · 2 photos"])
        // Two folders each sorted on its own: the month comes round again as a section of its own.
        let groups = days(2010, 1, count: 1) + days(2011, 1, count: 1) + days(2010, 1, count: 1)
        #expect(DateSection.sections(days: groups).map(\.photos) == [0..<1, 1..<2, 2..<3])
    }

    @Test func aPhotoIsOfTheDayItWasTakenWhereItWasTaken() throws {
        let utc = try #require(TimeZone(identifier: "UTC"))
        let newYork = try #require(TimeZone(identifier: "America/New_York"))
        // 23:30 in Tokyo on 31 March: March, wherever it is looked at, as the camera wrote it.
        let tokyo = try #require(CaptureDate(exif: "2019:03:31 23:30:00", offset: "+09:00"))
        #expect(ymd(CalendarDay(.exif(tokyo), localZone: utc)) == [2019, 3, 31])
        #expect(ymd(CalendarDay(.exif(tokyo), localZone: newYork)) == [2019, 3, 31])
        // A file's time is read in the local zone: 00:30 UTC on 1 April is 31 March in New York.
        let seconds = Int64(CalendarDay(year: 2019, month: 4, day: 1).daysSinceEpoch) * 86_400 + 1_800
        let file = TakenTime.file(FileTime(seconds: seconds, nanoseconds: 0))
        #expect(ymd(CalendarDay(file, localZone: utc)) == [2019, 4, 1])
        #expect(ymd(CalendarDay(file, localZone: newYork)) == [2019, 3, 31])
        // Before 1970, the day it starts.
        let old = TakenTime.file(FileTime(seconds: -1, nanoseconds: 0))
        #expect(ymd(CalendarDay(old, localZone: utc)) == [1969, 12, 31])
    }

    @Test func civilDatesRoundTrip() {
        for (y, m, d) in [(1970, 1, 1), (2000, 2, 29), (1900, 3, 1), (2024, 12, 31), (1, 1, 1), (9999, 12, 31)] {
            #expect(ymd(CalendarDay(year: y, month: m, day: d)) == [y, m, d])
        }
    }

    @Test("the calendar arithmetic agrees with Foundation's from 1600 to 2380")
    func civilAgreesWithFoundation() {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        // From 1600: Foundation's Gregorian calendar is Julian before October 1582.
        for days in stride(from: -135_000, through: 150_000, by: 997) {
            let parts = calendar.dateComponents([.year, .month, .day], from: Date(timeIntervalSince1970: Double(days) * 86_400))
            #expect(ymd(CalendarDay(daysSinceEpoch: days)) == [parts.year, parts.month, parts.day].map { $0 ?? 0 }, "day \(days)")
        }
    }

    @Test func scrollingToAPeriodFindsItsFirstPhotoElseTheNearest() {
        let wall = days(2016, 2, count: 3) + days(2019, 3, count: 4, day: 14) + days(2019, 5, count: 2)
        func first(_ from: CalendarDay, _ to: CalendarDay, _ days: [CalendarDay], newestFirst: Bool = false) -> Int? {
            DateSection.firstIndex(from: from, to: to, days: days, newestFirst: newestFirst)
        }
        let march = (CalendarDay(year: 2019, month: 3, day: 1), CalendarDay(year: 2019, month: 4, day: 1))
        let april = (CalendarDay(year: 2019, month: 4, day: 1), CalendarDay(year: 2019, month: 5, day: 1))
        #expect(first(march.0, march.1, wall) == 3)
        #expect(first(april.0, april.1, wall) == 7, "none in April: the first after it")
        #expect(first(CalendarDay(year: 2030, month: 1, day: 1), CalendarDay(year: 2031, month: 1, day: 1), wall) == 8,
                "none after it: the nearest, the last")
        let newest = Array(wall.reversed())
        #expect(first(march.0, march.1, newest, newestFirst: true) == 2, "newest first: March's newest photo, below May's")
        #expect(first(april.0, april.1, newest, newestFirst: true) == 2, "none in April: the first before it")
        #expect(first(march.0, march.1, []) == nil)
    }
}

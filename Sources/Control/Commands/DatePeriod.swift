import Foundation

/// A year, a month or a day of the Gregorian calendar, as `scroll-to {"date": …}` names it:
/// "2019", "2019-03" or "2019-03-14".
public struct DatePeriod: Hashable, Sendable {
    public let year: Int
    /// 1–12; nil for a whole year.
    public let month: Int?
    /// 1–31; nil for a whole month or year.
    public let day: Int?

    /// nil for anything but those three forms of a real date in years 1–9999 (EXIF's).
    public init?(_ text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count), parts[0].count == 4, parts.dropFirst().allSatisfy({ $0.count == 2 }),
              parts.allSatisfy({ $0.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) } }),
              let year = Int(parts[0]), year >= 1 else { return nil }
        let month = parts.count > 1 ? Int(parts[1]) : nil
        let day = parts.count > 2 ? Int(parts[2]) : nil
        let check = DateComponents(calendar: Calendar(identifier: .gregorian), timeZone: TimeZone(identifier: "UTC"),
                                   year: year, month: month ?? 1, day: day ?? 1)
        guard check.isValidDate else { return nil }
        self.year = year; self.month = month; self.day = day
    }

}

import Foundation

/// A day of the proleptic Gregorian calendar, as days since 1970-01-01: the day a photo was
/// taken where it was taken. An EXIF date is read in its own recorded time (the camera's
/// digits, whatever offset it wrote beside them: a photo taken at 23:30 in Tokyo is of that
/// day, wherever it is looked at); a file's time in `localZone`, as the date sort reads it.
public struct CalendarDay: Hashable, Comparable, Sendable {
    public let daysSinceEpoch: Int

    public init(daysSinceEpoch: Int) { self.daysSinceEpoch = daysSinceEpoch }

    public init(year: Int, month: Int, day: Int) {
        daysSinceEpoch = CaptureDate.daysSinceEpoch(year: year, month: month, day: day)
    }

    public init(_ taken: TakenTime, localZone: TimeZone) {
        let seconds: Int64 = switch taken {
        case .exif(let date): date.wallClock
        case .file(let time): time.seconds + Int64(localZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(time.seconds))))
        }
        // Floor division: a time before 1970 is of the day it starts, not the one after.
        let (q, r) = seconds.quotientAndRemainder(dividingBy: 86_400)
        daysSinceEpoch = Int(r < 0 ? q - 1 : q)
    }

    /// Year, month (1–12) and day (1–31): Howard Hinnant's civil_from_days.
    public var civil: (year: Int, month: Int, day: Int) {
        let z = daysSinceEpoch + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    public static func < (a: CalendarDay, b: CalendarDay) -> Bool { a.daysSinceEpoch < b.daysSinceEpoch }
}

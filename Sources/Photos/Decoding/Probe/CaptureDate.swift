import CExif
import Foundation

/// When a photo was taken, as its EXIF block says: the camera's clock reading and, where the
/// camera wrote one (OffsetTime*, EXIF 2.31), how far that clock was from UTC.
public struct CaptureDate: Sendable, Hashable {
    /// The clock reading as seconds since 1970-01-01 00:00:00 read as if it were UTC: the
    /// digits the camera wrote, zone-free.
    public let wallClock: Int64
    /// Minutes east of UTC, a multiple of 15 as every zone in use; nil when the camera wrote
    /// its local time only.
    public let utcOffsetMinutes: Int?

    public init(wallClock: Int64, utcOffsetMinutes: Int?) {
        self.wallClock = wallClock
        self.utcOffsetMinutes = utcOffsetMinutes
    }

    /// Seconds since the epoch. A date without an offset is local wall time of an unknown zone;
    /// it is taken as if in `localZone` (the machine's zone in use): a library shot at home
    /// sorts right beside its photos that carry an offset, and a trip abroad without offsets is
    /// off by the zones' difference at most — the same guess every viewer and `ls` make.
    public func instant(localZone: TimeZone) -> Int64 {
        if let utcOffsetMinutes { return wallClock - Int64(utcOffsetMinutes) * 60 }
        // The zone's offset at the wall-clock reading taken as UTC, then checked at the instant
        // it gives (the two differ only within hours of a daylight-saving change).
        let guess = wallClock - Int64(localZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(wallClock))))
        return wallClock - Int64(localZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(guess))))
    }

    /// "2024:05:01 12:34:56" (a fraction or trailing text after the seconds is ignored) and
    /// "+02:00" / "-05:30" / "Z"; nil for anything else, including the all-blank and all-zero
    /// dates cameras write when their clock was never set. An offset that does not parse, or
    /// is no whole number of quarter hours, is dropped, not the date.
    public init?(exif text: String, offset: String?) {
        let digits = Array(text.utf8)
        guard digits.count >= 19, digits[4] == UInt8(ascii: ":"), digits[7] == UInt8(ascii: ":"),
              digits[10] == UInt8(ascii: " "), digits[13] == UInt8(ascii: ":"), digits[16] == UInt8(ascii: ":"),
              let year = Self.number(digits, 0, 4), let month = Self.number(digits, 5, 2), let day = Self.number(digits, 8, 2),
              let hour = Self.number(digits, 11, 2), let minute = Self.number(digits, 14, 2),
              let second = Self.number(digits, 17, 2),
              (1...9999).contains(year), (1...12).contains(month), (1...Self.days(inMonth: month, year: year)).contains(day),
              hour < 24, minute < 60, second < 61 else { return nil }
        let days = Self.daysSinceEpoch(year: year, month: month, day: day)
        wallClock = Int64(days) * 86400 + Int64(hour * 3600 + minute * 60 + min(second, 59))
        utcOffsetMinutes = offset.flatMap(Self.offsetMinutes)
    }

    static func offsetMinutes(_ text: String) -> Int? {
        let bytes = Array(text.utf8)
        if bytes == [UInt8(ascii: "Z")] { return 0 }
        guard bytes.count >= 6, bytes[0] == UInt8(ascii: "+") || bytes[0] == UInt8(ascii: "-"), bytes[3] == UInt8(ascii: ":"),
              let hours = number(bytes, 1, 2), let minutes = number(bytes, 4, 2), hours <= 18, minutes % 15 == 0,
              minutes < 60 else { return nil }
        let value = hours * 60 + minutes
        return bytes[0] == UInt8(ascii: "-") ? -value : value
    }

    private static func number(_ bytes: [UInt8], _ start: Int, _ count: Int) -> Int? {
        var value = 0
        for byte in bytes[start..<(start + count)] {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }

    private static func days(inMonth month: Int, year: Int) -> Int {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days from 1970-01-01 in the proleptic Gregorian calendar (Howard Hinnant's days_from_civil).
    static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The date of a loaded EXIF block: DateTimeOriginal with OffsetTimeOriginal, else
    /// DateTimeDigitized with OffsetTimeDigitized, else IFD0's DateTime with OffsetTime. A
    /// tag that does not parse passes to the next.
    static func read(_ data: UnsafeMutablePointer<ExifData>) -> CaptureDate? {
        let pairs: [(date: ExifTag, offset: ExifTag)] = [
            (EXIF_TAG_DATE_TIME_ORIGINAL, EXIF_TAG_OFFSET_TIME_ORIGINAL),
            (EXIF_TAG_DATE_TIME_DIGITIZED, EXIF_TAG_OFFSET_TIME_DIGITIZED),
            (EXIF_TAG_DATE_TIME, EXIF_TAG_OFFSET_TIME),
        ]
        for pair in pairs {
            guard let date = text(pair.date, in: data) else { continue }
            if let found = CaptureDate(exif: date, offset: text(pair.offset, in: data)) { return found }
        }
        return nil
    }

    /// An ASCII tag from whichever IFD holds it (writers disagree on where DateTime and the
    /// offsets go), at most 64 bytes, up to its first NUL.
    private static func text(_ tag: ExifTag, in data: UnsafeMutablePointer<ExifData>) -> String? {
        let contents = data.pointee.ifd
        for content in [contents.2, contents.0] {
            guard let content, let entry = exif_content_get_entry(content, tag), entry.pointee.format == EXIF_FORMAT_ASCII,
                  let bytes = entry.pointee.data else { continue }
            let buffer = UnsafeBufferPointer(start: bytes, count: min(Int(entry.pointee.size), 64))
            return String(decoding: buffer.prefix { $0 != 0 }, as: UTF8.self)
        }
        return nil
    }
}

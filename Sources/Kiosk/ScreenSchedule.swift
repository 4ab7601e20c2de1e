// When a kiosk's screen is lit: `Mon-Fri 07:00-22:00, Sat-Sun 09:00-23:00`. Pure: it reads only
// local wall-clock values (weekday and time of day) handed in, never a clock or a time zone, so
// daylight-saving days are the caller's conversion and every answer here is about the wall
// clock a person reads — 07:00 is 07:00 whatever the UTC offset that day.
//
// The week is held as one flag per minute: 10 080 flags answer "on at this minute?" by lookup
// and "when does it next change?" by a walk, with ranges that cross midnight needing no special
// case. They are filled in from where each range starts and ends, so reading a schedule costs
// a step per entry whatever the hours it covers.

/// Monday first, as ISO 8601 and the schedule's own `Mon-Fri` read.
public enum Weekday: Int, Sendable, CaseIterable {
    case monday, tuesday, wednesday, thursday, friday, saturday, sunday

    static let names = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
    static let fullNames = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]

    /// Foundation's `Calendar` numbering: 1 = Sunday … 7 = Saturday.
    public init?(gregorian: Int) {
        guard (1...7).contains(gregorian) else { return nil }
        self.init(rawValue: (gregorian + 5) % 7)
    }
}

/// A moment as a wall clock shows it: which weekday, and seconds since local midnight.
public struct WallClock: Sendable, Equatable {
    public var weekday: Weekday
    /// 0 ..< 86 400 (a leap second or a 25-hour day reads as the day's last second).
    public var secondOfDay: Int

    public init(weekday: Weekday, secondOfDay: Int) {
        self.weekday = weekday
        self.secondOfDay = min(max(0, secondOfDay), 86_399)
    }

    public init(weekday: Weekday, hour: Int, minute: Int, second: Int = 0) {
        self.init(weekday: weekday, secondOfDay: hour * 3600 + minute * 60 + second)
    }

    var minuteOfWeek: Int { weekday.rawValue * ScreenSchedule.minutesPerDay + secondOfDay / 60 }
}

public struct ScreenSchedule: Sendable, Equatable {
    static let minutesPerDay = 1440
    static let minutesPerWeek = 7 * 1440

    /// The text it was read from, for messages and `get-state`.
    public let text: String
    private let onMinutes: [Bool]

    /// A wall-clock time the screen next changes at, `daysAhead` local dates after today's.
    public struct Change: Sendable, Equatable {
        public var daysAhead: Int
        public var hour: Int
        public var minute: Int
        /// Whether the screen is on from then.
        public var on: Bool
    }

    /// Reads `DAYS HH:MM-HH:MM[, DAYS HH:MM-HH:MM…]`: DAYS is a day (`Mon`, `monday`), a range
    /// (`Mon-Fri`, `Fri-Mon` wraps), or `daily`. A range that ends at or before it starts
    /// crosses midnight (`Fri 18:00-02:00` is on until 02:00 on Saturday); `24:00` is the end of
    /// the day. The error names the part that is wrong.
    public init(parsing text: String) throws(ScreenScheduleError) {
        self.text = text
        // Where ranges start (+1) and end (-1): a long schedule costs a step per entry, not one
        // per minute it covers, and overlapping entries simply add up.
        var edges = [Int](repeating: 0, count: Self.minutesPerWeek + 1)
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
            .map { $0.trimmingSpaces() }
        guard parts.contains(where: { !$0.isEmpty }) else {
            throw ScreenScheduleError(part: text, reason: "is empty; write days and hours like 'Mon-Fri 07:00-22:00'")
        }
        for part in parts {
            guard !part.isEmpty else { throw ScreenScheduleError(part: text, reason: "has an empty entry between commas") }
            let words = part.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
            guard words.count == 2 else {
                throw ScreenScheduleError(part: part, reason: "should be days then hours, like 'Mon-Fri 07:00-22:00'")
            }
            let days = try Self.days(words[0], in: part)
            let (start, end) = try Self.hours(words[1], in: part)
            // Crossing midnight: the part after 24:00 belongs to the next day (and Sunday's to Monday).
            let length = end > start ? end - start : end + Self.minutesPerDay - start
            for day in days {
                let first = day.rawValue * Self.minutesPerDay + start, end = first + length
                edges[first] += 1
                if end <= Self.minutesPerWeek {
                    edges[end] -= 1
                } else {
                    // Past Sunday midnight: the rest is Monday morning's.
                    edges[0] += 1
                    edges[end - Self.minutesPerWeek] -= 1
                }
            }
        }
        var covering = 0
        onMinutes = edges.dropLast().map { edge in
            covering += edge
            return covering > 0
        }
    }

    /// Whether the screen is lit at that wall-clock time.
    public func isOn(at time: WallClock) -> Bool { onMinutes[time.minuteOfWeek] }

    /// The next wall-clock time at which `isOn` changes, after `time`; nil when it never does
    /// (on all week).
    public func nextChange(after time: WallClock) -> Change? {
        let now = time.minuteOfWeek
        let current = onMinutes[now]
        for step in 1 ... Self.minutesPerWeek {
            let minute = (now + step) % Self.minutesPerWeek
            guard onMinutes[minute] != current else { continue }
            let ofDay = minute % Self.minutesPerDay
            // Days from today's date: the minute index may have wrapped past Sunday.
            let daysAhead = (time.secondOfDay / 60 + step) / Self.minutesPerDay
            return Change(daysAhead: daysAhead, hour: ofDay / 60, minute: ofDay % 60, on: !current)
        }
        return nil
    }

    private static func days(_ word: String, in part: String) throws(ScreenScheduleError) -> [Weekday] {
        let lower = word.lowercased()
        if lower == "daily" || lower == "mon-sun" { return Weekday.allCases }
        let ends = lower.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
        guard ends.count <= 2 else { throw ScreenScheduleError(part: part, reason: "'\(word)' is not a day or a range of days like Mon-Fri") }
        var found: [Weekday] = []
        for (name, original) in zip(ends, word.split(separator: "-", omittingEmptySubsequences: false)) {
            guard let day = weekday(name) else {
                throw ScreenScheduleError(part: part, reason: "unknown day '\(original)' (days are Mon, Tue, Wed, Thu, Fri, Sat, Sun, or 'daily')")
            }
            found.append(day)
        }
        guard found.count == 2 else { return found }
        // Fri-Mon wraps through the weekend.
        let count = (found[1].rawValue - found[0].rawValue + 7) % 7 + 1
        return (0 ..< count).map { Weekday(rawValue: (found[0].rawValue + $0) % 7)! }
    }

    private static func weekday(_ name: String) -> Weekday? {
        if let i = Weekday.names.firstIndex(of: name) ?? Weekday.fullNames.firstIndex(of: name) { return Weekday(rawValue: i) }
        return nil
    }

    /// Minutes since midnight of both ends; the end may be 24:00 (1440).
    private static func hours(_ word: String, in part: String) throws(ScreenScheduleError) -> (Int, Int) {
        let ends = word.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
        guard ends.count == 2 else {
            throw ScreenScheduleError(part: part, reason: "'\(word)' is not a time range like 07:00-22:00")
        }
        guard let start = minuteOfDay(ends[0]), start < minutesPerDay else {
            throw ScreenScheduleError(part: part, reason: "'\(ends[0])' is not a time from 00:00 to 23:59")
        }
        guard let end = minuteOfDay(ends[1]) else {
            throw ScreenScheduleError(part: part, reason: "'\(ends[1])' is not a time from 00:00 to 24:00")
        }
        guard start != end else {
            throw ScreenScheduleError(part: part, reason: "'\(word)' starts and ends at the same time; write 00:00-24:00 for all day")
        }
        return (start, end)
    }

    /// `HH:MM` (or `H:MM`), 00:00 … 24:00.
    private static func minuteOfDay(_ text: String) -> Int? {
        let fields = text.split(separator: ":", omittingEmptySubsequences: false)
        guard fields.count == 2, (1...2).contains(fields[0].count), fields[1].count == 2,
              fields.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              let hour = Int(fields[0]), let minute = Int(fields[1]), minute < 60 else { return nil }
        let value = hour * 60 + minute
        return value <= minutesPerDay ? value : nil
    }
}

/// A schedule that cannot be read: the entry at fault and what is wrong with it.
public struct ScreenScheduleError: Error, Sendable, Equatable, CustomStringConvertible {
    public let part: String
    public let reason: String
    /// Control characters shown escaped: a NUL would end the message wherever it meets C (a
    /// terminal, the journal), a newline would split it.
    public var description: String { "screen schedule '\(part)': \(reason)".escapingControlCharacters() }
}

private extension Substring {
    func trimmingSpaces() -> String {
        String(drop(while: { $0 == " " || $0 == "\t" }).reversed().drop(while: { $0 == " " || $0 == "\t" }).reversed())
    }
}

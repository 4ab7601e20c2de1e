// The slideshow clock's form, as a strftime pattern. A pattern the owner configured wins. Else the
// locale's own time format (glibc's T_FMT for LC_TIME) says whether people there read 12- or 24-hour
// time: one with an hour of twelve (%I, %l, %r) or an AM/PM (%p) gets "4:23 PM", any other "16:23".
// T_FMT itself is not used as it is: it has seconds, and a frame's clock that shows seconds redraws
// the whole screen every second.

public enum ClockFormat {
    /// The longest pattern taken from the configuration: a clock is a few characters.
    public static let maximumLength = 64

    public static let twelveHour = "%l:%M %p"
    public static let twentyFourHour = "%H:%M"

    /// The pattern to format the clock with.
    public static func pattern(localeTimeFormat: String, configured: String?) -> String {
        if let configured, !configured.isEmpty { return configured }
        return isTwelveHour(localeTimeFormat) ? twelveHour : twentyFourHour
    }

    static func isTwelveHour(_ format: String) -> Bool {
        ["%I", "%l", "%r", "%p", "%-I", "%-l"].contains { format.contains($0) }
    }

    /// Why a configured pattern cannot be a clock, or nil when it can.
    public static func problem(with configured: String) -> String? {
        if configured.isEmpty { return "empty" }
        if configured.utf8.count > maximumLength { return "longer than \(maximumLength) bytes" }
        if configured.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) { return "has a control character" }
        if !configured.contains("%") { return "has no % field (%H:%M is the 24-hour clock, %l:%M %p the 12-hour one)" }
        return nil
    }
}

// The caption's clock in the locale the environment names (LC_ALL, LC_TIME, LANG), as glibc has
// it. Foundation's Locale.current on Linux does not follow those variables, so its "shortened"
// time is 12-hour everywhere; glibc's locale is read here instead — through newlocale and
// strftime_l, so the process's global locale (which C libraries' number parsing depends on)
// stays "C".

import Foundation
import Glibc
import Kiosk

@MainActor
final class LocalClock {
    /// The strftime pattern in use (ClockFormat: configured, or the locale's 12/24-hour form).
    let pattern: String
    /// nil when the environment names no locale or one not installed: "C" then, 24-hour.
    private let locale: locale_t?

    init(configured: String?) {
        locale = newlocale(LC_TIME_MASK, "", nil)
        let localeFormat = locale.map { String(cString: nl_langinfo_l(nl_item(T_FMT), $0)) } ?? ClockFormat.twentyFourHour
        pattern = ClockFormat.pattern(localeTimeFormat: localeFormat, configured: configured)
    }

    isolated deinit { if let locale { freelocale(locale) } }

    /// "16:23", "4:23 PM", or the configured form, at `date` in the local time zone.
    func string(at date: Date) -> String {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        guard localtime_r(&seconds, &parts) != nil else { return "" }
        var buffer = [CChar](repeating: 0, count: 256)
        let count = locale.map { strftime_l(&buffer, buffer.count, pattern, &parts, $0) }
            ?? strftime(&buffer, buffer.count, pattern, &parts)
        let bytes = buffer.prefix(count).map { UInt8(bitPattern: $0) }
        // %l pads a one-digit hour with a space.
        return String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespaces)
    }
}

import Testing
@testable import Kiosk

@Suite("The slideshow clock's form")
struct ClockFormatTests {
    @Test("a locale with 24-hour time gets 16:23", arguments: ["%H:%M:%S", "%T", "%k.%M.%S", "%H時%M分%S秒"])
    func twentyFour(format: String) {
        #expect(ClockFormat.pattern(localeTimeFormat: format, configured: nil) == "%H:%M")
    }

    @Test("a locale with 12-hour time gets 4:23 PM", arguments: ["%r", "%I:%M:%S %p", "%l:%M:%S %p", "%p %I:%M:%S"])
    func twelve(format: String) {
        #expect(ClockFormat.pattern(localeTimeFormat: format, configured: nil) == "%l:%M %p")
    }

    @Test("a configured pattern wins over the locale")
    func configured() {
        #expect(ClockFormat.pattern(localeTimeFormat: "%r", configured: "%H.%M") == "%H.%M")
        #expect(ClockFormat.pattern(localeTimeFormat: "%T", configured: "") == "%H:%M")
    }

    @Test("a pattern that cannot be a clock is refused with why")
    func problems() {
        #expect(ClockFormat.problem(with: "%H:%M") == nil)
        #expect(ClockFormat.problem(with: "") != nil)
        #expect(ClockFormat.problem(with: "noon") != nil)
        #expect(ClockFormat.problem(with: "%H\n%M") != nil)
        #expect(ClockFormat.problem(with: String(repeating: "%H", count: 40)) != nil)
    }
}

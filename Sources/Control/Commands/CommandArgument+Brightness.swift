// `brightness N`: the backlight in percent. From 1: a panel's light at 0 looks like a dead frame,
// and dark is `screen off`'s job.

import InputLimits

extension CommandArgument {
    public static let brightnessLimit = Limit<Int>("brightness", 1...100, "percent")

    static let brightness = CommandArgument(documented: ["`n`"]) { name, value throws(ControlError) in
        // A number, or a string holding one, as every whole-number argument is read.
        guard let percent = value.intValue ?? value.stringValue.flatMap({ Int($0) }), brightnessLimit.contains(percent) else {
            throw ControlError("\(name) needs \(brightnessLimit.expectation); got \(value.brief)")
        }
        return .brightness(percent)
    }
}

// `slideshow-interval SECONDS` and `transition fade|none|pan`: the photo frame's pace and its
// change between slides, set while it runs (Home Assistant's number and select), in the ranges
// and words `--interval` and `--transition` take.

import InputLimits

/// How one slide gives way to the next, as `--transition` names it.
public enum SlideTransition: String, Sendable, Equatable, CaseIterable { case fade, none, pan }

extension CommandArgument {
    static let slideInterval = CommandArgument(documented: ["`s`"]) { name, value throws(ControlError) in
        let limit = Limits.slideInterval
        let seconds = value.doubleValue ?? value.stringValue.flatMap(Double.init)
        guard let seconds, seconds.isFinite, limit.contains(seconds) else {
            throw ControlError("\(name) needs \(limit.expectation); got \(value.brief)")
        }
        return .slideshowInterval(seconds)
    }

    static let transition = CommandArgument(documented: SlideTransition.allCases.map { "`\"\($0.rawValue)\"`" }) { name, value throws(ControlError) in
        guard let word = value.stringValue, let transition = SlideTransition(rawValue: word) else {
            throw ControlError("\(name) needs \(SlideTransition.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")), got \(value.brief)")
        }
        return .transition(transition)
    }
}

// A number someone hands cascade — a command-line option, a configuration key, a control-socket
// argument — and the range it must lie in. Whatever the entry point, the number is read and
// checked by the same Limit, so a value refused on the command line is refused in the file and
// on the socket with the same words, and no value outside the range ever reaches the wall: one
// unbounded number was enough to allocate 26 GB (`--columns`) or trap (`--margin 1e300`).

/// The kinds of number a limit bounds: whole numbers and floating point.
public protocol LimitedNumber: Comparable, Sendable {
    /// The number `text` spells, nil when it spells none of this type: a word, a fraction where a
    /// whole number is wanted, or a whole number too large for the type (2^64 for an Int).
    init?(spelling text: String)
    /// How the number is written in messages and help.
    var spelling: String { get }
    /// "a whole number" or "a number", for messages.
    static var kind: String { get }
    /// Whether a bound is the type's own end, i.e. no bound at all (an index has no upper one,
    /// a scroll offset is any finite number).
    static func isUnboundedBelow(_ value: Self) -> Bool
    static func isUnboundedAbove(_ value: Self) -> Bool
    /// The nearest values outside a bound, nil at the type's end: the first a check must refuse.
    var justBelow: Self? { get }
    var justAbove: Self? { get }
}

public struct Limit<Number: LimitedNumber>: Sendable {
    /// The option's long name, which is also the configuration key and the socket argument.
    public let name: String
    public let range: ClosedRange<Number>
    /// What is counted, plural: "pixels", "seconds", "columns". Empty for a bare number.
    public let unit: String
    /// What the lowest value means when it is special, e.g. "never" for a timeout of 0.
    public let lowestMeans: String?
    /// A word accepted in place of a number, e.g. "auto" for columns (read by the entry point).
    public let alternative: String?

    public init(_ name: String, _ range: ClosedRange<Number>, _ unit: String = "", lowestMeans: String? = nil,
                alternative: String? = nil) {
        self.name = name
        self.range = range
        self.unit = unit
        self.lowestMeans = lowestMeans
        self.alternative = alternative
    }

    public func contains(_ value: Number) -> Bool { range.contains(value) }

    /// The value, or the error that says what is allowed. NaN is in no range.
    public func check(_ value: Number) throws(LimitError) -> Number {
        guard range.contains(value) else { throw LimitError(name: name, value: value.spelling, expectation: expectation) }
        return value
    }

    /// The number `text` spells, checked. Anything else — a word, NaN, infinity, 1e300, 2^64 —
    /// is refused with the allowed range.
    public func parse(_ text: String) throws(LimitError) -> Number {
        guard let value = Number(spelling: text) else { throw LimitError(name: name, value: text, expectation: expectation) }
        guard range.contains(value) else { throw LimitError(name: name, value: text, expectation: expectation) }
        return value
    }

    /// "a number of pixels from 0 to 500", "a whole number of columns from 1 to 16, or auto",
    /// "a finite number of pixels".
    public var expectation: String {
        let of = unit.isEmpty ? "" : " of \(unit)"
        var text = Number.kind + of + " " + rangeText
        if Number.isUnboundedBelow(range.lowerBound), Number.isUnboundedAbove(range.upperBound) { text = "a finite number" + of }
        if let alternative { text += ", or \(alternative)" }
        return text
    }

    /// "from 0 (never) to 86400", "from 0 up".
    public var rangeText: String {
        let low = range.lowerBound.spelling + (lowestMeans.map { " (\($0))" } ?? "")
        return Number.isUnboundedAbove(range.upperBound) ? "from \(low) up" : "from \(low) to \(range.upperBound.spelling)"
    }
}

/// A number outside its limit, or no number at all. Its description is what the command line
/// prints after "The value 'V' is invalid for '--name':"; `message` stands alone.
public struct LimitError: Error, Sendable, Equatable, CustomStringConvertible {
    public let name: String
    /// As it was given.
    public let value: String
    public let expectation: String

    public var description: String { "must be \(expectation)" }
    /// "margin: 1e300 is not a number of pixels from 0 to 500".
    public var message: String { "\(name): \(value) is not \(expectation)" }
}

extension LimitedNumber {
    public static func isUnboundedBelow(_ value: Self) -> Bool { false }
    public static func isUnboundedAbove(_ value: Self) -> Bool { false }
}

extension LimitedNumber where Self: FixedWidthInteger {
    public init?(spelling text: String) { self.init(text, radix: 10) }
    public var spelling: String { String(self) }
    public var justBelow: Self? { self == .min ? nil : self - 1 }
    public var justAbove: Self? { self == .max ? nil : self + 1 }
    public static var kind: String { "a whole number" }
}

extension Int: LimitedNumber {
    public static func isUnboundedAbove(_ value: Int) -> Bool { value == .max }
}

extension UInt64: LimitedNumber {}

extension Double: LimitedNumber {
    /// Swift's own reading, which takes "1e300", "nan" and "inf" — the range then refuses them.
    public init?(spelling text: String) { self.init(text) }
    public var spelling: String {
        isFinite && self == rounded() && abs(self) < 1e15 ? String(Int64(self)) : String(self)
    }
    public static var kind: String { "a number" }
    public var justBelow: Double? { nextDown }
    public var justAbove: Double? { nextUp }
    public static func isUnboundedBelow(_ value: Double) -> Bool { value == -.greatestFiniteMagnitude }
    public static func isUnboundedAbove(_ value: Double) -> Bool { value == .greatestFiniteMagnitude }
}

// Reading parsed JSON without a switch at every step.

extension JSONValue {
    /// The value under `key` in an object (the last one, if a sender repeated the key, as
    /// JavaScript's JSON.parse does); nil for a missing key or a value that is not an object.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let pairs) = self else { return nil }
        return pairs.last(where: { $0.0 == key })?.1
    }

    public var stringValue: String? {
        if case .string(let s) = self { s } else { nil }
    }

    public var boolValue: Bool? {
        if case .bool(let b) = self { b } else { nil }
    }

    /// An int, or a double with no fractional part that fits in an Int.
    public var intValue: Int? {
        switch self {
        case .int(let n): n
        case .double(let d) where d == d.rounded() && d >= -9.2e18 && d <= 9.2e18: Int(d)
        default: nil
        }
    }

    public var doubleValue: Double? {
        switch self {
        case .int(let n): Double(n)
        case .double(let d): d
        default: nil
        }
    }

    public var arrayValue: [JSONValue]? {
        if case .array(let items) = self { items } else { nil }
    }

    public var objectValue: [(String, JSONValue)]? {
        if case .object(let pairs) = self { pairs } else { nil }
    }

    public var isNull: Bool {
        if case .null = self { true } else { false }
    }

    /// Strings, numbers, bools and null.
    public var isScalar: Bool {
        switch self {
        case .array, .object: false
        default: true
        }
    }
}

/// The order people expect file names in: "IMG_2" before "IMG_10", "beach" next to "Beach".
/// Works on raw path bytes, so names that are not UTF-8 sort too (their bytes compare as bytes).
///
/// The comparison is a total order, keys in turn:
/// 1. element by element, where a run of ASCII digits is one element compared by its numeric
///    value (any length, no overflow), and any other byte compares with ASCII letters folded to
///    lower case; "/" sorts before every other byte, so a folder's contents stay together
///    ("a/z" before "a b/c" before "a.jpg"), and a number sorts where the digit "0" would;
/// 2. then, for equal values, more leading zeros first ("IMG_007" before "IMG_7"), as `sort -V`;
/// 3. then the raw bytes, so upper case comes before lower case and no two paths are equal
///    unless they are the same bytes.
public enum NaturalOrder {
    /// Negative, zero or positive as `a` sorts before, with, or after `b`.
    public static func compare(_ a: [UInt8], _ b: [UInt8]) -> Int {
        a.withUnsafeBufferPointer { a in b.withUnsafeBufferPointer { b in compare(a, b) } }
    }

    /// The same over borrowed bytes: a photo's relative path is a slice of its absolute one.
    public static func compare(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int {
        var i = 0
        var j = 0
        var zeros = 0  // key 2: decided at the first digit runs of different lengths
        while i < a.count, j < b.count {
            if isDigit(a[i]), isDigit(b[j]) {
                let startA = i, startB = j
                while i < a.count, isDigit(a[i]) { i += 1 }
                while j < b.count, isDigit(b[j]) { j += 1 }
                // Skip leading zeros but keep the last digit, so "000" is the number 0.
                var significantA = startA, significantB = startB
                while significantA < i - 1, a[significantA] == zero { significantA += 1 }
                while significantB < j - 1, b[significantB] == zero { significantB += 1 }
                let lengthA = i - significantA, lengthB = j - significantB
                if lengthA != lengthB { return lengthA < lengthB ? -1 : 1 }
                for k in 0..<lengthA where a[significantA + k] != b[significantB + k] {
                    return a[significantA + k] < b[significantB + k] ? -1 : 1
                }
                if zeros == 0, i - startA != j - startB { zeros = i - startA > j - startB ? -1 : 1 }
            } else {
                let weightA = weight(a[i]), weightB = weight(b[j])
                if weightA != weightB { return weightA < weightB ? -1 : 1 }
                i += 1
                j += 1
            }
        }
        if i < a.count { return 1 }
        if j < b.count { return -1 }
        if zeros != 0 { return zeros }
        if a.elementsEqual(b) { return 0 }
        return a.lexicographicallyPrecedes(b) ? -1 : 1
    }

    public static func compare(_ a: PhotoPath, _ b: PhotoPath) -> Int { compare(a.bytes, b.bytes) }

    /// For `sort(by:)`.
    public static func areInIncreasingOrder(_ a: PhotoPath, _ b: PhotoPath) -> Bool { compare(a.bytes, b.bytes) < 0 }

    private static let zero = UInt8(ascii: "0")

    private static func isDigit(_ byte: UInt8) -> Bool { byte &- zero < 10 }

    /// Key 1 for a single byte. Digits only get here facing a non-digit, so giving them all
    /// the weight of "0" keeps numbers in their ASCII place without ever making a tie.
    private static func weight(_ byte: UInt8) -> Int {
        if byte == UInt8(ascii: "/") { return 0 }
        if isDigit(byte) { return Int(zero) + 1 }
        if byte >= UInt8(ascii: "A"), byte <= UInt8(ascii: "Z") { return Int(byte | 0x20) + 1 }
        return Int(byte) + 1
    }
}

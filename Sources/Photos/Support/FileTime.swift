#if canImport(Glibc)
import Glibc
#endif

/// A file time as the kernel keeps it. Nanoseconds matter: two photos copied in the same second
/// still sort by modification time, and a thumbnail's `Thumb::MTime` compares the seconds.
public struct FileTime: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let seconds: Int64
    /// 0 ..< 1_000_000_000
    public let nanoseconds: Int32

    public init(seconds: Int64, nanoseconds: Int32) {
        self.seconds = seconds
        self.nanoseconds = nanoseconds
    }

    init(_ spec: timespec) {
        self.init(seconds: Int64(spec.tv_sec), nanoseconds: Int32(clamping: spec.tv_nsec))
    }

    public static func < (a: FileTime, b: FileTime) -> Bool {
        (a.seconds, a.nanoseconds) < (b.seconds, b.nanoseconds)
    }

    public var description: String {
        let fraction = String(nanoseconds)
        return "\(seconds).\(String(repeating: "0", count: max(0, 9 - fraction.count)))\(fraction)"
    }
}

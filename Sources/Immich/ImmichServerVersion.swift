// Which Immich servers cascade knows how to ask. The `visibility` field its searches send arrived
// in 1.133; a server older than that would answer them wrongly or not at all, so it is refused
// with the version it has and the one needed. A newer major release may have changed the API:
// cascade says so once and tries.

public struct ImmichServerVersion: Decodable, Sendable, Equatable, Comparable, CustomStringConvertible {
    public var major: Int
    public var minor: Int
    public var patch: Int

    public init(major: Int, minor: Int, patch: Int) {
        self.major = major
        self.minor = minor
        self.patch = patch
    }

    public static let oldestKnown = ImmichServerVersion(major: 1, minor: 133, patch: 0)
    public static let newestKnownMajor = 3

    public var description: String { "\(major).\(minor).\(patch)" }

    public static func < (a: Self, b: Self) -> Bool { (a.major, a.minor, a.patch) < (b.major, b.minor, b.patch) }

    /// What cascade does with a server of this version.
    public enum Verdict: Sendable, Equatable {
        case known
        /// Refused: the message says why and what is needed.
        case tooOld(String)
        /// Tried anyway, after this warning.
        case newer(String)
    }

    public func verdict(at url: String) -> Verdict {
        if self < Self.oldestKnown {
            return .tooOld("Immich at \(url) runs \(self), older than \(Self.oldestKnown), the oldest cascade can ask (it needs the search's visibility field): upgrade the server to \(Self.oldestKnown) or newer")
        }
        if major > Self.newestKnownMajor {
            return .newer("Immich at \(url) runs \(self), newer than the \(Self.newestKnownMajor).x cascade knows: going on, but if photos stop coming, its API may have changed")
        }
        return .known
    }
}

/// An Immich server's version, as `GET /api/server/version` answers, and whether cascade knows
/// its API.
public struct ImmichVersion: Sendable, Equatable, Comparable, CustomStringConvertible, Decodable {
    public let major: Int
    public let minor: Int
    public let patch: Int

    public init(major: Int, minor: Int, patch: Int) {
        self.major = major
        self.minor = minor
        self.patch = patch
    }

    public var description: String { "\(major).\(minor).\(patch)" }

    public static func < (a: ImmichVersion, b: ImmichVersion) -> Bool {
        (a.major, a.minor, a.patch) < (b.major, b.minor, b.patch)
    }
}

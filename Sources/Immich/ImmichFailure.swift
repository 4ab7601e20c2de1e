// How a request to Immich went wrong, in the kinds a frame treats differently: a server that is
// away (wait and try again, sooner at first), a key refused (nothing to do but tell), a key that
// may not change assets, and a server in trouble (try at the next poll).

public enum ImmichFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// Connection refused, timed out, no such host, a TLS handshake that failed.
    case unreachable(String)
    case unauthorized
    case forbidden
    /// 5xx, or a body cut short.
    case server(String)
    /// Anything else the server said that cascade did not expect (4xx, unreadable JSON).
    case unexpected(String)

    /// A failure of one asset's request, which the next asset may not share: not the server
    /// away or the key refused.
    var concernsOneAsset: Bool {
        switch self {
        case .server, .unexpected: true
        case .unreachable, .unauthorized, .forbidden: false
        }
    }

    public var description: String {
        switch self {
        case let .unreachable(reason): "unreachable (\(reason))"
        case .unauthorized: "401 Unauthorized"
        case .forbidden: "403 Forbidden"
        case let .server(reason): reason
        case let .unexpected(reason): reason
        }
    }
}

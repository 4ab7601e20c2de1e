// What the log says about the server: one line when its state changes — away, key refused,
// in trouble, back — never one per poll.

enum ImmichStatus: Equatable {
    case unknown
    case up
    case unreachable
    case unauthorized
    case serverError

    init(_ failure: ImmichFailure) {
        switch failure {
        case .unreachable: self = .unreachable
        case .unauthorized: self = .unauthorized
        case .forbidden, .server, .unexpected: self = .serverError
        }
    }

    /// The line for a move from `old` to this state; nil when nothing is worth saying.
    func line(from old: ImmichStatus, failure: ImmichFailure?, url: String, keyFile: String, cached: Int, poll: Int) -> String? {
        guard self != old else { return nil }
        switch self {
        case .unknown: return nil
        case .up: return old == .unknown ? nil : "Immich at \(url) is back"
        case .unreachable:
            let reason = failure.flatMap { if case let .unreachable(r) = $0 { r } else { nil } } ?? "no answer"
            return "Immich at \(url) is unreachable (\(reason)): showing the \(cached) cached photo\(cached == 1 ? "" : "s"); trying again every \(ImmichBackoff.first) s, less often up to every \(poll) s"
        case .unauthorized:
            return "Immich refused the API key (401): check key-file \(keyFile) (showing the \(cached) cached photo\(cached == 1 ? "" : "s"))"
        case .serverError:
            return "Immich at \(url) failed: \(failure?.description ?? "error"); trying again at the next poll in \(poll) s"
        }
    }
}

/// While the server is away: 5 s, doubling, up to the poll interval.
struct ImmichBackoff {
    static let first = 5
    private(set) var next = ImmichBackoff.first

    mutating func take(limit: Int) -> Int {
        let wait = min(next, limit)
        next = min(next * 2, max(limit, Self.first))
        return wait
    }

    mutating func reset() { next = Self.first }
}

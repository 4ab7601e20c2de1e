// How much one client may cost the server. The defaults suit a kiosk; tests shrink them.

public struct ControlServerLimits: Sendable {
    /// A client that has sent part of a line and then nothing for this long is closed.
    public var idleTimeout: Duration = .seconds(30)
    /// Longer request lines get an error reply and the connection is closed.
    public var maximumLineLength = 1 << 20
    /// Replies and events waiting for a client that does not read; beyond, it is dropped.
    public var maximumPendingOutput = 1 << 20
    /// Requests of one client the app has not answered yet; more get an error reply at once.
    public var maximumRequestsInFlight = 32
    /// Clients connected at once; more get an error line and are closed.
    public var maximumClients = 256
    /// While clients are being refused, one log line per this interval says how many.
    public var refusalLogInterval: Duration = .seconds(10)

    public init() {}
}

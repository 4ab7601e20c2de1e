// Every connected client, what it subscribed to, and how many of its requests the app still has.
// Lives on the server's event loop and is only touched there, so it needs no lock; the server
// reaches it through NIOLoopBound, which checks that.

import Logging
import NIOCore

final class ControlClientTable {
    private struct Client {
        let channel: Channel
        var events: EventSelection = .names([])
        var inFlight = 0
        /// The client finished sending (half-close): close once its last reply is out.
        var inputClosed = false
        /// A close is under way: nothing more is sent, but the place stays taken until the
        /// connection is gone.
        var closing = false
        /// The last write, so a close can wait for it.
        var lastWrite: EventLoopFuture<Void>?
    }

    let limits: ControlServerLimits
    let log: Logger
    let serverID: UInt64
    let counters: ControlClientCounters
    private let refusals: ControlRefusalLog
    private var clients: [UInt64: Client] = [:] {
        didSet { counters.connected.store(clients.count, ordering: .relaxed) }
    }
    private var nextID: UInt64 = 1
    private var shuttingDown = false

    init(limits: ControlServerLimits, log: Logger, serverID: UInt64, counters: ControlClientCounters, loop: EventLoop) {
        self.limits = limits
        self.log = log
        self.serverID = serverID
        self.counters = counters
        refusals = ControlRefusalLog(log: log, interval: limits.refusalLogInterval, loop: loop,
                                     maximumClients: limits.maximumClients)
    }

    /// nil when the client is refused (too many, or shutting down).
    ///
    /// A client's place is given back in one place only: when its channel has closed, however
    /// that came about — its peer left, a write failed (NIO closes the channel inside that
    /// write, before the caller's next line runs), an error, or a close of ours. Every other
    /// change below edits the entry in place (`clients[id]?.…`), so nothing can put back an
    /// entry that is already gone.
    func add(_ channel: Channel) -> UInt64? {
        guard !shuttingDown else { return nil }
        guard clients.count < limits.maximumClients else {
            counters.refused.add(1, ordering: .relaxed)
            refusals.refused()
            return nil
        }
        let id = nextID
        nextID += 1
        clients[id] = Client(channel: channel)
        channel.closeFuture.assumeIsolated().whenComplete { [self] _ in clients[id] = nil }
        return id
    }

    /// Writes one line; a client with too much unread output is dropped instead.
    func send(_ line: String, to id: UInt64, thenClose: Bool = false) {
        guard let client = clients[id], !client.closing else { return }
        guard client.channel.isWritable else {
            log.warning("control client \(id) stopped reading; dropping it (over \(limits.maximumPendingOutput) bytes unread)")
            clients[id]?.closing = true
            client.channel.close(promise: nil)
            return
        }
        clients[id]?.lastWrite = client.channel.writeAndFlush(ByteBuffer(string: line))
        if thenClose { finish(id) }
    }

    /// Closes the client once what was written to it is out. A peer that never reads would
    /// hold that write, and the place with it, for ever: after the idle timeout it is closed
    /// regardless.
    private func finish(_ id: UInt64) {
        guard let client = clients[id], !client.closing else { return }
        clients[id]?.closing = true
        let channel = client.channel
        (client.lastWrite ?? channel.eventLoop.makeSucceededVoidFuture()).whenComplete { _ in channel.close(promise: nil) }
        let deadline = channel.eventLoop.scheduleTask(in: TimeAmount(limits.idleTimeout)) { channel.close(promise: nil) }
        channel.closeFuture.whenComplete { _ in deadline.cancel() }
    }

    // MARK: requests

    /// Counts a request in, or says why not.
    func admit(_ id: UInt64) -> Bool {
        guard let client = clients[id], !client.closing, client.inFlight < limits.maximumRequestsInFlight else { return false }
        clients[id]?.inFlight += 1
        return true
    }

    func reply(to id: UInt64, requestID: JSONValue, _ result: Result<JSONValue, ControlError>) {
        // A client that left before its reply: the reply goes nowhere.
        guard let client = clients[id] else { return }
        clients[id]?.inFlight = max(0, client.inFlight - 1)
        send(ControlProtocol.replyLine(requestID: requestID, result), to: id, thenClose: isDone(id))
    }

    func inputClosed(_ id: UInt64) {
        clients[id]?.inputClosed = true
        if isDone(id) { finish(id) }
    }

    /// Nothing more will be asked and nothing is owed, and it does not listen for events.
    private func isDone(_ id: UInt64) -> Bool {
        guard let client = clients[id], client.inputClosed, client.inFlight == 0, !client.closing else { return false }
        return client.events == .names([])
    }

    // MARK: events

    func subscribe(_ id: UInt64, _ selection: EventSelection) {
        guard let client = clients[id], !client.closing else { return }
        switch (client.events, selection) {
        case (.all, _), (_, .all): clients[id]?.events = .all
        case let (.names(had), .names(more)): clients[id]?.events = .names(had.union(more))
        }
    }

    func unsubscribe(_ id: UInt64, _ selection: EventSelection) {
        guard let client = clients[id] else { return }
        switch (client.events, selection) {
        case (_, .all): clients[id]?.events = .names([])
        case (.all, .names(let fewer)): clients[id]?.events = .names(Set(ControlProtocol.eventNames).subtracting(fewer))
        case let (.names(had), .names(fewer)): clients[id]?.events = .names(had.subtracting(fewer))
        }
    }

    func publish(_ line: String, named name: String) {
        for (id, client) in clients where !client.closing {
            switch client.events {
            case .all: send(line, to: id)
            case .names(let names) where names.contains(name): send(line, to: id)
            case .names: break
            }
        }
    }

    // MARK: shutdown

    /// Closes every client once what was written to it is out, or after `grace` at the latest.
    func closeAll(grace: TimeAmount, on loop: EventLoop) -> EventLoopFuture<Void> {
        shuttingDown = true
        refusals.flush()
        let channels = clients.values.map { ($0.channel, $0.lastWrite) }
        clients = [:]
        for (channel, lastWrite) in channels {
            (lastWrite ?? loop.makeSucceededVoidFuture()).whenComplete { _ in channel.close(promise: nil) }
        }
        loop.scheduleTask(in: grace) {
            for (channel, _) in channels { channel.close(promise: nil) }
        }
        return EventLoopFuture.andAllComplete(channels.map { $0.0.closeFuture }, on: loop)
    }
}

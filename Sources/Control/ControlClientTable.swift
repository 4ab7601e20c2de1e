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
        /// The last write, so a close can wait for it.
        var lastWrite: EventLoopFuture<Void>?
    }

    let limits: ControlServerLimits
    let log: Logger
    let serverID: UInt64
    private var clients: [UInt64: Client] = [:]
    private var nextID: UInt64 = 1
    private var shuttingDown = false

    init(limits: ControlServerLimits, log: Logger, serverID: UInt64) {
        self.limits = limits
        self.log = log
        self.serverID = serverID
    }

    var count: Int { clients.count }

    /// nil when the client is refused (too many, or shutting down).
    func add(_ channel: Channel) -> UInt64? {
        guard !shuttingDown, clients.count < limits.maximumClients else { return nil }
        let id = nextID
        nextID += 1
        clients[id] = Client(channel: channel)
        return id
    }

    func remove(_ id: UInt64) {
        clients[id] = nil
    }

    /// Writes one line; a client with too much unread output is dropped instead.
    func send(_ line: String, to id: UInt64, thenClose: Bool = false) {
        guard var client = clients[id] else { return }
        guard client.channel.isWritable else {
            log.warning("control client \(id) stopped reading; dropping it (over \(limits.maximumPendingOutput) bytes unread)")
            clients[id] = nil
            client.channel.close(promise: nil)
            return
        }
        let write = client.channel.writeAndFlush(ByteBuffer(string: line))
        client.lastWrite = write
        clients[id] = client
        if thenClose {
            clients[id] = nil
            let channel = client.channel
            write.whenComplete { _ in channel.close(promise: nil) }
        }
    }

    // MARK: requests

    /// Counts a request in, or says why not.
    func admit(_ id: UInt64) -> Bool {
        guard let client = clients[id], client.inFlight < limits.maximumRequestsInFlight else { return false }
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
        guard let client = clients[id] else { return }
        clients[id]?.inputClosed = true
        if isDone(id) {
            clients[id] = nil
            let channel = client.channel
            (client.lastWrite ?? channel.eventLoop.makeSucceededVoidFuture()).whenComplete { _ in channel.close(promise: nil) }
        }
    }

    /// Nothing more will be asked and nothing is owed, and it does not listen for events.
    private func isDone(_ id: UInt64) -> Bool {
        guard let client = clients[id], client.inputClosed, client.inFlight == 0 else { return false }
        return client.events == .names([])
    }

    // MARK: events

    func subscribe(_ id: UInt64, _ selection: EventSelection) {
        guard let client = clients[id] else { return }
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
        for (id, client) in clients {
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

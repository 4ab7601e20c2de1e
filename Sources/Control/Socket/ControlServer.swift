// The JSON control socket (docs/control.md): other programs send commands, the frame
// loop answers them, subscribers hear events. SwiftNIO on one event-loop thread of its own does
// all socket work; the frame loop only ever takes requests from a mailbox and hands replies and
// events over, neither of which waits for a client.
//
// The app's side, per frame (after `wake` was called, or simply every frame):
//     for request in server.takeRequests() { server.reply(to: request, run(request.command)) }
// and where something happens: server.publish(event.json, named: "selected").

import Logging
import NIOCore
import NIOPosix
import Locking
import Synchronization

public final class ControlServer: Sendable {
    public let path: String
    private let file: ControlSocketFile
    private let group: MultiThreadedEventLoopGroup
    private let loop: EventLoop
    private let channel: Channel
    private let table: NIOLoopBound<ControlClientTable>
    private let mailbox: ControlMailbox
    private let log: Logger
    private let counters: ControlClientCounters
    /// Guards handing work to the loop against a shutdown on another thread.
    private let open = Locked(true)

    public convenience init(path: String, group: String?, log: Logger, wake: @escaping @Sendable () -> Void) throws(ControlServerError) {
        try self.init(path: path, group: group, log: log, limits: ControlServerLimits(), wake: wake)
    }

    public init(path: String, group groupName: String?, log: Logger, limits: ControlServerLimits,
                wake: @escaping @Sendable () -> Void) throws(ControlServerError) {
        let (file, fd) = try ControlSocketFile.bind(path: path, group: groupName)
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let loop = group.next()
        // Made on the loop: from then on it is only ever touched there.
        let table: NIOLoopBound<ControlClientTable>
        let counters = ControlClientCounters()
        do {
            let id = nextServerID.wrappingAdd(1, ordering: .relaxed).oldValue
            table = try loop.submit {
                NIOLoopBound(ControlClientTable(limits: limits, log: log, serverID: id, counters: counters, loop: loop), eventLoop: loop)
            }.wait()
        } catch {
            file.remove()
            try? group.syncShutdownGracefully()
            throw .system(action: "start serving", path: path, reason: "\(error)")
        }
        let mailbox = ControlMailbox(wake: wake)
        let highWater = max(1, limits.maximumPendingOutput)
        let bootstrap = ServerBootstrap(group: group)
            .childChannelOption(.allowRemoteHalfClosure, value: true)
            .childChannelOption(.writeBufferWaterMark, value: .init(low: highWater / 2, high: highWater))
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(ControlConnection(table: table.value, mailbox: mailbox))
                }
            }
        do {
            // listen(2) happens here, after ControlSocketFile set the permissions.
            channel = try bootstrap.withBoundSocket(fd).wait()
        } catch {
            file.remove()
            try? group.syncShutdownGracefully()
            throw .system(action: "listen on", path: path, reason: "\(error)")
        }
        self.path = path
        self.file = file
        self.group = group
        self.loop = loop
        self.table = table
        self.mailbox = mailbox
        self.log = log
        self.counters = counters
        log.info("control socket listening on \(path)")
    }

    /// Commands that arrived since the last call. Never blocks.
    public func takeRequests() -> [ControlRequest] {
        mailbox.take()
    }

    /// Answers a request; a client that has gone meanwhile is skipped. Never blocks.
    public func reply(to request: ControlRequest, _ result: Result<JSONValue, ControlError>) {
        let table = self.table
        onLoop {
            guard request.server == table.value.serverID else { return }
            table.value.reply(to: request.client, requestID: request.requestID, result)
        }
    }

    /// Sends an event to the clients subscribed to `name`. `event` is the event's object,
    /// "event": name first (added if missing). Never blocks.
    public func publish(_ event: JSONValue, named name: String) {
        let line = ControlProtocol.eventLine(event, named: name)
        let table = self.table
        onLoop { table.value.publish(line, named: name) }
    }

    /// Stops listening, removes the socket file, gives pending replies up to ~200 ms to go out,
    /// then closes every client. Blocks for that long at most; call it from the frame loop's
    /// thread at exit, never from a NIO thread.
    public func shutdown() {
        let wasOpen = open.withLock { isOpen in
            defer { isOpen = false }
            return isOpen
        }
        guard wasOpen else { return }
        try? channel.close().wait()
        file.remove()
        let table = self.table
        let loop = self.loop
        let closed = loop.flatSubmit { table.value.closeAll(grace: .milliseconds(200), on: loop) }
        try? closed.wait()
        try? group.syncShutdownGracefully()
        log.debug("control socket \(path) closed")
    }

    private func onLoop(_ work: @escaping @Sendable () -> Void) {
        open.withLock { isOpen in
            if isOpen { loop.execute(work) }
        }
    }

    /// Clients holding a place and clients refused so far (get-stats). Never blocks.
    public var clientStats: ControlClientStats { counters.stats }

    /// Clients connected right now (for tests and the log).
    func clientCount() -> Int { counters.stats.connected }
}

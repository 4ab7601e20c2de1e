// One client's connection: frames its bytes into lines, answers what the server can answer
// itself (bad requests, subscriptions) and posts commands to the app's mailbox.

import Logging
import NIOCore

final class ControlConnection: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer

    private let table: ControlClientTable
    private let mailbox: ControlMailbox
    private var framer: LineFramer
    private var id: UInt64?
    /// Armed while a line is half sent; fires after the idle timeout.
    private var idleTimer: Scheduled<Void>?

    init(table: ControlClientTable, mailbox: ControlMailbox) {
        self.table = table
        self.mailbox = mailbox
        framer = LineFramer(maximumLength: table.limits.maximumLineLength)
    }

    func channelActive(context: ChannelHandlerContext) {
        guard let id = table.add(context.channel) else {
            let line = ControlProtocol.replyLine(requestID: .null, .failure(ControlError("too many control clients (at most \(table.limits.maximumClients))")))
            let channel = context.channel
            channel.writeAndFlush(ByteBuffer(string: line)).whenComplete { _ in channel.close(promise: nil) }
            return
        }
        self.id = id
        table.log.debug("control client \(id) connected")
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        idleTimer?.cancel()
        // The table gives the place back itself, when the channel's close completes.
        if let id { table.log.debug("control client \(id) disconnected") }
        id = nil
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard id != nil else { return }
        let buffer = unwrapInboundIn(data)
        handle(framer.push(buffer.readableBytesView))
        rearmIdleTimer(context: context)
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if let event = event as? ChannelEvent, event == .inputClosed, let id {
            idleTimer?.cancel()
            idleTimer = nil
            handle(framer.finish())
            table.inputClosed(id)
        }
        context.fireUserInboundEventTriggered(event)
    }

    func errorCaught(context: ChannelHandlerContext, error: Error) {
        table.log.debug("control client \(id.map(String.init) ?? "-"): \(error)")
        context.close(promise: nil)
    }

    private func handle(_ frames: [LineFramer.Frame]) {
        guard let id else { return }
        var requests: [ControlRequest] = []
        defer { mailbox.post(requests) }
        for frame in frames {
            guard case .line(let line) = frame else {
                table.log.notice("control client \(id) sent a line over \(table.limits.maximumLineLength) bytes; closing it")
                let error = ControlError("request line longer than \(table.limits.maximumLineLength) bytes; closing the connection")
                table.send(ControlProtocol.replyLine(requestID: .null, .failure(error)), to: id, thenClose: true)
                self.id = nil
                return
            }
            if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { continue }
            let decoded = ControlProtocol.decode(line)
            switch decoded.message {
            case .failure(let error):
                table.send(ControlProtocol.replyLine(requestID: decoded.requestID, .failure(error)), to: id)
            case .success(.subscribe(let selection)):
                table.subscribe(id, selection)
                table.send(ControlProtocol.replyLine(requestID: decoded.requestID, .success(.null)), to: id)
            case .success(.unsubscribe(let selection)):
                table.unsubscribe(id, selection)
                table.send(ControlProtocol.replyLine(requestID: decoded.requestID, .success(.null)), to: id)
            case .success(.command(let command)):
                if table.admit(id) {
                    requests.append(ControlRequest(command: command, server: table.serverID, client: id, requestID: decoded.requestID))
                } else {
                    let error = ControlError("too many requests waiting for replies (at most \(table.limits.maximumRequestsInFlight)); wait for the replies first")
                    table.send(ControlProtocol.replyLine(requestID: decoded.requestID, .failure(error)), to: id)
                }
            }
        }
    }

    /// Only a half-sent line is on the clock: a client quietly waiting for events is not idle.
    private func rearmIdleTimer(context: ChannelHandlerContext) {
        idleTimer?.cancel()
        idleTimer = nil
        guard let id, framer.partialCount > 0 else { return }
        let table = NIOLoopBound(self.table, eventLoop: context.eventLoop)
        idleTimer = context.eventLoop.scheduleTask(in: TimeAmount(self.table.limits.idleTimeout)) {
            let table = table.value
            table.log.notice("control client \(id) sent half a line and went quiet; closing it")
            let error = ControlError("no end of line within \(table.limits.idleTimeout); closing the connection")
            table.send(ControlProtocol.replyLine(requestID: .null, .failure(error)), to: id, thenClose: true)
        }
    }
}

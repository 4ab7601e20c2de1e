@testable import Control
import Foundation
import Testing
@testable import TestSupport

/// The server end to end, through real sockets. Waits are generous bounds (a failing test ends
/// instead of hanging), never the thing being measured.
@Suite(.serialized) struct ControlServerTests {
    private func withApp(limits: ControlServerLimits = ControlServerLimits(),
                         answer: (@Sendable (Command) -> Result<JSONValue, ControlError>)? = FakeApp.standardAnswer,
                         _ body: (FakeApp, String) throws -> Void) throws {
        let folder = makeTemporaryFolder("cctl", short: true)
        defer { removeFolder(folder) }
        let path = folder + "/c.sock"
        let app = try FakeApp(path: path, limits: limits, answer: answer)
        defer { app.stop() }
        try body(app, path)
    }

    private func connect(_ path: String) throws -> ControlClient {
        try ControlClient(path: path, timeout: .seconds(20))
    }

    @Test func commandsReachTheAppAndRepliesEchoTheRequestID() throws {
        try withApp { app, path in
            let client = try connect(path)
            try client.sendRaw(Array(#"{"command":["get-state"],"request_id":41}"#.utf8) + [0x0A])
            #expect(try client.readLine().map { String(decoding: $0, as: UTF8.self) }
                    == #"{"request_id":41,"error":"success","data":{"count":3,"mode":"wall"}}"#)
            try client.sendRaw(Array(#"{"command":["select",9],"request_id":"tap"}"#.utf8) + [0x0A])
            #expect(try client.readJSON() == .object([("request_id", .string("tap")), ("error", .string("no photo at index 9 (the wall has 3)"))]))
            try client.sendRaw(Array(#"{"command":["scroll-to",{"index":2,"animated":true}]}"#.utf8) + [0x0A])
            #expect(try client.readJSON() == .object([("request_id", .null), ("error", .string("success")), ("data", .null)]))
            #expect(app.commands == [.getState, .select(9), .scrollTo(.index(2), animated: true)])
        }
    }

    @Test func badInputGetsAnErrorAndTheConnectionStaysOpen() throws {
        try withApp { app, path in
            let client = try connect(path)
            let bad = ["{oops", "[1,2]", #"{"command":"quit"}"#, #"{"command":["fly"],"request_id":5}"#,
                       #"{"command":["select","x"],"request_id":6}"#, #"{"command":["select",-1]}"#]
            for line in bad {
                try client.sendRaw(Array(line.utf8) + [0x0A])
                let reply = try #require(try client.readJSON())
                #expect(reply["error"] != .string("success"), "\(line)")
                #expect(reply["error"]?.stringValue?.isEmpty == false)
            }
            // Invalid UTF-8 is bad input like any other.
            try client.sendRaw([0x7B, 0x22, 0xFF, 0x22, 0x3A, 0x31, 0x7D, 0x0A])
            #expect(try client.readJSON()?["error"]?.stringValue?.contains("UTF-8") == true)
            #expect(try client.request([.string("get-state")])["error"] == .string("success"))
            #expect(app.commands == [.getState])
        }
    }

    @Test func bytesInAnySplitAndCRLFAndEmptyLinesAllWork() throws {
        try withApp { _, path in
            let client = try connect(path)
            let text = Array("\n\r\n{\"command\":[\"open\",1],\"request_id\":1}\r\n   \n{\"command\":[\"close\"],\"request_id\":2}\n".utf8)
            for byte in text { try client.sendRaw([byte]) }
            #expect(try client.readJSON()?["request_id"] == .int(1))
            #expect(try client.readJSON()?["request_id"] == .int(2))
            // Several requests in one write.
            try client.sendRaw(Array((1...5).map { "{\"command\":[\"reload\"],\"request_id\":\($0)}\n" }.joined().utf8))
            let ids = try (1...5).map { _ in try client.readJSON()?["request_id"] }
            #expect(ids == (1...5).map { JSONValue.int($0) })
        }
    }

    @Test func aLineOverOneMegabyteGetsAnErrorAndTheConnectionIsClosed() throws {
        try withApp { app, path in
            let client = try connect(path)
            let huge = Array("{\"command\":[\"select\",\"".utf8) + [UInt8](repeating: 0x61, count: (1 << 20) + 16)
            try? client.sendRaw(huge)
            let reply = try #require(try client.readJSON())
            #expect(reply["error"]?.stringValue?.contains("longer than 1048576 bytes") == true)
            #expect(try client.readLine() == nil)
            #expect(app.commands.isEmpty)
            // Others are not disturbed.
            #expect(try connect(path).request([.string("get-state")])["error"] == .string("success"))
        }
    }

    @Test func fiftyClientsAtOnceEachGetTheirOwnReply() throws {
        try withApp { _, path in
            let clients = try (0..<50).map { _ in try connect(path) }
            for (i, client) in clients.enumerated() {
                try client.send(.object([("command", .array([.string("get-state")])), ("request_id", .int(1000 + i))]))
            }
            for (i, client) in clients.enumerated() {
                let reply = try #require(try client.readJSON())
                #expect(reply["request_id"] == .int(1000 + i))
                #expect(reply["data"]?["count"] == .int(3))
            }
        }
    }

    @Test func clientsBeyondTheCapAreRefusedWithAnErrorLine() throws {
        var limits = ControlServerLimits()
        limits.maximumClients = 3
        try withApp(limits: limits) { _, path in
            let admitted = try (0..<3).map { _ in try connect(path) }
            for client in admitted { #expect(try client.request([.string("get-state")])["error"] == .string("success")) }
            let refused = try connect(path)
            #expect(try refused.readJSON()?["error"]?.stringValue?.contains("too many control clients") == true)
            #expect(try refused.readLine() == nil)
            // A place frees up when a client leaves.
            _ = consume admitted
            #expect(eventually {
                (try? connect(path).request([.string("get-state")]))?["error"] == .string("success")
            })
        }
    }

    @Test func requestsInFlightAreBoundedPerClient() throws {
        var limits = ControlServerLimits()
        limits.maximumRequestsInFlight = 2
        try withApp(limits: limits, answer: nil) { app, path in
            let client = try connect(path)
            for id in 1...3 { try client.send(.object([("command", .array([.string("reload")])), ("request_id", .int(id))])) }
            let refusal = try #require(try client.readJSON())
            #expect(refusal["request_id"] == .int(3))
            #expect(refusal["error"]?.stringValue?.contains("too many requests waiting") == true)
            var taken: [ControlRequest] = []
            _ = eventually {
                taken += app.server.takeRequests()
                return taken.count >= 2
            }
            #expect(taken.map(\.command) == [.reload, .reload])
            for request in taken { app.server.reply(to: request, .success(.int(7))) }
            #expect(try client.readJSON()?["request_id"] == .int(1))
            #expect(try client.readJSON()?["data"] == .int(7))
        }
    }

    @Test func aReplyForAClientThatLeftIsDroppedQuietly() throws {
        try withApp(answer: nil) { app, path in
            do {
                let client = try connect(path)
                try client.send(.object([("command", .array([.string("get-state")]))]))
            }
            let taken = try waitFor("the request") { () -> [ControlRequest]? in
                let taken = app.server.takeRequests()
                return taken.isEmpty ? nil : taken
            }
            // Wait until the server noticed the client left, then answer it.
            #expect(eventually { app.server.clientCount() == 0 })
            app.server.reply(to: try #require(taken.first), .success(.string("too late")))
            let other = try connect(path)
            try other.send(.object([("command", .array([.string("close")])), ("request_id", .int(2))]))
            let request = try waitFor("the second client's request") { app.server.takeRequests().first }
            app.server.reply(to: request, .success(.null))
            #expect(try other.readJSON()?["request_id"] == .int(2))
        }
    }

    @Test func clientsThatSubscribeAndLeaveWithoutReadingGiveTheirPlacesBack() throws {
        // A reply written to a client that had already gone closed the channel inside
        // the write, and the table then put the client back: after 256 of them nobody got in.
        let subscribe = Array(#"{"command":["subscribe","*"]}"#.utf8) + [0x0A]
        let getState = Array(#"{"command":["get-state"]}"#.utf8) + [0x0A]
        let shapes: [(String, (ControlClient) throws -> Void)] = [
            ("subscribe, close", { try $0.sendRaw(subscribe) }),
            ("subscribe + get-state, close", { try $0.sendRaw(subscribe + getState) }),
            ("subscribe, half-close, close", { try $0.sendRaw(subscribe + getState); $0.finishSending() }),
            ("subscribe, read the reply, close while subscribed", { try $0.sendRaw(subscribe); _ = try $0.readLine() }),
            ("get-state, close before reading", { try $0.sendRaw(getState) }),
        ]
        try withApp { app, path in
            for (_, shape) in shapes {
                for _ in 0..<120 { try shape(try connect(path)) }
            }
            #expect(eventually { app.server.clientCount() == 0 }, "places still taken after \(shapes.count * 120) clients left")
            #expect(try connect(path).request([.string("get-state")])["error"] == .string("success"))
        }
    }

    @Test func aFloodOfRefusedClientsIsLoggedAsASumNotLineByLine() throws {
        var limits = ControlServerLimits()
        limits.maximumClients = 2
        limits.refusalLogInterval = .milliseconds(300)
        try withApp(limits: limits) { app, path in
            let admitted = try (0..<2).map { _ in try connect(path) }
            for client in admitted { #expect(try client.request([.string("get-state")])["error"] == .string("success")) }
            for _ in 0..<500 {
                let refused = try connect(path)
                #expect(try refused.readJSON()?["error"]?.stringValue?.contains("too many control clients") == true)
            }
            #expect(app.server.clientStats == ControlClientStats(connected: 2, refused: 500))
            func refusals() -> [String] { app.log.messages.filter { $0.contains("refus") } }
            // The first refusal at once, the rest summed up once the interval ends.
            func counted() -> Int {
                refusals().reduce(0) { sum, line in
                    if line.contains("refusing a client") { return sum + 1 }
                    let number = line.split(separator: " ").drop { $0 != "refused" }.dropFirst().first
                    return sum + (number.flatMap { Int($0) } ?? 0)
                }
            }
            _ = eventually { counted() >= 500 }
            #expect(counted() == 500, "\(refusals())")
            #expect(refusals().count < 20, "\(refusals().count) lines for 500 refusals")
        }
    }

    @Test func aClientThatStopsSendingStillGetsItsReplies() throws {
        try withApp { _, path in
            let client = try connect(path)
            // As `echo '…' | socat - UNIX-CONNECT:…` does: the request, then end of input.
            try client.sendRaw(Array(#"{"command":["get-state"],"request_id":1}"#.utf8) + [0x0A] + Array(#"{"command":["quit"],"request_id":2}"#.utf8))
            client.finishSending()
            #expect(try client.readJSON()?["request_id"] == .int(1))
            #expect(try client.readJSON()?["request_id"] == .int(2))
            #expect(try client.readLine() == nil)
        }
    }

    @Test func subscribersHearTheirEventsOnly() throws {
        try withApp { app, path in
            let all = try connect(path)
            let some = try connect(path)
            let none = try connect(path)
            #expect(try all.request([.string("subscribe"), .string("*")])["error"] == .string("success"))
            #expect(try some.request([.string("subscribe"), .string("selected"), .string("scanned")])["error"] == .string("success"))
            #expect(try some.request([.string("unsubscribe"), .string("scanned")])["error"] == .string("success"))
            #expect(try none.request([.string("subscribe"), .string("opened")])["error"] == .string("success"))
            #expect(try none.request([.string("unsubscribe"), .string("*")])["error"] == .string("success"))
            app.server.publish(.object([("event", .string("scanned")), ("count", .int(3))]), named: "scanned")
            app.server.publish(.object([("event", .string("selected")), ("index", .int(1))]), named: "selected")
            #expect(try all.readJSON()?["event"] == .string("scanned"))
            #expect(try all.readJSON()?["event"] == .string("selected"))
            #expect(try some.readJSON() == .object([("event", .string("selected")), ("index", .int(1))]))
            // `none` got nothing: its next line is the reply to a request sent now.
            #expect(try none.request([.string("get-state")], requestID: 77)["request_id"] == .int(77))
            try none.send(.object([("command", .array([.string("close")])), ("request_id", .int(78))]))
            #expect(try none.readJSON()?["request_id"] == .int(78))
        }
    }

    @Test func aSubscriberThatStopsReadingIsDroppedWhileOthersKeepHearing() throws {
        var limits = ControlServerLimits()
        limits.maximumPendingOutput = 64 << 10
        try withApp(limits: limits) { app, path in
            let reader = try connect(path)
            let sleeper = try connect(path)
            #expect(try reader.request([.string("subscribe"), .string("*")])["error"] == .string("success"))
            #expect(try sleeper.request([.string("subscribe"), .string("*")])["error"] == .string("success"))
            let padding = String(repeating: "p", count: 2000)
            var round = 0
            // Rounds of events; the reader reads each round whole, the sleeper never reads.
            while app.server.clientCount() > 1, round < 500 {
                round += 1
                for i in 0..<50 {
                    app.server.publish(.object([("event", .string("added")), ("index", .int(round * 100 + i)), ("path", .string(padding))]), named: "added")
                }
                for i in 0..<50 { #expect(try reader.readJSON()?["index"] == .int(round * 100 + i)) }
            }
            #expect(app.server.clientCount() == 1)
            // The reader still hears events after the drop.
            app.server.publish(.object([("event", .string("scanned")), ("count", .int(1))]), named: "scanned")
            #expect(try reader.readJSON()?["event"] == .string("scanned"))
            // The sleeper finds what the kernel held for it, then the end: it was closed.
            let received = try sleeper.drainToEnd()
            #expect(received < round * 50)
            #expect(app.log.messages.filter { $0.contains("stopped reading") }.count == 1)
        }
    }

    @Test func aHalfSentLineIsClosedAfterTheIdleTimeoutButAQuietSubscriberIsNot() throws {
        var limits = ControlServerLimits()
        limits.idleTimeout = .milliseconds(200)
        try withApp(limits: limits) { app, path in
            let listener = try connect(path)
            #expect(try listener.request([.string("subscribe"), .string("*")])["error"] == .string("success"))
            let halfway = try connect(path)
            try halfway.sendRaw(Array(#"{"command":["get-st"#.utf8))
            let reply = try #require(try halfway.readJSON())
            #expect(reply["error"]?.stringValue?.contains("no end of line") == true)
            #expect(try halfway.readLine() == nil)
            #expect(app.commands.isEmpty)
            // The listener sent whole lines only, and was quiet for longer than the timeout.
            #expect(try listener.request([.string("get-state")], requestID: 5)["request_id"] == .int(5))
        }
    }

    @Test func aRequestIsOnlyEverAnsweredByTheServerItCameFrom() throws {
        try withApp(answer: nil) { first, firstPath in
            try withApp(answer: nil) { second, secondPath in
                let a = try connect(firstPath)
                let b = try connect(secondPath)
                try a.send(.object([("command", .array([.string("get-state")])), ("request_id", .int(1))]))
                try b.send(.object([("command", .array([.string("close")])), ("request_id", .int(2))]))
                var fromFirst: [ControlRequest] = [], fromSecond: [ControlRequest] = []
                _ = eventually {
                    fromFirst += first.server.takeRequests()
                    fromSecond += second.server.takeRequests()
                    return !fromFirst.isEmpty && !fromSecond.isEmpty
                }
                // Both are client 1 of their server; the second server must not deliver the first's reply.
                second.server.reply(to: try #require(fromFirst.first), .success(.string("wrong")))
                second.server.reply(to: try #require(fromSecond.first), .success(.string("right")))
                #expect(try b.readJSON() == .object([("request_id", .int(2)), ("error", .string("success")), ("data", .string("right"))]))
            }
        }
    }
}

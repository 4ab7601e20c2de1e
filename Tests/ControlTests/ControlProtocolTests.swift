@testable import Control
import Testing

@Suite struct ControlProtocolTests {
    private func decode(_ line: String) -> ControlProtocol.Decoded {
        ControlProtocol.decode(Array(line.utf8))
    }

    private func command(_ line: String) -> Command? {
        if case .success(.command(let command)) = decode(line).message { command } else { nil }
    }

    private func errorMessage(_ line: String) -> String? {
        if case .failure(let error) = decode(line).message { error.message } else { nil }
    }

    @Test func everyCommandDecodesToItsTypedForm() {
        #expect(command(#"{"command":["get-state"]}"#) == .getState)
        #expect(command(#"{"command":["get-stats"]}"#) == .getStats)
        #expect(command(#"{"command":["scroll-to",{"index":3}]}"#) == .scrollTo(.index(3), animated: false))
        #expect(command(#"{"command":["scroll-to",{"offset":120.5,"animated":true}]}"#) == .scrollTo(.offset(120.5), animated: true))
        #expect(command(#"{"command":["scroll-to",{"animated":false,"index":0}]}"#) == .scrollTo(.index(0), animated: false))
        #expect(command(#"{"command":["scroll-to",{"date":"2019-03"}]}"#) == .scrollTo(.date(DatePeriod("2019-03")!), animated: false))
        let day = DatePeriod("2019-03-14")
        #expect(day?.year == 2019 && day?.month == 3 && day?.day == 14)
        #expect(DatePeriod("2019").map { [$0.month, $0.day] } == [nil, nil])
        for bad in ["2019-13", "2019-02-30", "2019-3", "19-03", "2019-03-14T10", "March", "", "0000", "2019--03"] {
            #expect(DatePeriod(bad) == nil, "\(bad) is no date")
        }
        #expect(DatePeriod("2024-02-29") != nil, "a leap day")
        #expect(command(#"{"command":["select",4]}"#) == .select(4))
        #expect(command(#"{"command":["open",0]}"#) == .open(0))
        #expect(command(#"{"command":["close"]}"#) == .close)
        #expect(command(#"{"command":["set-columns",5]}"#) == .setColumns(5))
        #expect(command(#"{"command":["set-columns","auto"]}"#) == .setColumns(nil))
        #expect(command(#"{"command":["set-rows",2]}"#) == .setRows(2))
        #expect(command(#"{"command":["set-rows","auto"]}"#) == .setRows(nil))
        #expect(command(#"{"command":["set-direction","horizontal"]}"#) == .setDirection(.horizontal))
        #expect(command(#"{"command":["set-direction","vertical"]}"#) == .setDirection(.vertical))
        #expect(command(#"{"command":["reload"]}"#) == .reload)
        #expect(command(#"{"command":["quit"]}"#) == .quit)
    }

    @Test("every command a key can be bound to is a socket command of the same words")
    func keyCommandsByName() {
        for row in CommandTable.rows {
            #expect(ControlProtocol.commandNames.contains(row.name), "\(row.name)")
            guard let expected = row.command else { continue }
            let words = row.words.map { "\"\($0)\"" }.joined(separator: ",")
            #expect(command(#"{"command":[\#(words)]}"#) == expected, "\(row.words)")
        }
        #expect(command(#"{"command":["open"]}"#) == .openAtCursor)
        #expect(command(#"{"command":["next"]}"#) == .next)
        #expect(decode(#"{"command":["next",1]}"#).message == .failure(ControlError("next takes no arguments, got 1")))
    }

    @Test("slideshow start|stop|next|prev|pause|resume|toggle; bare slideshow starts it")
    func slideshowRequests() {
        for request in SlideshowRequest.allCases {
            #expect(command(#"{"command":["slideshow","\#(request.rawValue)"]}"#) == .slideshow(request))
        }
        #expect(command(#"{"command":["slideshow"]}"#) == .slideshow(.start))
        guard case .failure(let error) = decode(#"{"command":["slideshow","fast"]}"#).message else {
            Issue.record("slideshow fast was accepted"); return
        }
        #expect(error.message.hasPrefix("slideshow needs one of start, stop, next, prev, pause, resume, toggle"))
        #expect(decode(#"{"command":["subscribe","shown"]}"#).message == .success(.subscribe(.names(["shown"]))))
    }

    @Test func numbersMayComeAsNumericStringsAsMpvAllows() {
        #expect(command(#"{"command":["select","4"]}"#) == .select(4))
        #expect(command(#"{"command":["open",2.0]}"#) == .open(2))
        #expect(command(#"{"command":["set-columns","3"]}"#) == .setColumns(3))
        #expect(command(#"{"command":["scroll-to",{"offset":"300"}]}"#) == .scrollTo(.offset(300), animated: false))
    }

    @Test func subscriptionsAreForTheServerNotTheApp() {
        #expect(decode(#"{"command":["subscribe","*"]}"#).message == .success(.subscribe(.all)))
        #expect(decode(#"{"command":["subscribe","selected","scanned"]}"#).message == .success(.subscribe(.names(["selected", "scanned"]))))
        #expect(decode(#"{"command":["unsubscribe","load-error"]}"#).message == .success(.unsubscribe(.names(["load-error"]))))
    }

    @Test(arguments: [
        ("{not json", "invalid JSON"),
        ("[\"get-state\"]", "must be a JSON object"),
        ("42", "must be a JSON object"),
        (#"{"request_id":1}"#, "has no \"command\""),
        (#"{"command":"get-state"}"#, "must be an array"),
        (#"{"command":[]}"#, "must be an array"),
        (#"{"command":[7]}"#, "command name must be a string"),
        (#"{"command":["fly"]}"#, "unknown command \"fly\""),
        (#"{"command":["get-state",1]}"#, "get-state takes no arguments, got 1"),
        (#"{"command":["get-stats","all"]}"#, "get-stats takes no arguments, got 1"),
        (#"{"command":["select"]}"#, "select takes 1 argument, got 0"),
        (#"{"command":["select",1,2]}"#, "select takes 1 argument, got 2"),
        (#"{"command":["select","x"]}"#, "select needs a photo index"),
        (#"{"command":["select",-1]}"#, "select needs a photo index"),
        (#"{"command":["open",1.5]}"#, "open needs a photo index"),
        (#"{"command":["open",true]}"#, "open needs a photo index"),
        (#"{"command":["set-columns",0]}"#, "set-columns needs a whole number of columns from 1 to 16, or auto"),
        (#"{"command":["set-columns","many"]}"#, "set-columns needs a whole number of columns from 1 to 16, or auto"),
        (#"{"command":["set-rows",17]}"#, "set-rows needs a whole number of rows from 1 to 16, or auto"),
        (#"{"command":["set-direction","sideways"]}"#, "set-direction needs vertical or horizontal; got \"sideways\""),
        (#"{"command":["set-direction"]}"#, "set-direction takes 1 argument"),
        (#"{"command":["scroll-to",3]}"#, "scroll-to needs {\"index\": i}"),
        (#"{"command":["scroll-to",{}]}"#, "scroll-to needs {\"index\": i}"),
        (#"{"command":["scroll-to",{"index":1,"offset":2}]}"#, "not several"),
        (#"{"command":["scroll-to",{"indx":1}]}"#, "\"indx\" is not one of them"),
        (#"{"command":["scroll-to",{"index":1,"animated":"yes"}]}"#, "\"animated\" must be true or false"),
        (#"{"command":["scroll-to",{"offset":"far"}]}"#, "scroll-to needs an offset"),
        (#"{"command":["scroll-to",{"date":"2019-13"}]}"#, "scroll-to needs a date as \"YYYY\", \"YYYY-MM\" or \"YYYY-MM-DD\"; got \"2019-13\""),
        (#"{"command":["scroll-to",{"date":201903}]}"#, "scroll-to needs a date as"),
        (#"{"command":["scroll-to",{"date":"2019","index":2}]}"#, "not several"),
        (#"{"command":["subscribe"]}"#, "subscribe needs event names"),
        (#"{"command":["subscribe","tapped"]}"#, "unknown event \"tapped\""),
        (#"{"command":["unsubscribe",3]}"#, "event names are strings"),
        (#"{"command":["quit"],"request_id":[1]}"#, "request_id must be"),
    ])
    func badRequestsGetAnErrorNamingTheProblem(line: String, expected: String) {
        let message = errorMessage(line)
        #expect(message?.contains(expected) == true, "\(line) → \(message ?? "no error")")
    }

    @Test func requestIDsAreEchoedVerbatim() {
        #expect(decode(#"{"command":["quit"],"request_id":7}"#).requestID == .int(7))
        #expect(decode(#"{"request_id":"abc","command":["quit"]}"#).requestID == .string("abc"))
        #expect(decode(#"{"command":["quit"],"request_id":1.25}"#).requestID == .double(1.25))
        #expect(decode(#"{"command":["quit"]}"#).requestID == .null)
        // The id is echoed on error replies too, so the client can tell which request failed.
        #expect(decode(#"{"command":["fly"],"request_id":9}"#).requestID == .int(9))
        #expect(decode(#"{"command":["quit"],"request_id":{"a":1}}"#).requestID == .null)
    }

    @Test func repliesHaveMpvsShape() {
        #expect(ControlProtocol.replyLine(requestID: .int(3), .success(.object([("count", .int(2))])))
                == #"{"request_id":3,"error":"success","data":{"count":2}}"# + "\n")
        #expect(ControlProtocol.replyLine(requestID: .null, .success(.null)) == #"{"request_id":null,"error":"success","data":null}"# + "\n")
        #expect(ControlProtocol.replyLine(requestID: .string("x"), .failure(ControlError("no photo at index 9")))
                == #"{"request_id":"x","error":"no photo at index 9"}"# + "\n")
    }

    @Test func eventLinesStartWithTheEventName() {
        let given = JSONValue.object([("event", .string("scanned")), ("count", .int(4))])
        #expect(ControlProtocol.eventLine(given, named: "scanned") == #"{"event":"scanned","count":4}"# + "\n")
        let bare = JSONValue.object([("index", .int(1)), ("path", .string("/p/a.jpg"))])
        #expect(ControlProtocol.eventLine(bare, named: "added") == #"{"event":"added","index":1,"path":"/p/a.jpg"}"# + "\n")
    }
}

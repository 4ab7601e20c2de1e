// What each front door may ask for: the socket every command, the MQTT bus no `run`, no `move` or
// `copy` unless allowed, and `trash` only for the photo on screen.

import Testing
@testable import Control

@Suite("the front doors' policies")
struct DoorPolicyTests {
    let move = Command.transfer(.move, to: "/best", .index(2))
    let copy = Command.transfer(.copy, to: nil, .paths(["/p/a.jpg"]))
    let run = Command.run("gimp", .targets)

    @Test("the socket is its owner's: every command goes as it was given")
    func socketTakesAll() {
        for command in [move, copy, run, .trash(0), .trash(nil), .quit, .next] {
            #expect(DoorPolicy.socket.admit(command) == .success(command))
        }
    }

    @Test("the bus gets no run, and no move or copy unless allow-file-commands says so")
    func busFileCommands() {
        let closed = DoorPolicy.mqtt(allowFileCommands: false), open = DoorPolicy.mqtt(allowFileCommands: true)
        for policy in [closed, open] {
            guard case .failure(let refused) = policy.admit(run) else {
                Issue.record("run went over MQTT")
                continue
            }
            #expect(refused.message == "run is not taken over MQTT")
        }
        for command in [move, copy] {
            guard case .failure(let refused) = closed.admit(command) else {
                Issue.record("\(command) went over MQTT without allow-file-commands")
                continue
            }
            #expect(refused.message.contains("allow-file-commands"), "\(refused.message)")
            #expect(open.admit(command) == .success(command))
        }
        #expect(closed.admit(.next) == .success(.next))
        #expect(closed.admit(.restore) == .success(.restore))
    }

    @Test("trash over the bus is the photo on screen, whatever index it names")
    func busTrashIsTheShownPhoto() {
        let bus = DoorPolicy.mqtt(allowFileCommands: true)
        for command in [Command.trash(0), .trash(7), .trash(nil), .trashShown] {
            #expect(bus.admit(command) == .success(.trashShown), "\(command)")
        }
    }

    @Test("the photos and the folder a command names, as written")
    func named() {
        #expect(copy.namedPhotos == ["/p/a.jpg"] && copy.namedDestination == nil)
        #expect(move.namedPhotos.isEmpty && move.namedDestination == "/best")
        #expect(Command.copyPath(.paths(["a", "b"])).namedPhotos == ["a", "b"])
        #expect(Command.run("x", .paths(["c"])).namedPhotos == ["c"])
        #expect(Command.copyPath(.index(1)).namedPhotos.isEmpty && Command.next.namedPhotos.isEmpty)
    }
}

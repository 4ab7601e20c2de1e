// `rotate 90|180|270` as every way in writes it: the socket's JSON (a number or a string),
// `cascade ctl` and `[keys]` words, and the standard keys `>` and `<`.

import Testing
@testable import Control
import Waterfall

@Suite("the rotate command")
struct RotateCommandTests {
    @Test("90, 180 and 270 as words, numbers or strings turn the photo that much clockwise")
    func readsDegrees() throws {
        for (degrees, turn) in [(90, QuarterTurn.clockwise), (180, .half), (270, .counterClockwise)] {
            #expect(try Command.parse(words: ["rotate", "\(degrees)"]) == .rotate(turn))
            #expect(try CommandTable.command("rotate", [.int(degrees)]) == .rotate(turn))
            #expect(try CommandTable.command("rotate", [.string("\(degrees)")]) == .rotate(turn))
        }
    }

    @Test("any other angle, or none, is an error naming what it wants", arguments: ["45", "0", "360", "-90", "left"])
    func refusesOtherAngles(word: String) {
        #expect {
            try Command.parse(words: ["rotate", word])
        } throws: { error in
            "\(error)".contains("90, 180 or 270")
        }
        #expect(throws: ControlError.self) { try Command.parse(words: ["rotate"]) }
    }

    @Test("> turns clockwise and < counter-clockwise, on the wall and on a photo, once per press")
    func keys() {
        for (turn, key) in [(QuarterTurn.clockwise, ">"), (.counterClockwise, "<")] {
            let row = CommandTable.row(giving: .rotate(turn))
            #expect(row?.keys.first?.chords == [DefaultChord(key)])
            #expect(row?.keys.first?.modes == [.wall, .detail])
            #expect(row?.repeats == false)
        }
    }
}

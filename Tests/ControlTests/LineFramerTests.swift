@testable import Control
import Testing

@Suite struct LineFramerTests {
    private func lines(_ frames: [LineFramer.Frame]) -> [String] {
        frames.compactMap { if case .line(let bytes) = $0 { String(decoding: bytes, as: UTF8.self) } else { nil } }
    }

    @Test func aLineSplitAtEveryByteStillArrivesWhole() {
        let text = Array("{\"command\":[\"get-state\"]}\r\n{\"command\":[\"quit\"]}\n".utf8)
        var framer = LineFramer(maximumLength: 1 << 20)
        var frames: [LineFramer.Frame] = []
        for byte in text { frames += framer.push([byte]) }
        #expect(lines(frames) == ["{\"command\":[\"get-state\"]}", "{\"command\":[\"quit\"]}"])
        #expect(framer.partialCount == 0)
    }

    @Test func severalLinesInOneReadAndALineAcrossReads() {
        var framer = LineFramer(maximumLength: 1 << 20)
        #expect(lines(framer.push(Array("a\nb\n\nc".utf8))) == ["a", "b", ""])
        #expect(framer.partialCount == 1)
        #expect(lines(framer.push(Array("d\r".utf8))) == [])
        #expect(lines(framer.push(Array("\ne".utf8))) == ["cd"])
        #expect(lines(framer.finish()) == ["e"])
    }

    @Test func aLineOverTheLimitIsReportedWithoutWaitingForItsEnd() {
        var framer = LineFramer(maximumLength: 10)
        #expect(framer.push(Array("0123456789\n".utf8)) == [.line(Array("0123456789".utf8))])
        #expect(framer.push(Array("0123456789\r\n".utf8)) == [.line(Array("0123456789".utf8))])
        #expect(framer.push(Array("0123456789\r".utf8)) == [])
        #expect(framer.push(Array("\n".utf8)) == [.line(Array("0123456789".utf8))])
        #expect(framer.push(Array("01234567890".utf8)) == [.tooLong])
        // Nothing is framed after that: the connection is being closed.
        #expect(framer.push(Array("ok\n".utf8)) == [])
    }

    @Test func aLongLineAfterGoodOnesInTheSameRead() {
        var framer = LineFramer(maximumLength: 4)
        #expect(framer.push(Array("ab\nabcdefgh\nx\n".utf8)) == [.line(Array("ab".utf8)), .tooLong])
    }

    @Test func aMegabyteArrivingInSmallReadsIsFramedInLinearTime() {
        // 1 MiB in 4 KiB reads: a framer that rescanned its buffer each time would take minutes.
        var framer = LineFramer(maximumLength: 1 << 20)
        let chunk = [UInt8](repeating: UInt8(ascii: "x"), count: 4096)
        for _ in 0..<256 { #expect(framer.push(chunk).isEmpty) }
        #expect(framer.push([0x0A]) == [.line([UInt8](repeating: UInt8(ascii: "x"), count: 1 << 20))])
    }
}

// The line a person reads after acting on photos, and the reply a program waits for after
// `rotate`: each says what was done or why not, never a success for nothing done.

import Testing
@testable import App
@testable import Control
@testable import Photos
import Waterfall

@Suite("what an action tells")
struct ActionNoticeTests {
    @Test("the trash says how many went and the key that puts them back; a kiosk's names no key")
    func trash() throws {
        let one = try #require(ActionNotice.line(for: .trashed([PhotoPath("/p/a.jpg")]), undoKey: "u"))
        #expect(one.text == "a.jpg moved to the trash — u puts it back" && !one.isError)
        let six = try #require(ActionNotice.line(for: .trashed((1...6).map { PhotoPath("/p/\($0).jpg") }), undoKey: "u"))
        #expect(six.text == "6 photos moved to the trash — u puts them back")
        #expect(ActionNotice.line(for: .trashed([PhotoPath("/p/a.jpg")]), undoKey: nil)?.text == "a.jpg moved to the trash")
        #expect(ActionNotice.line(for: .restored([PhotoPath("/p/a.jpg"), PhotoPath("/p/b.jpg")]), undoKey: "u")?.text
                == "2 photos put back from the trash")
    }

    @Test("a move names the folder; files that stayed make it an error that says why")
    func transfer() throws {
        let moved = try #require(ActionNotice.line(for: .transferred(.move, [(PhotoPath("/p/a.jpg"), PhotoPath("/best/a.jpg"))], errors: []),
                                                   undoKey: "u"))
        #expect(moved.text == "a.jpg moved to best" && !moved.isError)
        let partly = try #require(ActionNotice.line(for: .transferred(.copy, [(PhotoPath("/p/a.jpg"), PhotoPath("/best/a.jpg"))],
                                                                      errors: ["b.jpg: no space left on device"]), undoKey: "u"))
        #expect(partly.text == "a.jpg copied to best; 1 not: b.jpg: no space left on device" && partly.isError)
        let none = try #require(ActionNotice.line(for: .transferred(.move, [], errors: ["a.jpg: permission denied"]), undoKey: "u"))
        #expect(none.text == "nothing moved: a.jpg: permission denied" && none.isError)
    }

    @Test("a rotation by the tag alone says so; a command that failed says how")
    func rotateAndRun() throws {
        #expect(ActionNotice.line(for: .rotated(index: 1, path: PhotoPath("/p/a.jpg"), degrees: 90, note: "not whole blocks"), undoKey: "u")?.text
                == "a.jpg turned 90° (by its orientation tag)")
        let failed = try #require(ActionNotice.line(for: .ran(ActionRunner.Outcome(name: "print", count: 2, status: 1, note: "no printer")),
                                                    undoKey: "u"))
        #expect(failed.text == "print failed (exit status 1): no printer" && failed.isError)
        #expect(ActionNotice.line(for: .ran(ActionRunner.Outcome(name: "print", count: 2, status: 0, note: nil)), undoKey: "u")?.text
                == "print done on 2 photos")
        #expect(ActionNotice.line(for: .marked([PhotoPath("/p/a.jpg")]), undoKey: "u") == nil, "marks show on the tiles")
    }

    @Test("rotate's reply waits for every photo it turns, and names each one that did not turn")
    func rotationReply() throws {
        var replies = RotationReplies()
        let request = ControlRequest(command: .rotate(.clockwise), server: 1, client: 2, requestID: .int(7))
        let batch = replies.hold(request, count: 2)
        let turned = PhotoRotation.Outcome(path: PhotoPath("/p/a.jpg"), turn: .clockwise, method: .pixels)
        #expect(replies.finished(batch: batch, .success(turned)) == nil, "answered before the second photo turned")
        let last = replies.finished(batch: batch, .failure(.unsupported(PhotoPath("/p/b.gif"), "GIF photos cannot be rotated")))
        let answer = try #require(last)
        #expect(answer.request.requestID == .int(7))
        guard case .failure(let error) = answer.reply else { Issue.record("a photo that did not turn was a success"); return }
        #expect(error.message == "rotated 1 of 2; cannot rotate /p/b.gif: GIF photos cannot be rotated")
        #expect(replies.finished(batch: batch, .success(turned)) == nil, "a batch answered twice")

        let alone = replies.hold(request, count: 1)
        let only = replies.finished(batch: alone, .success(turned))
        let reply = try #require(only).reply
        let photo: JSONValue = .object([("path", .string("/p/a.jpg")), ("degrees", .int(90)), ("lossless", .bool(true)), ("note", .null)])
        #expect(reply == .success(.object([("rotated", .array([photo]))])))
    }
}

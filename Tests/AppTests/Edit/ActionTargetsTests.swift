// Which photos a file action works on: the ones named, else the marked ones, else the one the
// screen on top is about — the same rule for trash, rotate, move, copy, copy path and run.

import Control
import Photos
import Testing
@testable import App

@Suite("the targets of a file action")
struct ActionTargetsTests {
    private let entries = ["a", "b", "c"].map { name in
        PhotoEntry(path: PhotoPath("/p/\(name).jpg"), relative: PhotoPath("\(name).jpg"), group: 0,
                   mtime: FileTime(seconds: 1, nanoseconds: 0), fileSize: 1, fileID: FileID(device: 1, inode: 1))
    }

    private func paths(_ result: Result<[ActionTarget], ControlError>) -> [String] {
        (try? result.get())?.map(\.path.string) ?? []
    }

    @Test func theMarkedPhotosComeBeforeTheShownOne() {
        let marked = [PhotoPath("/p/c.jpg"), PhotoPath("/p/a.jpg")]
        let result = ActionTargets.resolve(.targets, marked: marked, shown: PhotoPath("/p/b.jpg"), entries: entries, action: "move")
        #expect(paths(result) == ["/p/c.jpg", "/p/a.jpg"])
        #expect((try? result.get())?.map(\.index) == [2, 0], "each keeps its tile, for an undo to put back")
    }

    @Test func withoutMarksTheShownPhotoIsTheTarget() {
        let result = ActionTargets.resolve(.targets, marked: [], shown: PhotoPath("/p/b.jpg"), entries: entries, action: "move")
        #expect(paths(result) == ["/p/b.jpg"])
    }

    @Test func anIndexOrPathsNamedWinAndAWrongIndexIsAnError() {
        #expect(paths(ActionTargets.resolve(.index(2), marked: [PhotoPath("/p/a.jpg")], shown: nil, entries: entries, action: "copy")) == ["/p/c.jpg"])
        let named = ActionTargets.resolve(.paths(["/p/b.jpg", "/elsewhere/x.jpg", "/p/b.jpg"]), marked: [], shown: nil,
                                          entries: entries, action: "copy")
        #expect(paths(named) == ["/p/b.jpg", "/elsewhere/x.jpg"], "each once")
        #expect((try? named.get())?.map(\.index) == [1, nil], "a file not on the wall has no tile")
        guard case .failure(let past) = ActionTargets.resolve(.index(9), marked: [], shown: nil, entries: entries, action: "copy") else {
            Issue.record("index 9 of 3 photos was taken")
            return
        }
        #expect(past.message.contains("no photo at index 9 (the wall has 3)"))
    }

    @Test func nothingShownAndNothingMarkedSaysWhatToDo() {
        guard case .failure(let none) = ActionTargets.resolve(.targets, marked: [], shown: nil, entries: entries, action: "move") else {
            Issue.record("a move with no photo chosen went ahead")
            return
        }
        #expect(none.message.contains("no photo to move"))
    }
}

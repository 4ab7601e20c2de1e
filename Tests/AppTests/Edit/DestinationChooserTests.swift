// The move and copy chooser as a person at the keyboard uses it: a digit picks at once, the
// arrows and Return pick the highlighted folder, Esc picks nothing, and no key reaches the wall.

import Control
import Foundation
import Photos
import Screen
import Testing
import Waterfall
@testable import App

@Suite("the destination chooser", .serialized)
@MainActor
struct DestinationChooserTests {
    private let harness: WallHarness
    private let folders = [PhotoPath("/tmp"), PhotoPath("/nowhere/at all")]

    init() throws { harness = try WallHarness(try ColourLibrary(count: 3)) }

    /// A chooser on a recording stack, and what it picked (nil: nothing yet; "elsewhere" for the
    /// folder dialog).
    private func chooser(folders: [PhotoPath]? = nil) -> (DestinationChooser, RecordingHost, () -> [PhotoPath]) {
        var picked: [PhotoPath] = []
        let chooser = DestinationChooser(action: .move, count: 2, folders: folders ?? self.folders, beneath: harness.wall,
                                         drawer: harness.drawer, choose: { picked.append($0) },
                                         askElsewhere: { picked.append(PhotoPath("elsewhere")) })
        let host = RecordingHost(drawer: harness.drawer, decodes: harness.decodes, size: WallHarness.size)
        chooser.host = host
        return (chooser, host, { picked })
    }

    @Test func aDigitPicksItsFolderAndCloses() {
        let (chooser, host, picked) = chooser()
        #expect(chooser.takes(KeyPress(.character("2"))))
        #expect(picked() == [folders[1]])
        #expect(host.dismissed == 1)
    }

    @Test func theArrowsAndReturnPickTheHighlightedFolder() {
        let (chooser, _, picked) = chooser()
        _ = chooser.takes(KeyPress(.down))
        _ = chooser.takes(KeyPress(.down))
        #expect(chooser.highlighted == 0, "↓ from the last goes round to the first")
        _ = chooser.takes(KeyPress(.up))
        _ = chooser.takes(KeyPress(.enter))
        #expect(picked() == [folders[1]])
    }

    @Test func escapePicksNothingAndEveryKeyIsTheChoosers() {
        let (chooser, host, picked) = chooser()
        #expect(chooser.takes(KeyPress(.delete)), "Delete does not reach the wall beneath")
        #expect(chooser.takes(KeyPress(.character("9"))), "a digit past the list is taken and does nothing")
        #expect(picked().isEmpty && host.dismissed == 0)
        _ = chooser.takes(KeyPress(.escape))
        #expect(picked().isEmpty && host.dismissed == 1)
    }

    @Test func withNoDestinationsADigitDoesNothingAndOAsksTheFolderDialog() {
        let (chooser, host, picked) = chooser(folders: [])
        #expect(chooser.takes(KeyPress(.character("1"))))
        #expect(picked().isEmpty && host.dismissed == 0, "the empty list stays, offering the dialog")
        #expect(chooser.lines.contains { $0.contains("o\tanother folder") })
        #expect(chooser.takes(KeyPress(.character("o"))))
        #expect(picked() == [PhotoPath("elsewhere")] && host.dismissed == 1, "the list closes for the dialog")
    }

    @Test func aClickCancels() {
        let (chooser, host, picked) = chooser()
        chooser.handle(.pointerDown(id: 0, at: Point(x: 10, y: 10), time: 1))
        #expect(host.dismissed == 0, "it closes when the button comes up, so the lift reaches nothing else")
        chooser.handle(.pointerUp(id: 0, at: Point(x: 10, y: 10), time: 1.1))
        #expect(picked().isEmpty && host.dismissed == 1)
    }

    @Test func theListSaysHowManyPhotosAndWhichFolderIsNotThere() {
        let (chooser, _, _) = chooser()
        #expect(chooser.lines.first == "Move 2 photos to:")
        #expect(chooser.lines[1].hasSuffix("/tmp"))
        #expect(chooser.lines[2].hasSuffix("/nowhere/at all  (not there)"))
        #expect(chooser.lines[3].contains("o\tanother folder"), "the dialog is offered beside the destinations too")
    }
}

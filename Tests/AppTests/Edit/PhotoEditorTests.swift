// The editor on real files: a trash or move of several photos is undone as one, a photo that
// cannot go does not stop the others, and the destinations used are remembered across runs.

import Control
import Foundation
import Logging
import Photos
import Testing
@testable import App
import TestSupport

@MainActor
@Suite("the photo editor")
struct PhotoEditorTests {
    private let folder = TemporaryFolder()
    private let log = Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }

    private func path(_ name: String) -> PhotoPath { PhotoPath(folder.path + "/" + name) }

    private func editor() throws -> PhotoEditor {
        for sub in ["album", "best", "data"] { try FileManager.default.createDirectory(atPath: folder.path + "/" + sub, withIntermediateDirectories: true) }
        return PhotoEditor(trash: Trash(homeTrash: path("data/Trash")),
                           rotations: PhotoRotations(thumbnails: .standard(enabled: false)) {}, jobs: PhotoFileJobs {},
                           destinations: RecentDestinations(file: path("data/destinations"), log: log), log: log,
                           patience: .seconds(60))
    }

    /// Photos `names` in the album, each its own bytes, as targets at indexes 0, 1, ….
    private func photos(_ names: [String]) throws -> [ActionTarget] {
        try names.enumerated().map { n, name in
            let file = path("album/" + name)
            try Data([UInt8(n), 7]).write(to: URL(fileURLWithPath: file.string))
            return ActionTarget(path: file, entry: nil, index: n)
        }
    }

    /// A move or copy, once its queue has done it.
    private func transfer(_ editor: PhotoEditor, _ action: FileAction, _ targets: [ActionTarget], into folder: PhotoPath) -> PhotoEditor.Report {
        editor.transfer(action, targets, into: folder)
        editor.jobs.waitUntilIdle()
        return editor.finishedJobs().first?.report ?? PhotoEditor.Report()
    }

    private func bytes(_ file: PhotoPath) -> [UInt8]? { FileManager.default.contents(atPath: file.string).map(Array.init) }

    @Test func aTrashOfSeveralPhotosIsUndoneAsOne() throws {
        let editor = try editor()
        let targets = try photos(["a.jpg", "b.jpg", "c.jpg"])
        let trashed = editor.trash(targets)
        #expect(trashed.removed == targets.map(\.path))
        #expect(targets.allSatisfy { bytes($0.path) == nil })
        let undone = editor.undo()
        #expect(Set(undone.done.compactMap(\.stringValue)) == Set(targets.map(\.path.string)), "one undo brings back all three")
        #expect(targets.enumerated().allSatisfy { n, target in bytes(target.path) == [UInt8(n), 7] })
        guard case .failure = editor.undo().reply else { Issue.record("a second undo found something to undo"); return }
    }

    @Test func aNameTakenStopsOnlyThatPhotoAndTheMoveIsUndone() throws {
        let editor = try editor()
        let targets = try photos(["a.jpg", "b.jpg"])
        try Data([9]).write(to: URL(fileURLWithPath: path("best/b.jpg").string))
        let moved = transfer(editor, .move, targets, into: path("best"))
        #expect(moved.removed == [targets[0].path], "a.jpg went, b.jpg stayed")
        #expect(moved.failures.count == 1 && moved.failures[0].contains("already exists"), "\(moved.failures)")
        #expect(bytes(path("best/a.jpg")) == [0, 7])
        #expect(bytes(path("best/b.jpg")) == [9], "the file already there is untouched")
        #expect(bytes(targets[1].path) == [1, 7])
        guard case .transferred(_, let pairs, let errors) = moved.events.first else { Issue.record("no moved event"); return }
        #expect(pairs.map(\.to) == [path("best/a.jpg")] && errors.count == 1, "the event says what went and what did not")

        _ = editor.undo()
        editor.jobs.waitUntilIdle()
        let back = editor.finishedJobs().first?.report
        #expect(back?.restored.isEmpty == true, "no tile to put back for a photo that had none")
        #expect(bytes(targets[0].path) == [0, 7], "the undo moved it back")
        #expect(bytes(path("best/a.jpg")) == nil)
    }

    @Test func aCopyIsNotUndoneAndTheUndoReachesTheTrashBeforeIt() throws {
        let editor = try editor()
        let targets = try photos(["a.jpg", "b.jpg"])
        _ = editor.trash([targets[0]])
        _ = transfer(editor, .copy, [targets[1]], into: path("best"))
        _ = editor.undo()
        #expect(bytes(targets[0].path) == [0, 7], "the trash is undone")
        #expect(bytes(path("best/b.jpg")) == [1, 7], "the copy stays")
    }

    @Test func theDestinationsUsedAreRememberedAcrossRuns() throws {
        let editor = try editor()
        _ = transfer(editor, .copy, try photos(["a.jpg"]), into: path("best"))
        let next = RecentDestinations(file: path("data/destinations"), log: log)
        #expect(next.folders == [path("best")])
        #expect(next.choices(configured: [path("card"), path("best")]) == [path("card"), path("best")],
                "the configured first, each folder once")
    }
}

import Testing
import Foundation
@testable import Photos
#if canImport(Glibc)
import Glibc
#endif
@testable import TestSupport

/// The folder watcher against a real file system: every test changes a temp folder the way
/// a camera upload, a file manager or rsync does, and waits (generously) for the report.
@Suite struct FolderWatcherTests {
    private let jpeg = Fixture.jpeg(width: 40, height: 30)

    private func watch(_ arguments: [PhotoPath], tuning: WatchTuning = quickTuning(), log: LogRecorder = LogRecorder(),
                       into recorder: WatchRecorder) throws -> FolderWatcher {
        try FolderWatcher(roots: try WatchedRoot.roots(for: arguments), log: log.logger, tuning: tuning, onChange: recorder.onChange)
    }

    @Test func aNewFileIsAddedWithItsRelativePathAndGroup() throws {
        let folder = TempFolder()
        folder.write("old.jpg", jpeg)
        let recorder = WatchRecorder()
        let watcher = try watch([folder.path], into: recorder)
        defer { watcher.stop() }
        folder.write("new.jpg", jpeg)
        #expect(eventually { recorder.added.contains(folder.path("new.jpg").string) })
        let file = try #require(recorder.changes.added.first { $0.path == folder.path("new.jpg") })
        #expect(file.relative == PhotoPath("new.jpg"))
        #expect(file.group == 0)
        // What was there when the watcher started is not news.
        #expect(!recorder.mentioned.contains(folder.path("old.jpg").string))
    }

    @Test func aHalfWrittenFileWaitsUntilItIsClosed() throws {
        let folder = TempFolder()
        let recorder = WatchRecorder()
        let watcher = try watch([folder.path], into: recorder)
        defer { watcher.stop() }
        let fd = folder.startWriting("slow.jpg", Array(jpeg.prefix(20)))
        // Events arrive in order: once the marker written after it is reported, the open file
        // has been seen too — and must not be.
        folder.write("marker.jpg", jpeg)
        #expect(eventually { recorder.added.contains(folder.path("marker.jpg").string) })
        #expect(!recorder.mentioned.contains(folder.path("slow.jpg").string))
        _ = jpeg.dropFirst(20).withUnsafeBytes { Glibc.write(fd, $0.baseAddress!, $0.count) }
        close(fd)
        #expect(eventually { recorder.added.contains(folder.path("slow.jpg").string) })
    }

    @Test func aFileMovedInIsAddedAndOneMovedOutIsRemoved() throws {
        let folder = TempFolder()
        folder.write("watched/stays.jpg", jpeg)
        folder.write("watched/leaves.jpg", jpeg)
        let outside = folder.write("arrives.jpg", jpeg)
        let recorder = WatchRecorder()
        let watcher = try watch([folder.path("watched")], into: recorder)
        defer { watcher.stop() }
        folder.rename(outside, to: folder.path("watched/arrives.jpg"))
        folder.rename(folder.path("watched/leaves.jpg"), to: folder.path("left.jpg"))
        #expect(eventually {
            recorder.added == [folder.path("watched/arrives.jpg").string] && recorder.removed == [folder.path("watched/leaves.jpg").string]
        })
        #expect(recorder.changed.isEmpty)
    }

    @Test func aDeletedFileIsRemoved() throws {
        let folder = TempFolder()
        folder.write("a/gone.jpg", jpeg)
        let recorder = WatchRecorder()
        let watcher = try watch([folder.path], into: recorder)
        defer { watcher.stop() }
        folder.remove("a/gone.jpg")
        #expect(eventually { recorder.removed == [folder.path("a/gone.jpg").string] })
        #expect(recorder.changes.removed.first?.relative == PhotoPath("a/gone.jpg"))
    }

    @Test func aRewrittenFileIsChanged() throws {
        let folder = TempFolder()
        folder.write("photo.jpg", jpeg)
        let recorder = WatchRecorder()
        let watcher = try watch([folder.path], into: recorder)
        defer { watcher.stop() }
        folder.write("photo.jpg", Fixture.jpeg(width: 80, height: 20))
        #expect(eventually { recorder.changed == [folder.path("photo.jpg").string] })
        #expect(recorder.added.isEmpty && recorder.removed.isEmpty)
    }

    @Test func aNewSubfolderIsWatchedAndItsFilesReported() throws {
        let folder = TempFolder()
        let recorder = WatchRecorder()
        let watcher = try watch([folder.path], into: recorder)
        defer { watcher.stop() }
        // Written at once: some land before the watcher has a watch on the new folders.
        folder.write("new/early.jpg", jpeg)
        folder.write("new/deeper/early.jpg", jpeg)
        #expect(eventually {
            recorder.added.isSuperset(of: [folder.path("new/early.jpg").string, folder.path("new/deeper/early.jpg").string])
        })
        // And later files in them are seen through their own watches.
        folder.write("new/deeper/late.jpg", jpeg)
        #expect(eventually { recorder.added.contains(folder.path("new/deeper/late.jpg").string) })
        #expect(recorder.changes.added.first { $0.path == folder.path("new/deeper/late.jpg") }?.relative == PhotoPath("new/deeper/late.jpg"))
    }

    @Test func aFolderMovedInBringsItsFilesAndOneMovedOutTakesThem() throws {
        let folder = TempFolder()
        folder.write("watched/album/1.jpg", jpeg)
        folder.write("watched/album/inner/2.jpg", jpeg)
        folder.write("elsewhere/trip/3.jpg", jpeg)
        folder.write("elsewhere/trip/inner/4.jpg", jpeg)
        let recorder = WatchRecorder()
        let watcher = try watch([folder.path("watched")], into: recorder)
        defer { watcher.stop() }
        folder.rename(folder.path("elsewhere/trip"), to: folder.path("watched/trip"))
        folder.rename(folder.path("watched/album"), to: folder.path("elsewhere/album"))
        let arrived = Set(["watched/trip/3.jpg", "watched/trip/inner/4.jpg"].map { folder.path($0).string })
        let left = Set(["watched/album/1.jpg", "watched/album/inner/2.jpg"].map { folder.path($0).string })
        #expect(eventually { recorder.added == arrived && recorder.removed == left })
        // The moved-out folder is no longer watched; the moved-in one is.
        recorder.reset()
        folder.write("elsewhere/album/5.jpg", jpeg)
        folder.write("watched/trip/inner/6.jpg", jpeg)
        #expect(eventually { recorder.added == [folder.path("watched/trip/inner/6.jpg").string] })
        #expect(!recorder.mentioned.contains(folder.path("watched/album/5.jpg").string))
    }

    @Test func aDeletedFolderTakesItsFiles() throws {
        let folder = TempFolder()
        folder.write("album/1.jpg", jpeg)
        folder.write("album/inner/2.jpg", jpeg)
        folder.write("keep.jpg", jpeg)
        let recorder = WatchRecorder()
        let watcher = try watch([folder.path], into: recorder)
        defer { watcher.stop() }
        folder.removeTree("album")
        #expect(eventually { recorder.removed == Set(["album/1.jpg", "album/inner/2.jpg"].map { folder.path($0).string }) })
        #expect(recorder.added.isEmpty)
    }

    @Test func hiddenFilesAndFoldersAreIgnored() throws {
        let folder = TempFolder()
        let recorder = WatchRecorder()
        let watcher = try watch([folder.path], into: recorder)
        defer { watcher.stop() }
        folder.write(".hidden.jpg", jpeg)
        folder.write(".cache/inside.jpg", jpeg)
        // rsync writes a hidden temporary and renames it: only the final name counts.
        folder.write(".visible.jpg.XYZ123", jpeg)
        folder.rename(folder.path(".visible.jpg.XYZ123"), to: folder.path("visible.jpg"))
        #expect(eventually { recorder.added.contains(folder.path("visible.jpg").string) })
        #expect(recorder.mentioned == [folder.path("visible.jpg").string])
    }

    @Test func changesAreCoalescedPerFile() throws {
        let folder = TempFolder()
        folder.write("replaced.jpg", jpeg)
        let recorder = WatchRecorder()
        // A long quiet time, so the steps below surely fall into one report.
        let watcher = try watch([folder.path], tuning: quickTuning(debounce: 1500, patience: 8000), into: recorder)
        defer { watcher.stop() }
        folder.write("brief.jpg", jpeg)
        folder.remove("brief.jpg")          // created and deleted: nothing
        folder.remove("replaced.jpg")
        folder.write("replaced.jpg", jpeg)  // deleted and created: changed
        for i in 1...5 { folder.write("burst-\(i).jpg", jpeg) }
        #expect(eventually { recorder.added.count == 5 })
        #expect(recorder.reports == 1)
        #expect(recorder.changed == [folder.path("replaced.jpg").string])
        #expect(!recorder.mentioned.contains(folder.path("brief.jpg").string))
        #expect(recorder.removed.isEmpty)
    }

    @Test func filesNamedOnTheCommandLineAreTheOnlyOnesReportedFromTheirFolder() throws {
        let folder = TempFolder()
        folder.write("named.jpg", jpeg)
        folder.write("other.jpg", jpeg)
        let recorder = WatchRecorder()
        let watcher = try watch([folder.path("named.jpg")], into: recorder)
        defer { watcher.stop() }
        folder.write("other.jpg", Fixture.jpeg(width: 10, height: 10))
        folder.write("newcomer.jpg", jpeg)
        folder.write("named.jpg", Fixture.jpeg(width: 10, height: 10))
        #expect(eventually { recorder.changed.contains(folder.path("named.jpg").string) })
        #expect(recorder.mentioned == [folder.path("named.jpg").string])
        #expect(recorder.changes.changed.first?.relative == PhotoPath("named.jpg"))
    }

    @Test func aFolderWatchedForItsOwnFilesReportsNothingFromBelowIt() throws {
        let folder = TempFolder()
        folder.write("a.jpg", jpeg)
        folder.write("07/c.jpg", jpeg)
        let recorder = WatchRecorder()
        let watcher = try FolderWatcher(roots: try WatchedRoot.roots(for: [folder.path], depth: .ownFiles), log: LogRecorder().logger,
                                        tuning: quickTuning(), onChange: recorder.onChange)
        defer { watcher.stop() }
        // Below it first, so a report of the folder's own arrival would come after any from below.
        folder.write("07/late.jpg", jpeg)
        folder.write("08/new.jpg", jpeg)
        folder.write("07/c.jpg", Fixture.jpeg(width: 10, height: 10))
        folder.write("b.jpg", jpeg)
        #expect(eventually { recorder.added.contains(folder.path("b.jpg").string) })
        #expect(recorder.mentioned == [folder.path("b.jpg").string], "only the folder's own files: \(recorder.mentioned)")
        #expect(recorder.changes.added.first?.relative == PhotoPath("b.jpg"))
    }

    @Test func aSymlinkedFolderIsFollowedUnderTheLinksName() throws {
        let folder = TempFolder()
        folder.write("target/a.jpg", jpeg)
        folder.mkdir("root")
        folder.symlink("root/link", to: folder.path("target").string)
        let recorder = WatchRecorder()
        let watcher = try watch([folder.path("root")], into: recorder)
        defer { watcher.stop() }
        folder.write("target/b.jpg", jpeg)
        #expect(eventually { recorder.added == [folder.path("root/link/b.jpg").string] })
        #expect(recorder.changes.added.first?.relative == PhotoPath("link/b.jpg"))
    }

    @Test func aRootFolderThatGoesTakesItsFilesAndIsPickedUpWhenItComesBack() throws {
        let folder = TempFolder()
        folder.write("photos/a.jpg", jpeg)
        folder.write("photos/b/c.jpg", jpeg)
        let recorder = WatchRecorder()
        let log = LogRecorder()
        let watcher = try watch([folder.path("photos")], tuning: quickTuning(poll: 200), log: log, into: recorder)
        defer { watcher.stop() }
        folder.rename(folder.path("photos"), to: folder.path("away"))
        #expect(eventually { recorder.removed == Set(["photos/a.jpg", "photos/b/c.jpg"].map { folder.path($0).string }) })
        #expect(log.messages.contains { $0.contains("is gone") && $0.contains(folder.path("photos").string) })
        recorder.reset()
        folder.rename(folder.path("away"), to: folder.path("photos"))
        #expect(eventually { recorder.added == Set(["photos/a.jpg", "photos/b/c.jpg"].map { folder.path($0).string }) })
        // Watched again, not just listed once.
        folder.write("photos/b/d.jpg", jpeg)
        #expect(eventually { recorder.added.contains(folder.path("photos/b/d.jpg").string) })
    }

    @Test func outOfWatchesFallsBackToPollingWithOneLogLine() throws {
        let folder = TempFolder()
        folder.write("a/1.jpg", jpeg)
        folder.write("b/1.jpg", jpeg)
        folder.write("c/1.jpg", jpeg)
        let recorder = WatchRecorder()
        let log = LogRecorder()
        var tuning = quickTuning(poll: 200)
        tuning.watchLimit = 1   // the root only
        let watcher = try watch([folder.path], tuning: tuning, log: log, into: recorder)
        defer { watcher.stop() }
        folder.write("b/new.jpg", jpeg)
        folder.write("c/1.jpg", Fixture.jpeg(width: 9, height: 9))
        folder.remove("a/1.jpg")
        folder.write("root-level.jpg", jpeg)  // the root has its watch
        #expect(eventually {
            recorder.added == Set([folder.path("b/new.jpg").string, folder.path("root-level.jpg").string])
                && recorder.changed == [folder.path("c/1.jpg").string] && recorder.removed == [folder.path("a/1.jpg").string]
        })
        let warnings = log.messages.filter { $0.contains("max_user_watches") }
        #expect(warnings.count == 1)
    }

    @Test func withoutInotifyEverythingIsPolled() throws {
        let folder = TempFolder()
        folder.write("sub/old.jpg", jpeg)
        let recorder = WatchRecorder()
        let log = LogRecorder()
        var tuning = quickTuning(poll: 200)
        tuning.useInotify = false
        let watcher = try watch([folder.path], tuning: tuning, log: log, into: recorder)
        defer { watcher.stop() }
        folder.write("sub/deeper/new.jpg", jpeg)
        folder.write("top.jpg", jpeg)
        #expect(eventually { recorder.added == Set([folder.path("sub/deeper/new.jpg").string, folder.path("top.jpg").string]) })
        #expect(log.messages.filter { $0.contains("inotify") }.count == 1)
    }

    @Test func stopEndsReportsAndCanBeCalledTwice() throws {
        let folder = TempFolder()
        let recorder = WatchRecorder()
        let watcher = try watch([folder.path], into: recorder)
        folder.write("before.jpg", jpeg)
        #expect(eventually { recorder.added.contains(folder.path("before.jpg").string) })
        watcher.stop()
        watcher.stop()
        let reports = recorder.reports
        // A watcher still running shows when a report would have come.
        let witness = WatchRecorder()
        let running = try watch([folder.path], into: witness)
        defer { running.stop() }
        folder.write("after.jpg", jpeg)
        #expect(eventually { witness.added.contains(folder.path("after.jpg").string) })
        #expect(recorder.reports == reports)
    }
}

/// The full rescan after an overflowed event queue, driven by hand: compare the disk with
/// what was known and report exactly the difference.
@Suite struct FolderRescanTests {
    private let jpeg = Fixture.jpeg(width: 40, height: 30)

    @Test func aRescanReportsWhatChangedWhileEventsWereLost() throws {
        let folder = TempFolder()
        folder.write("same.jpg", jpeg)
        folder.write("edited.jpg", jpeg)
        folder.write("deleted.jpg", jpeg)
        folder.write("album/deleted-with-folder.jpg", jpeg)
        var tuning = WatchTuning()
        tuning.useInotify = false   // no events at all: only the rescan sees the changes
        let tree = FolderTree(roots: try WatchedRoot.roots(for: [folder.path]), tuning: tuning, log: LogRecorder().logger)
        folder.write("edited.jpg", Fixture.jpeg(width: 41, height: 30))
        folder.remove("deleted.jpg")
        folder.removeTree("album")
        folder.write("new/added.jpg", jpeg)
        folder.write(".hidden.jpg", jpeg)
        tree.rescan()
        let changes = tree.takeChanges()
        #expect(changes.added.map(\.path) == [folder.path("new/added.jpg")])
        #expect(changes.added.map(\.relative) == [PhotoPath("new/added.jpg")])
        #expect(changes.changed.map(\.path) == [folder.path("edited.jpg")])
        #expect(Set(changes.removed.map(\.path)) == [folder.path("deleted.jpg"), folder.path("album/deleted-with-folder.jpg")])
        #expect(tree.takeChanges().isEmpty)
    }

    @Test func mailboxMergingCoalescesLikeTheWatcher() {
        let a = WatchedFile(path: PhotoPath("/p/a.jpg"), relative: PhotoPath("a.jpg"), group: 0)
        let b = WatchedFile(path: PhotoPath("/p/b.jpg"), relative: PhotoPath("b.jpg"), group: 0)
        let c = WatchedFile(path: PhotoPath("/p/c.jpg"), relative: PhotoPath("c.jpg"), group: 0)
        let first = FolderChanges(added: [a], removed: [b], changed: [c])
        let second = FolderChanges(added: [b], removed: [a, c])
        let merged = first.followed(by: second)
        #expect(merged.added.isEmpty)           // a: added then removed
        #expect(merged.changed == [b])          // b: removed then added
        #expect(merged.removed == [c])          // c: changed then removed
    }
}

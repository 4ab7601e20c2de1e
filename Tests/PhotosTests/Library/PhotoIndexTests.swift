import Foundation
import Testing
@testable import Photos
#if canImport(Glibc)
import Glibc
#endif
@testable import TestSupport

@Suite struct PhotoIndexTests {
    private let jpeg = Fixture.jpeg(width: 40, height: 30)

    private func library(_ names: [String]) -> TempFolder {
        let folder = TempFolder()
        for name in names { folder.write(name, jpeg) }
        return folder
    }

    @Test func theSavedWallComesBackInWallOrderAfterAReopen() throws {
        let photos = library(["b/IMG_10.jpg", "IMG_2.jpg", "IMG_1.jpg", "b/IMG_9.jpg"])
        let cache = TempFolder()
        let file = cache.path("cascade/library.sqlite3")
        let scanned = try PhotoScanner().scan([photos.path]).entries
        let key = WallKey(paths: [photos.path], order: .name, reversed: false)
        try PhotoIndex(file: file, log: LogRecorder().logger).save(scanned, for: key)

        let reopened = try PhotoIndex(file: file, log: LogRecorder().logger)
        #expect(try reopened.wall(for: key) == scanned)
        // Another order is another wall: nothing saved for it yet.
        #expect(try reopened.wall(for: WallKey(paths: [photos.path], order: .mtime, reversed: false)).isEmpty)
    }

    @Test func namesThatAreNotUTF8RoundTrip() throws {
        let photos = TempFolder()
        photos.write([0x66, 0xFF, 0xFE, 0x2E, 0x6A, 0x70, 0x67], jpeg)   // "f\xFF\xFE.jpg"
        let cache = TempFolder()
        let index = try PhotoIndex(file: cache.path("library.sqlite3"), log: LogRecorder().logger)
        let scanned = try PhotoScanner().scan([photos.path]).entries
        let key = WallKey(paths: [photos.path], order: .name, reversed: false)
        try index.save(scanned, for: key)
        #expect(try index.wall(for: key).map(\.path.bytes) == scanned.map(\.path.bytes))
    }

    @Test func headersAreTakenFromTheIndexOnlyWhileTimeAndSizeMatch() throws {
        let photos = library(["same.jpg", "touched.jpg", "resized.jpg"])
        for name in ["same.jpg", "touched.jpg", "resized.jpg"] { photos.setModified(name, seconds: 1_600_000_000) }
        let first = try PhotoScanner().scan([photos.path]).entries
        // What the index says differs from the files: where it is believed shows.
        let claimed = PhotoInfo(format: .jpeg, pixelWidth: 999, pixelHeight: 111, orientation: .right)
        let known = first.map { entry in
            PhotoEntry(path: entry.path, relative: entry.relative, group: entry.group, mtime: entry.mtime,
                       fileSize: entry.fileSize, fileID: entry.fileID, info: claimed)
        }
        photos.setModified("touched.jpg", seconds: 1_700_000_000)
        // Rewritten with a different size but its old time put back.
        photos.write("resized.jpg", Fixture.jpeg(width: 64, height: 48) + [0, 0, 0])
        photos.setModified("resized.jpg", seconds: 1_600_000_000)

        let second = try PhotoScanner().scan([photos.path], known: KnownHeaders(of: known)).entries
        let info = Dictionary(uniqueKeysWithValues: second.map { ($0.relative.string, $0.info) })
        #expect(info["same.jpg"] == claimed, "an unchanged file's header was read again")
        #expect(info["touched.jpg"] == PhotoInfo(format: .jpeg, pixelWidth: 40, pixelHeight: 30, orientation: .up))
        #expect(info["resized.jpg"] == PhotoInfo(format: .jpeg, pixelWidth: 64, pixelHeight: 48, orientation: .up))
    }

    @Test func aDamagedIndexIsMadeAgainWithOneLogLine() throws {
        let cache = TempFolder()
        let file = cache.write("library.sqlite3", Array(repeating: 0x5A, count: 8192))
        let log = LogRecorder()
        let index = try PhotoIndex(file: file, log: log.logger)
        #expect(log.messages.count == 1)
        #expect(log.messages.first?.contains("damaged") == true)

        let photos = library(["a.jpg"])
        let scanned = try PhotoScanner().scan([photos.path]).entries
        let key = WallKey(paths: [photos.path], order: .name, reversed: false)
        try index.save(scanned, for: key)
        #expect(try PhotoIndex(file: file, log: log.logger).wall(for: key) == scanned)
        #expect(log.messages.count == 1, "a healthy index was reported damaged: \(log.messages)")
    }

    @Test func aCacheFolderThatCannotBeWrittenMeansNoIndexNotACrash() throws {
        let cache = TempFolder()
        // A file where the cascade folder should be: no folder can be made there (root or not).
        cache.write("cascade", [1, 2, 3])
        #expect(throws: PhotoIndexError.self) {
            try PhotoIndex(file: cache.path("cascade/library.sqlite3"), log: LogRecorder().logger)
        }
        // A folder the user may not write. Root writes anywhere: it drops to nobody for the file
        // checks, on this thread only (setfsuid), so the check runs as root (CI) and as a user.
        let locked = TempFolder()
        chmod(locked.path.string, 0o500)
        defer { chmod(locked.path.string, 0o700) }
        let asNobody = geteuid() == 0
        if asNobody { _ = GNUCalls.setfsuid(65534) }
        #expect(throws: PhotoIndexError.self) {
            try PhotoIndex(file: locked.path("library.sqlite3"), log: LogRecorder().logger)
        }
        if asNobody { _ = GNUCalls.setfsuid(0) }
    }

    @Test func anIndexThatIsALinkToAnotherDatabaseIsLeftAlone() throws {
        let other = TempFolder()
        let database = other.path("notes.sqlite3").string
        // Another program's database, in its own journal mode, with a table named as one of ours.
        let seed = LogRecorder()
        _ = try PhotoIndex(file: other.path("seed.sqlite3"), log: seed.logger)
        try FileManager.default.copyItem(atPath: other.path("seed.sqlite3").string, toPath: database)
        try SQLiteFile.execute("PRAGMA journal_mode = DELETE; INSERT INTO wall (key) VALUES (x'00'); PRAGMA user_version = 77", in: database)
        let before = try Data(contentsOf: URL(fileURLWithPath: database))
        let cache = TempFolder()
        try FileManager.default.createDirectory(atPath: cache.path("cascade").string, withIntermediateDirectories: true)
        symlink(database, cache.path("cascade/library.sqlite3").string)

        #expect {
            try PhotoIndex(file: cache.path("cascade/library.sqlite3"), log: LogRecorder().logger)
        } throws: { "\($0)".contains("symbolic link") }
        #expect(try Data(contentsOf: URL(fileURLWithPath: database)) == before, "the linked database was changed")
        #expect(!FileManager.default.fileExists(atPath: database + "-wal"))
    }

    @Test func aLinkedFolderOnTheWayIsTheUsersChoiceAndWorks() throws {
        let disk = TempFolder()
        let cache = TempFolder()
        symlink(disk.path.string, cache.path("cascade").string)
        let index = try PhotoIndex(file: cache.path("cascade/library.sqlite3"), log: LogRecorder().logger)
        #expect(!index.isReadOnly)
        #expect(FileManager.default.fileExists(atPath: disk.path("library.sqlite3").string))
    }

    @Test func twoFilesThatSwapNamesAreReadAgainNotTakenFromTheIndex() throws {
        // Same size, same time (an importer that sets the capture second), other aspects.
        let photos = TempFolder()
        photos.write("a.bmp", Fixture.bmp(width: 32, height: 24))
        photos.write("b.bmp", Fixture.bmp(width: 24, height: 32))
        for name in ["a.bmp", "b.bmp"] { photos.setModified(name, seconds: 1_600_000_000) }
        let cache = TempFolder()
        let key = WallKey(paths: [photos.path], order: .name, reversed: false)
        try PhotoIndex(file: cache.path("library.sqlite3"), log: LogRecorder().logger)
            .save(try PhotoScanner().scan([photos.path]).entries, for: key)

        photos.swapNames("a.bmp", "b.bmp")
        let indexed = try PhotoIndex(file: cache.path("library.sqlite3"), log: LogRecorder().logger).wall(for: key)
        let rescanned = try PhotoScanner().scan([photos.path], known: KnownHeaders(of: indexed)).entries
        let sizes = Dictionary(uniqueKeysWithValues: rescanned.map {
            ($0.relative.string, $0.info.map { [$0.pixelWidth, $0.pixelHeight] })
        })
        #expect(sizes["a.bmp"] == [24, 32], "a.bmp kept the header of the file that had its name")
        #expect(sizes["b.bmp"] == [32, 24], "b.bmp kept the header of the file that had its name")
    }

    @Test func nonsenseHeaderFieldsAreReadAgainRatherThanBelieved() throws {
        let photos = library(["a.jpg"])
        let cache = TempFolder()
        let file = cache.path("library.sqlite3")
        let key = WallKey(paths: [photos.path], order: .name, reversed: false)
        let entry = try #require(try PhotoScanner().scan([photos.path]).entries.first)
        let index = try PhotoIndex(file: file, log: LogRecorder().logger)
        try index.save([entry], for: key)
        // A hand-edited row: a negative width.
        let edit = Process()
        edit.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        edit.arguments = ["python3", "-c", "import sqlite3,sys; c=sqlite3.connect(sys.argv[1]); c.execute('UPDATE entry SET width=-5'); c.commit()", file.string]
        try edit.run()
        edit.waitUntilExit()
        try #require(edit.terminationStatus == 0)
        let loaded = try index.wall(for: key)
        #expect(loaded.count == 1)
        #expect(loaded.first?.info == nil)
    }
}

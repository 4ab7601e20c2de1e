import Foundation
import XCTest
@testable import Photos
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// Trashing by the freedesktop.org Trash specification, checked with its other clients: what
/// cascade trashes, trash-cli and GLib list with the right path and date and can restore, and
/// cascade restores what it trashed. Nothing here may lose a file.
final class TrashTests: XCTestCase {
    private var folder: TempFolder!
    private var dataHome: PhotoPath!
    private var trash: Trash!
    private var clients: TrashClients!
    private let when: time_t = 1_700_000_000

    override func setUp() {
        folder = TempFolder()
        folder.mkdir("data")
        folder.mkdir("photos")
        dataHome = folder.path("data")
        trash = Trash(homeTrash: dataHome.appending(Array("Trash".utf8)))
        clients = TrashClients(dataHome: dataHome.string)
    }

    override func tearDown() { folder = nil }

    /// The local time `when` as `pattern` (DateFormatter's syntax): what a client shows.
    private func local(_ pattern: String) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone.current
        formatter.dateFormat = pattern
        return formatter.string(from: Date(timeIntervalSince1970: TimeInterval(when)))
    }

    private func require(_ tools: [String]) throws {
        if let reason = TrashClients.missing(tools) { throw XCTSkip(reason) }
    }

    private func exists(_ path: PhotoPath) -> Bool { path.fileType(followingLinks: false) != nil }

    func testTrashCliAndGioListTheOriginalPathAndDate() throws {
        try require(["trash-list", "gio", "dbus-run-session"])
        let photo = folder.write("photos/beach.jpg", [1, 2, 3])
        let trashed = try trash.trash(photo, at: when)

        XCTAssertFalse(exists(photo), "the photo left its folder")
        XCTAssertEqual(try SafeFile.readAll(trashed.trashed), [1, 2, 3], "the trash holds the photo's bytes")
        XCTAssertEqual(trashed.trashed, dataHome.appending(Array("Trash/files/beach.jpg".utf8)))
        XCTAssertTrue(try clients.trashList().contains("\(local("yyyy-MM-dd HH:mm:ss")) \(photo)\n"),
                      "trash-list shows the photo's path and the deletion time")
        let gio = try clients.gioList()
        XCTAssertTrue(gio.contains("trash::orig-path=\(photo)"), "gio sees the original path: \(gio)")
        XCTAssertTrue(gio.contains("trash::deletion-date=\(local("yyyy-MM-dd'T'HH:mm:ss"))"), "gio sees the date: \(gio)")
    }

    func testTrashRestoreAndGioPutBackWhatCascadeTrashed() throws {
        try require(["trash-restore", "gio", "dbus-run-session"])
        let first = folder.write("photos/first.jpg", [7])
        let second = folder.write("photos/second.jpg", [8])
        _ = try trash.trash(first, at: when)
        _ = try trash.trash(second, at: when)

        // trash-restore lists what was trashed under the folder given and asks which: the only one.
        let restored = try clients.run(["trash-restore", first.string], input: "0\n")
        XCTAssertEqual(restored.status, 0)
        XCTAssertEqual(try SafeFile.readAll(first), [7], "trash-restore put the photo back")

        let gio = try clients.gio("gio trash --restore trash:///second.jpg")
        XCTAssertEqual(gio.status, 0)
        XCTAssertEqual(try SafeFile.readAll(second), [8], "gio trash --restore put the photo back")
        XCTAssertEqual(try clients.trashList(), "", "nothing is left in the trash")
    }

    func testRestorePutsTheBatchBackAndForgetsIt() throws {
        try require(["trash-list"])
        let photos = [folder.write("photos/a.jpg", [1]), folder.write("photos/b.jpg", [2])]
        let (batch, failures) = trash.trash(photos, at: when)
        XCTAssertEqual(failures, [])
        XCTAssertEqual(batch.originals, photos)

        XCTAssertEqual(trash.restore(batch), [])
        XCTAssertEqual(try SafeFile.readAll(photos[0]), [1])
        XCTAssertEqual(try SafeFile.readAll(photos[1]), [2])
        XCTAssertTrue(batch.files.allSatisfy { !exists($0.info) && !exists($0.trashed) }, "the trash is empty again")
        XCTAssertEqual(try clients.trashList(), "")
    }

    func testRestoreRefusesWhenSomethingNowSitsAtThePath() throws {
        let photo = folder.write("photos/a.jpg", [1])
        let batch = trash.trash([photo], at: when).batch
        folder.write("photos/a.jpg", [9])

        let failures = trash.restore(batch)
        XCTAssertEqual(failures, [.originalTaken(photo)])
        XCTAssertTrue(failures[0].description.contains("something else is there now"))
        XCTAssertEqual(try SafeFile.readAll(photo), [9], "the new file is not replaced")
        XCTAssertEqual(try SafeFile.readAll(batch.files[0].trashed), [1], "the trashed photo stays in the trash")
        XCTAssertTrue(exists(batch.files[0].info), "and is still listed there")
    }

    func testOddNamesRoundTripThroughTheInfoFileAndTheClients() throws {
        try require(["trash-list"])
        let names: [[UInt8]] = [
            Array("two words.jpg".utf8), Array("100%.jpg".utf8), Array("line\nbreak.jpg".utf8),
            [0x66, 0xFF, 0xFE, 0x2E, 0x6A, 0x70, 0x67], Array("-rf.jpg".utf8), Array("é #?&.jpg".utf8),
        ]
        var batch: [TrashedFile] = []
        for (index, name) in names.enumerated() {
            let photo = folder.write(Array("photos/".utf8) + name, [UInt8(index)])
            let trashed = try trash.trash(photo, at: when)
            XCTAssertEqual(trashed.trashed.lastComponent.bytes, name, "the trash keeps the name")
            let info = try SafeFile.readAll(trashed.info)
            let path = info.split(separator: UInt8(ascii: "\n"))[1]
            XCTAssertTrue(path.allSatisfy { $0 >= 0x21 && $0 < 0x7F }, "Path= is escaped to printable ASCII")
            XCTAssertEqual(Self.unescape(Array(path.dropFirst(5))), photo.bytes, "Path= decodes to the exact bytes")
            batch.append(trashed)
        }
        let listed = try clients.trashList()
        for photo in batch.map(\.original) where String(validatingUTF8: photo.string) != nil && !photo.bytes.contains(0xFF) {
            XCTAssertTrue(listed.contains("\(local("yyyy-MM-dd HH:mm:ss")) \(photo.string)"), "trash-list shows \(photo)")
        }
        XCTAssertEqual(trash.restore(TrashBatch(files: batch)), [])
        for (index, file) in batch.enumerated() {
            XCTAssertEqual(try SafeFile.readAll(file.original), [UInt8(index)], "\(file.original) is back")
        }
    }

    func testASecondFileOfTheSameNameGetsTheNextName() throws {
        try require(["trash-list"])
        let first = folder.write("photos/one/photo.jpg", [1])
        let second = folder.write("photos/two/photo.jpg", [2])
        let a = try trash.trash(first, at: when)
        let b = try trash.trash(second, at: when)
        XCTAssertEqual(a.trashed.lastComponent.string, "photo.jpg")
        XCTAssertEqual(b.trashed.lastComponent.string, "photo.jpg.2")
        XCTAssertEqual(b.info.lastComponent.string, "photo.jpg.2.trashinfo")
        let listed = try clients.trashList()
        XCTAssertTrue(listed.contains(" \(first)\n") && listed.contains(" \(second)\n"), listed)
        XCTAssertEqual(try SafeFile.readAll(b.trashed), [2])
    }

    func testAStrayFileInTheTrashIsNeverReplaced() throws {
        folder.write("data/Trash/files/photo.jpg", [5])
        let photo = folder.write("photos/photo.jpg", [1])
        let trashed = try trash.trash(photo, at: when)
        XCTAssertEqual(trashed.trashed.lastComponent.string, "photo.jpg.2")
        XCTAssertEqual(try folder.read("data/Trash/files/photo.jpg"), [5])
        XCTAssertFalse(exists(folder.path("data/Trash/info/photo.jpg.trashinfo")), "the abandoned name leaves no info")
    }

    func testAFileInAReadOnlyFolderStaysAndLeavesNoInfo() throws {
        let photo = folder.write("photos/locked/photo.jpg", [3])
        let locked = folder.path("photos/locked")
        _ = locked.withCString { chmod($0, 0o555) }
        defer { _ = locked.withCString { chmod($0, 0o755) } }
        var result: Result<TrashedFile, TrashError>
        if getuid() == 0 {
            // Root writes anywhere: drop to nobody for the filesystem checks, on this thread
            // only (setfsuid), with a home trash nobody owns.
            let home = folder.path("nobody-data/Trash")
            folder.mkdir("nobody-data/Trash")
            for path in [folder.path, folder.path("nobody-data"), home] {
                _ = path.withCString { chmod($0, 0o755) }
                _ = path.withCString { chown($0, 65534, 65534) }
            }
            let nobody = Trash(homeTrash: home, uid: 65534)
            _ = GNUCalls.setfsuid(65534)
            result = Result { () throws(TrashError) in try nobody.trash(photo, at: when) }
            _ = GNUCalls.setfsuid(0)
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: home.string + "/info"), [],
                           "the .trashinfo written first is removed again")
        } else {
            result = Result { () throws(TrashError) in try trash.trash(photo, at: when) }
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dataHome.string + "/Trash/info"), [])
        }
        guard case .failure(let error) = result else { return XCTFail("trashed from a read-only folder") }
        XCTAssertTrue(error.description.contains("Permission denied"), error.description)
        XCTAssertTrue(error.description.contains("left in place"), error.description)
        XCTAssertEqual(try SafeFile.readAll(photo), [3], "the photo is untouched")
    }

    func testAMissingFileIsAnErrorNotATrashEntry() throws {
        XCTAssertThrowsError(try trash.trash(folder.path("photos/gone.jpg"), at: when)) { error in
            XCTAssertEqual(error as? TrashError, .notFound(folder.path("photos/gone.jpg")))
        }
    }

    /// %XX back to bytes, as a client reads Path=.
    static func unescape(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        var i = 0
        while i < bytes.count {
            if bytes[i] == UInt8(ascii: "%"), i + 2 < bytes.count + 0,
               let byte = UInt8(String(decoding: bytes[(i + 1)...(i + 2)], as: UTF8.self), radix: 16) {
                out.append(byte)
                i += 3
            } else {
                out.append(bytes[i])
                i += 1
            }
        }
        return out
    }
}

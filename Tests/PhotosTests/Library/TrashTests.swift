import Foundation
import Testing
@testable import Photos
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// Trashing by the freedesktop.org Trash specification, checked with its other clients: what
/// cascade trashes, trash-cli and GLib list with the right path and date and can restore, and
/// cascade restores what it trashed. Nothing here may lose a file.
@Suite struct TrashTests {
    private let folder = TempFolder()
    private let dataHome: PhotoPath
    private let trash: Trash
    private let clients: TrashClients
    private let when: time_t = 1_700_000_000

    init() {
        folder.mkdir("data")
        folder.mkdir("photos")
        dataHome = folder.path("data")
        trash = Trash(homeTrash: dataHome.appending(Array("Trash".utf8)))
        clients = TrashClients(dataHome: dataHome.string)
    }

    /// The local time `when` as `pattern` (DateFormatter's syntax): what a client shows.
    private func local(_ pattern: String) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone.current
        formatter.dateFormat = pattern
        return formatter.string(from: Date(timeIntervalSince1970: TimeInterval(when)))
    }

    private func exists(_ path: PhotoPath) -> Bool { path.fileType(followingLinks: false) != nil }

    @Test(.enabled(if: TrashClients.missing(["trash-list", "gio", "dbus-run-session"]) == nil, "script/bootstrap installs the trash clients"),
          .enabled(if: TrashClients.gioListsATrash, "gio lists no trash here, not even trash-put's (gvfs's trash backend)"))
    func trashCliAndGioListTheOriginalPathAndDate() throws {
        let photo = folder.write("photos/beach.jpg", [1, 2, 3])
        let trashed = try trash.trash(photo, at: when)

        #expect(!exists(photo), "the photo left its folder")
        #expect(try SafeFile.readAll(trashed.trashed) == [1, 2, 3], "the trash holds the photo's bytes")
        #expect(trashed.trashed == dataHome.appending(Array("Trash/files/beach.jpg".utf8)))
        #expect(try clients.trashList().contains("\(local("yyyy-MM-dd HH:mm:ss")) \(photo)\n"), "trash-list shows the photo's path and the deletion time")
        let gio = try clients.gioList()
        #expect(gio.contains("trash::orig-path=\(photo)"), "gio sees the original path: \(gio)")
        #expect(gio.contains("trash::deletion-date=\(local("yyyy-MM-dd'T'HH:mm:ss"))"), "gio sees the date: \(gio)")
    }

    @Test(.enabled(if: TrashClients.missing(["trash-restore", "gio", "dbus-run-session"]) == nil, "script/bootstrap installs the trash clients"),
          .enabled(if: TrashClients.gioListsATrash, "gio lists no trash here, not even trash-put's (gvfs's trash backend)"))
    func trashRestoreAndGioPutBackWhatCascadeTrashed() throws {
        let first = folder.write("photos/first.jpg", [7])
        let second = folder.write("photos/second.jpg", [8])
        _ = try trash.trash(first, at: when)
        _ = try trash.trash(second, at: when)

        // trash-restore lists what was trashed under the folder given and asks which: the only one.
        let restored = try clients.run(["trash-restore", first.string], input: "0\n")
        #expect(restored.status == 0)
        #expect(try SafeFile.readAll(first) == [7], "trash-restore put the photo back")

        let gio = try clients.gio("gio trash --restore trash:///second.jpg")
        #expect(gio.status == 0)
        #expect(try SafeFile.readAll(second) == [8], "gio trash --restore put the photo back")
        #expect(try clients.trashList() == "", "nothing is left in the trash")
    }

    @Test(.enabled(if: TrashClients.missing(["trash-list"]) == nil, "script/bootstrap installs the trash clients"))
    func restorePutsTheBatchBackAndForgetsIt() throws {
        let photos = [folder.write("photos/a.jpg", [1]), folder.write("photos/b.jpg", [2])]
        let (batch, failures) = trash.trash(photos, at: when)
        #expect(failures == [])
        #expect(batch.originals == photos)

        #expect(trash.restore(batch) == [])
        #expect(try SafeFile.readAll(photos[0]) == [1])
        #expect(try SafeFile.readAll(photos[1]) == [2])
        #expect(batch.files.allSatisfy { !exists($0.info) && !exists($0.trashed) }, "the trash is empty again")
        #expect(try clients.trashList() == "")
    }

    @Test func restoreRefusesWhenSomethingNowSitsAtThePath() throws {
        let photo = folder.write("photos/a.jpg", [1])
        let batch = trash.trash([photo], at: when).batch
        folder.write("photos/a.jpg", [9])

        let failures = trash.restore(batch)
        #expect(failures == [.originalTaken(photo)])
        #expect(failures[0].description.contains("something else is there now"))
        #expect(try SafeFile.readAll(photo) == [9], "the new file is not replaced")
        #expect(try SafeFile.readAll(batch.files[0].trashed) == [1], "the trashed photo stays in the trash")
        #expect(exists(batch.files[0].info), "and is still listed there")
    }

    @Test(.enabled(if: TrashClients.missing(["trash-list"]) == nil, "script/bootstrap installs the trash clients"))
    func oddNamesRoundTripThroughTheInfoFileAndTheClients() throws {
        let names: [[UInt8]] = [
            Array("two words.jpg".utf8), Array("100%.jpg".utf8), Array("line\nbreak.jpg".utf8),
            [0x66, 0xFF, 0xFE, 0x2E, 0x6A, 0x70, 0x67], Array("-rf.jpg".utf8), Array("é #?&.jpg".utf8),
        ]
        var batch: [TrashedFile] = []
        for (index, name) in names.enumerated() {
            let photo = folder.write(Array("photos/".utf8) + name, [UInt8(index)])
            let trashed = try trash.trash(photo, at: when)
            #expect(trashed.trashed.lastComponent.bytes == name, "the trash keeps the name")
            let info = try SafeFile.readAll(trashed.info)
            let path = info.split(separator: UInt8(ascii: "\n"))[1]
            #expect(path.allSatisfy { $0 >= 0x21 && $0 < 0x7F }, "Path= is escaped to printable ASCII")
            #expect(Self.unescape(Array(path.dropFirst(5))) == photo.bytes, "Path= decodes to the exact bytes")
            batch.append(trashed)
        }
        let listed = try clients.trashList()
        for photo in batch.map(\.original) where String(validatingUTF8: photo.string) != nil && !photo.bytes.contains(0xFF) {
            #expect(listed.contains("\(local("yyyy-MM-dd HH:mm:ss")) \(photo.string)"), "trash-list shows \(photo)")
        }
        #expect(trash.restore(TrashBatch(files: batch)) == [])
        for (index, file) in batch.enumerated() {
            #expect(try SafeFile.readAll(file.original) == [UInt8(index)], "\(file.original) is back")
        }
    }

    @Test(.enabled(if: TrashClients.missing(["trash-list"]) == nil, "script/bootstrap installs the trash clients"))
    func aSecondFileOfTheSameNameGetsTheNextName() throws {
        let first = folder.write("photos/one/photo.jpg", [1])
        let second = folder.write("photos/two/photo.jpg", [2])
        let a = try trash.trash(first, at: when)
        let b = try trash.trash(second, at: when)
        #expect(a.trashed.lastComponent.string == "photo.jpg")
        #expect(b.trashed.lastComponent.string == "photo.jpg.2")
        #expect(b.info.lastComponent.string == "photo.jpg.2.trashinfo")
        let listed = try clients.trashList()
        #expect(listed.contains(" \(first)\n") && listed.contains(" \(second)\n"), "\(listed)")
        #expect(try SafeFile.readAll(b.trashed) == [2])
    }

    @Test func aStrayFileInTheTrashIsNeverReplaced() throws {
        folder.write("data/Trash/files/photo.jpg", [5])
        let photo = folder.write("photos/photo.jpg", [1])
        let trashed = try trash.trash(photo, at: when)
        #expect(trashed.trashed.lastComponent.string == "photo.jpg.2")
        #expect(try folder.read("data/Trash/files/photo.jpg") == [5])
        #expect(!exists(folder.path("data/Trash/info/photo.jpg.trashinfo")), "the abandoned name leaves no info")
    }

    @Test func aFileInAReadOnlyFolderStaysAndLeavesNoInfo() throws {
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
            #expect(try FileManager.default.contentsOfDirectory(atPath: home.string + "/info") == [], "the .trashinfo written first is removed again")
        } else {
            result = Result { () throws(TrashError) in try trash.trash(photo, at: when) }
            #expect(try FileManager.default.contentsOfDirectory(atPath: dataHome.string + "/Trash/info") == [])
        }
        guard case .failure(let error) = result else { Issue.record("trashed from a read-only folder"); return }
        #expect(error.description.contains("Permission denied"), "\(error)")
        #expect(error.description.contains("left in place"), "\(error)")
        #expect(try SafeFile.readAll(photo) == [3], "the photo is untouched")
    }

    @Test func aMissingFileIsAnErrorNotATrashEntry() throws {
        #expect(throws: TrashError.notFound(folder.path("photos/gone.jpg"))) { try trash.trash(folder.path("photos/gone.jpg"), at: when) }
    }

    @Test func restoreLeavesAnotherFileTrashedUnderThePhotosNameAlone() throws {
        let photo = folder.write("photos/beach.jpg", [1, 2, 3])
        let trashed = try trash.trash(photo, at: when)
        // The trash emptied of it, then another beach.jpg trashed from elsewhere: the same name
        // in files/ and info/.
        _ = trashed.trashed.withCString { unlink($0) }
        _ = trashed.info.withCString { unlink($0) }
        let other = try trash.trash(folder.write("elsewhere/beach.jpg", [9, 9]), at: when)
        #expect(other.trashed == trashed.trashed && other.info == trashed.info)

        #expect {
            try trash.restore(trashed)
        } throws: { error in
            "\(error)".contains("cannot restore \(photo)") && "\(error)".contains("the trash no longer holds the photo cascade trashed")
        }
        #expect(!exists(photo), "nothing was put in the photo's folder")
        #expect(try SafeFile.readAll(other.trashed) == [9, 9], "the other file stays in the trash")
        #expect(exists(other.info), "with its .trashinfo")
    }

    @Test func restoreRefusesATrashinfoThatNamesAnotherPath() throws {
        let photo = folder.write("photos/beach.jpg", [1, 2, 3])
        let trashed = try trash.trash(photo, at: when)
        let elsewhere = Array("[Trash Info]\nPath=\(folder.path("photos/other.jpg"))\nDeletionDate=2023-11-14T22:13:20\n".utf8)
        let fd = trashed.info.withCString { open($0, O_WRONLY | O_TRUNC) }
        _ = elsewhere.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)

        #expect(throws: TrashError.self) { try trash.restore(trashed) }
        #expect(!exists(photo))
        #expect(try SafeFile.readAll(trashed.trashed) == [1, 2, 3], "the file stays in the trash")
        #expect(exists(trashed.info))
    }

    /// %XX back to bytes, as a client reads Path=.
    static func unescape(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        var i = 0
        while i < bytes.count {
            if bytes[i] == UInt8(ascii: "%"), i + 2 < bytes.count,
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

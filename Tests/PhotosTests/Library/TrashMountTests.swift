import Foundation
import XCTest
@testable import Photos
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// Trashing a photo on another filesystem: into that filesystem's own trash at its top
/// directory, never copied home. The filesystem is a tmpfs mounted in a mount namespace of this
/// test's own (unshare), so nothing shows outside it and nothing is left mounted after.
final class TrashMountTests: XCTestCase {
    private var folder: TempFolder!
    private var mount: PhotoPath!
    private var trash: Trash!
    private let when: time_t = 1_700_000_000

    override func setUpWithError() throws {
        guard getuid() == 0 else { throw XCTSkip("mounting a tmpfs needs root (unshare -m and mount)") }
        // The namespace is this thread's; the tools started from it (trash-list) see the mount too.
        guard GNUCalls.unshare(GNUCalls.cloneNewNamespace) == 0 else {
            throw XCTSkip("no private mount namespace: \(String(cString: strerror(errno)))")
        }
        guard Glibc.mount("none", "/", nil, UInt(MS_REC | MS_PRIVATE), nil) == 0 else {
            throw XCTSkip("cannot make the mounts private: \(String(cString: strerror(errno)))")
        }
        folder = TempFolder()
        folder.mkdir("data")
        folder.mkdir("volume")
        mount = folder.path("volume")
        let mounted = mount.withCString { Glibc.mount("tmpfs", $0, "tmpfs", 0, "size=4m,mode=0755") }
        XCTAssertEqual(mounted, 0, "mount tmpfs: \(String(cString: strerror(errno)))")
        trash = Trash(homeTrash: folder.path("data/Trash"))
    }

    override func tearDown() {
        if let mount { _ = mount.withCString { umount2($0, Int32(MNT_DETACH)) } }
        folder = nil
    }

    private func write(_ name: String, _ bytes: [UInt8]) -> PhotoPath {
        folder.write("volume/" + name, bytes)
    }

    func testAFileOnAnotherFilesystemGoesToItsTopDirectoryTrash() throws {
        let photo = write("album/photo one.jpg", [4, 2])
        let trashed = try trash.trash(photo, at: when)

        let own = mount.appending(Array(".Trash-0".utf8))
        XCTAssertEqual(trashed.trashed, own.appending(Array("files/photo one.jpg".utf8)))
        XCTAssertEqual(try SafeFile.readAll(trashed.trashed), [4, 2])
        XCTAssertFalse(folder.path("data/Trash/files/photo one.jpg").fileType(followingLinks: false) != nil,
                       "nothing was copied to the home trash")
        var status = stat()
        _ = own.withCString { lstat($0, &status) }
        XCTAssertEqual(status.st_mode & 0o7777, 0o700, "the trash is made private to its user")
        let info = String(decoding: try SafeFile.readAll(trashed.info), as: UTF8.self)
        XCTAssertTrue(info.contains("\nPath=album/photo%20one.jpg\n"), "Path= is relative to the top directory: \(info)")

        if TrashClients.missing(["trash-list"]) == nil {
            let listed = try TrashClients(dataHome: folder.path("data").string).trashList()
            XCTAssertTrue(listed.contains(" \(photo)\n"), "trash-list finds it on the mount: \(listed)")
        }
        XCTAssertEqual(trash.restore(TrashBatch(files: [trashed])), [])
        XCTAssertEqual(try SafeFile.readAll(photo), [4, 2], "and it comes back")
    }

    /// Where a photo on the mount goes when the mount has a `.Trash` made by `make`.
    private func trashed(besideSharedTrash make: (PhotoPath) -> Void) throws -> PhotoPath {
        make(mount.appending(Array(".Trash".utf8)))
        return try trash.trash(write("photo.jpg", [1]), at: when).trashed
    }

    func testASharedStickyTrashFolderIsUsedWithTheUsersSubfolder() throws {
        let trashed = try trashed { shared in
            _ = shared.withCString { mkdir($0, 0o1777) }
            _ = shared.withCString { chmod($0, 0o1777) }
        }
        XCTAssertEqual(trashed, mount.appending(Array(".Trash/0/files/photo.jpg".utf8)))
    }

    func testASharedTrashWithoutTheStickyBitOrThatIsALinkIsPassedOver() throws {
        let unsticky = try trashed { shared in _ = shared.withCString { mkdir($0, 0o777) } }
        XCTAssertEqual(unsticky, mount.appending(Array(".Trash-0/files/photo.jpg".utf8)))
        let elsewhere = folder.path("elsewhere")
        folder.mkdir("elsewhere")
        _ = elsewhere.withCString { chmod($0, 0o1777) }
        let linked = try trashed { shared in
            _ = shared.withCString { rmdir($0) }
            _ = shared.withCString { symlink(elsewhere.string, $0) }
        }
        XCTAssertEqual(linked, mount.appending(Array(".Trash-0/files/photo.jpg.2".utf8)))
    }

    func testAFilesystemWhereNoTrashCanBeMadeRefusesAndKeepsTheFile() throws {
        let photo = write("photo.jpg", [6])
        let remounted = mount.withCString { Glibc.mount("tmpfs", $0, nil, UInt(MS_REMOUNT | MS_RDONLY), nil) }
        XCTAssertEqual(remounted, 0)
        XCTAssertThrowsError(try trash.trash(photo, at: when)) { error in
            let text = "\(error)"
            XCTAssertTrue(text.contains("no trash can be made on the filesystem mounted at \(mount!)"), text)
        }
        XCTAssertEqual(try SafeFile.readAll(photo), [6], "the photo is untouched")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path("data/Trash/files").string), [],
                       "and not copied home")
    }
}

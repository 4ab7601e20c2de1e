import Foundation
import Testing
@testable import Photos
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// Trashing a photo on another filesystem: into that filesystem's own trash at its top
/// directory, never copied home. The filesystem is a tmpfs mounted in a mount namespace of the
/// test's own thread (unshare), so nothing shows outside it and nothing stays mounted after.
@Suite(.serialized, .enabled(if: getuid() == 0, "mounting a tmpfs needs root (unshare -m and mount)"))
struct TrashMountTests {
    private let when: time_t = 1_700_000_000

    private static let startProcessWatcher: Void = {
        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/bin/true")
        try? child.run()
        child.waitUntilExit()
    }()

    /// A tmpfs at `volume/` of a fresh folder, a home trash in that folder's `data/`, for the
    /// length of `body`. Everything here is synchronous, so it all runs on the one thread whose
    /// mount namespace holds the tmpfs; the tools it starts inherit that namespace. The thread
    /// is the test pool's and runs other tests next: it goes back to the namespace, the root (a
    /// chroot's, in the fresh-machine check) and the folder it had.
    func withMountedVolume(_ body: (_ folder: TempFolder, _ mount: PhotoPath, _ trash: Trash) throws -> Void) throws {
        // Foundation starts a thread of its own to watch child processes the first time one is
        // run. Started from inside the namespace (trash-list below) it would share this thread's
        // filesystem context, and setns refuses to leave a namespace whose context is shared:
        // one child run out here starts that thread first.
        Self.startProcessWatcher
        let namespace = open("/proc/thread-self/ns/mnt", O_RDONLY | O_CLOEXEC)
        let root = open("/", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        let here = open(".", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        try #require(namespace >= 0 && root >= 0 && here >= 0, "the thread's namespace, root and folder: \(String(cString: strerror(errno)))")
        defer {
            let back = GNUCalls.setns(namespace, GNUCalls.cloneNewNamespace) == 0
                && fchdir(root) == 0 && chroot(".") == 0 && fchdir(here) == 0
            if !back { fatalError("a test thread could not leave its private mount namespace: \(String(cString: strerror(errno)))") }
            for fd in [namespace, root, here] { close(fd) }
        }
        let unshared = GNUCalls.unshare(GNUCalls.cloneNewNamespace)
        try #require(unshared == 0, "a private mount namespace: \(String(cString: strerror(errno)))")
        let privately = Glibc.mount("none", "/", nil, UInt(MS_REC | MS_PRIVATE), nil)
        try #require(privately == 0, "the mounts made private: \(String(cString: strerror(errno)))")
        let folder = TempFolder()
        folder.mkdir("data")
        folder.mkdir("volume")
        let mount = folder.path("volume")
        let mounted = mount.withCString { Glibc.mount("tmpfs", $0, "tmpfs", 0, "size=4m,mode=0755") }
        try #require(mounted == 0, "mount tmpfs: \(String(cString: strerror(errno)))")
        defer { _ = mount.withCString { umount2($0, Int32(MNT_DETACH)) } }
        try body(folder, mount, Trash(homeTrash: folder.path("data/Trash")))
    }

    @Test func aFileOnAnotherFilesystemGoesToItsTopDirectoryTrash() throws {
        try withMountedVolume { folder, mount, trash throws in
            let photo = folder.write("volume/album/photo one.jpg", [4, 2])
            let trashed = try trash.trash(photo, at: when)

            let own = mount.appending(Array(".Trash-0".utf8))
            #expect(trashed.trashed == own.appending(Array("files/photo one.jpg".utf8)))
            #expect(try SafeFile.readAll(trashed.trashed) == [4, 2])
            #expect(folder.path("data/Trash/files/photo one.jpg").fileType(followingLinks: false) == nil,
                    "nothing was copied to the home trash")
            var status = stat()
            _ = own.withCString { lstat($0, &status) }
            #expect(status.st_mode & 0o7777 == 0o700, "the trash is made private to its user")
            let info = String(decoding: try SafeFile.readAll(trashed.info), as: UTF8.self)
            #expect(info.contains("\nPath=album/photo%20one.jpg\n"), "Path= is relative to the top directory: \(info)")

            if TrashClients.missing(["trash-list"]) == nil {
                let listed = try TrashClients(dataHome: folder.path("data").string).trashList()
                #expect(listed.contains(" \(photo)\n"), "trash-list finds it on the mount: \(listed)")
            }
            #expect(trash.restore(TrashBatch(files: [trashed])) == [])
            #expect(try SafeFile.readAll(photo) == [4, 2], "and it comes back")
        }
    }

    @Test func aSharedStickyTrashFolderIsUsedWithTheUsersSubfolder() throws {
        try withMountedVolume { folder, mount, trash throws in
            let shared = mount.appending(Array(".Trash".utf8))
            _ = shared.withCString { mkdir($0, 0o1777) }
            _ = shared.withCString { chmod($0, 0o1777) }
            let trashed = try trash.trash(folder.write("volume/photo.jpg", [1]), at: when)
            #expect(trashed.trashed == mount.appending(Array(".Trash/0/files/photo.jpg".utf8)))
        }
    }

    @Test func aSharedTrashWithoutTheStickyBitOrThatIsALinkIsPassedOver() throws {
        try withMountedVolume { folder, mount, trash throws in
            let shared = mount.appending(Array(".Trash".utf8))
            _ = shared.withCString { mkdir($0, 0o777) }
            let unsticky = try trash.trash(folder.write("volume/photo.jpg", [1]), at: when)
            #expect(unsticky.trashed == mount.appending(Array(".Trash-0/files/photo.jpg".utf8)))

            let elsewhere = folder.path("elsewhere")
            folder.mkdir("elsewhere")
            _ = elsewhere.withCString { chmod($0, 0o1777) }
            _ = shared.withCString { rmdir($0) }
            _ = shared.withCString { symlink(elsewhere.string, $0) }
            let linked = try trash.trash(folder.write("volume/photo.jpg", [2]), at: when)
            #expect(linked.trashed == mount.appending(Array(".Trash-0/files/photo.jpg.2".utf8)))
        }
    }

    @Test func aFilesystemWhereNoTrashCanBeMadeRefusesAndKeepsTheFile() throws {
        try withMountedVolume { folder, mount, trash throws in
            let photo = folder.write("volume/photo.jpg", [6])
            let remounted = mount.withCString { Glibc.mount("tmpfs", $0, nil, UInt(MS_REMOUNT | MS_RDONLY), nil) }
            #expect(remounted == 0)
            do {
                _ = try trash.trash(photo, at: when)
                Issue.record("trashed on a filesystem without a trash")
            } catch {
                #expect("\(error)".contains("no trash can be made on the filesystem mounted at \(mount)"), "\(error)")
            }
            #expect(try SafeFile.readAll(photo) == [6], "the photo is untouched")
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path("data/Trash/files").string) == [],
                    "and not copied home")
        }
    }
}

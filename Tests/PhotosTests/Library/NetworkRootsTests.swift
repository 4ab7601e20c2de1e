import Testing
import Foundation
@testable import Photos
@testable import TestSupport

/// Network shares as the scan and the watcher see them: fstab's shares, a share that is not
/// mounted, and a folder that could not be reached when the scan ran being followed once it
/// answers, with the photos gone from it meanwhile told as removed.
@Suite struct NetworkRootsTests {
    private let jpeg = Fixture.jpeg(width: 40, height: 30)

    @Test func fstabsNetworkEntriesAreTheShares() throws {
        let folder = TempFolder()
        let fstab = folder.write("fstab", Array("""
            # a comment
            UUID=1234 / ext4 errors=remount-ro 0 1
            nas:/volume1/photos /mnt/nas nfs soft,timeo=50,_netdev,nofail 0 0
            //nas/Photos /mnt/smb\\040share cifs credentials=/etc/nas 0 0
            user@host:/pictures /mnt/ssh fuse.sshfs _netdev 0 0
            https://dav.example/photos /mnt/dav davfs user,noauto 0 0
            tmpfs /tmp tmpfs defaults 0 0

            """.utf8))
        let shares = NetworkShares.read(fstab.string)
        #expect(shares.mountPoints.map(\.string) == ["/mnt/nas", "/mnt/smb share", "/mnt/ssh", "/mnt/dav"])
        #expect(shares.share(holding: PhotoPath("/mnt/nas/2024/july")) == PhotoPath("/mnt/nas"))
        #expect(shares.share(holding: PhotoPath("/mnt/nas")) == PhotoPath("/mnt/nas"))
        #expect(shares.share(holding: PhotoPath("/mnt/nasty")) == nil)
        #expect(NetworkShares.read(folder.path("none").string).mountPoints.isEmpty)
    }

    @Test func aFolderWhereFstabPutsAShareIsAwayUntilItIsMounted() {
        let folder = TempFolder()
        folder.write("share/photos/a.jpg", jpeg)
        folder.write("local/b.jpg", jpeg)
        let shares = NetworkShares(mountPoints: [folder.path("share")])
        // Nothing is mounted on it here: the folder seen is the empty mount point's.
        guard case .away(let why) = ReachProbe(path: folder.path("share/photos"), shares: shares).look(within: .seconds(5)) else {
            Issue.record("a share's mount point with no share on it should be away")
            return
        }
        #expect(why.contains("not mounted"))
        guard case .answers(.local, _) = ReachProbe(path: folder.path("local"), shares: shares).look(within: .seconds(5)) else {
            Issue.record("a local folder should answer")
            return
        }
        #expect(ReachProbe(path: folder.path("gone"), shares: shares).look(within: .seconds(5)) == .missing(onShare: false))
        let away = ReachProbe.away(among: [folder.path("local"), folder.path("share/photos"), folder.path("gone")], shares: shares)
        #expect(Array(away.keys) == [folder.path("share/photos")])
    }

    @Test func aRootAwayAtTheScanIsFollowedOnceItAnswers() throws {
        let folder = TempFolder()
        folder.write("nas/kept.jpg", jpeg)
        folder.write("nas/new.jpg", jpeg)
        let roots = try WatchedRoot.roots(for: [folder.path("nas")], away: [folder.path("nas")])
        // What the wall kept from the index: one still there, one deleted while it was away.
        let kept = ["kept.jpg", "deleted.jpg"].map { WatchedFile(path: folder.path("nas/\($0)"), relative: PhotoPath($0), group: 0) }
        var tuning = quickTuning(poll: 100)
        tuning.networkPollInterval = .milliseconds(100)
        tuning.shares = NetworkShares(mountPoints: [])
        let log = LogRecorder()
        let recorder = WatchRecorder()
        let watcher = try FolderWatcher(roots: roots, away: [0: kept], log: log.logger, tuning: tuning, onChange: recorder.onChange)
        defer { watcher.stop() }
        #expect(eventually { recorder.removed == [folder.path("nas/deleted.jpg").string] })
        #expect(recorder.added == [folder.path("nas/kept.jpg").string, folder.path("nas/new.jpg").string])
        #expect(log.messages.contains { $0.contains("can be reached again") })
        // Followed from now on, as any folder.
        folder.write("nas/later.jpg", jpeg)
        #expect(eventually { recorder.added.contains(folder.path("nas/later.jpg").string) })
    }

    @Test func theScanLeavesAnAwayFolderAloneAndKeepsTheGroupsAfterIt() throws {
        let folder = TempFolder()
        folder.write("a/1.jpg", jpeg)
        folder.write("c/3.jpg", jpeg)
        let result = try PhotoScanner().scan([folder.path("a"), folder.path("b-away"), folder.path("c")], away: [folder.path("b-away")])
        #expect(result.entries.map(\.path.lastComponent.string) == ["1.jpg", "3.jpg"])
        #expect(result.entries.map(\.group) == [0, 2])
        #expect(result.issues.isEmpty)
    }
}

import Foundation
import Testing
@testable import Photos
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// Moving and copying photos into a folder: the bytes arrive whole, nothing at the destination
/// is ever overwritten, and a photo that cannot go stays where it was.
@Suite struct FileTransferTests {
    private let folder = TempFolder()

    init() {
        folder.mkdir("album")
        folder.mkdir("best")
    }

    private func exists(_ path: PhotoPath) -> Bool { path.fileType(followingLinks: false) != nil }

    @Test func aMovedPhotoLeavesItsFolderWithItsBytes() throws {
        let photo = folder.write("album/beach.jpg", [1, 2, 3])
        let moved = try FileTransfer.transfer(.move, photo, into: folder.path("best"))
        #expect(moved == folder.path("best/beach.jpg"))
        #expect(try SafeFile.readAll(moved) == [1, 2, 3])
        #expect(!exists(photo), "a move leaves no copy behind")
    }

    @Test func aCopyKeepsTheOriginalAndItsModificationTime() throws {
        let photo = folder.write("album/beach.jpg", [7, 8])
        folder.setModified("album/beach.jpg", seconds: 1_600_000_000)
        let copied = try FileTransfer.transfer(.copy, photo, into: folder.path("best"))
        #expect(try SafeFile.readAll(copied) == [7, 8])
        #expect(try SafeFile.readAll(photo) == [7, 8], "the original stays")
        var status = stat()
        _ = copied.withCString { stat($0, &status) }
        #expect(status.st_mtim.tv_sec == 1_600_000_000, "a wall sorted by time keeps the copy in place")
    }

    @Test(arguments: [FileTransfer.Kind.move, .copy])
    func aNameTakenAtTheDestinationIsNeverOverwritten(kind: FileTransfer.Kind) throws {
        let photo = folder.write("album/beach.jpg", [1])
        let there = folder.write("best/beach.jpg", [9, 9])
        #expect(throws: TransferError.nameTaken(there)) {
            try FileTransfer.transfer(kind, photo, into: folder.path("best"))
        }
        #expect(try SafeFile.readAll(there) == [9, 9], "the file already there is untouched")
        #expect(try SafeFile.readAll(photo) == [1], "the photo stays where it was")
    }

    @Test func aMissingFolderOrPhotoIsAnErrorNotACrash() throws {
        let photo = folder.write("album/beach.jpg", [1])
        #expect(throws: TransferError.noFolder(folder.path("nowhere"))) {
            try FileTransfer.transfer(.move, photo, into: folder.path("nowhere"))
        }
        #expect(throws: TransferError.notFound(folder.path("album/gone.jpg"))) {
            try FileTransfer.transfer(.copy, folder.path("album/gone.jpg"), into: folder.path("best"))
        }
        #expect(try SafeFile.readAll(photo) == [1])
    }
}

extension TrashMountTests {
    @Test func aMoveToAnotherFilesystemCopiesThenRemovesTheOriginal() throws {
        try withMountedVolume { folder, mount, _ throws in
            let photo = folder.write("data/photo one.jpg", [5, 6, 7])
            let moved = try FileTransfer.transfer(.move, photo, into: mount)
            #expect(try SafeFile.readAll(moved) == [5, 6, 7])
            #expect(photo.fileType(followingLinks: false) == nil, "the original goes once the copy is whole")
        }
    }

    @Test func aMoveThatDoesNotFitKeepsTheOriginalAndLeavesNothingHalfWritten() throws {
        try withMountedVolume { folder, mount, _ throws in
            // Bigger than the 4 MiB volume: the copy runs out of space part way.
            let bytes = (0..<(6 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31) }
            let photo = folder.write("data/big.jpg", bytes)
            #expect(throws: TransferError.self) { try FileTransfer.transfer(.move, photo, into: mount) }
            #expect(try SafeFile.readAll(photo) == bytes, "the original is whole and where it was")
            let left = try FileManager.default.contentsOfDirectory(atPath: mount.string)
            #expect(left.isEmpty, "no copy, whole or partial, is left on the volume: \(left)")
        }
    }

    @Test func aPhotoStillBeingWrittenIsNotMovedAndNotLost() throws {
        try withMountedVolume { folder, mount, _ throws in
            // More than one piece of the copy, so the writer goes on while the copy is half done.
            let begun = (0..<((1 << 20) + 4096)).map { UInt8(truncatingIfNeeded: $0 &* 7) }
            let rest = [UInt8](repeating: 0xAB, count: 5000)
            let photo = folder.write("data/import.jpg", begun)
            var written = false
            #expect(throws: TransferError.changedMeanwhile(photo)) {
                try FileTransfer.transfer(.move, photo, to: mount.appending(Array("import.jpg".utf8)), duringCopy: {
                    // A camera import still writing the photo.
                    guard !written else { return }
                    written = true
                    let fd = photo.withCString { open($0, O_WRONLY | O_APPEND) }
                    _ = rest.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
                    close(fd)
                })
            }
            #expect(try SafeFile.readAll(photo) == begun + rest, "the photo is whole, where it was")
            let left = try FileManager.default.contentsOfDirectory(atPath: mount.string)
            #expect(left.isEmpty, "no copy of it is left at the destination: \(left)")
        }
    }
}

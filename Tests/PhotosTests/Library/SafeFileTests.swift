import Testing
@testable import Photos

@Suite struct SafeFileTests {
    @Test func readsAWholeFile() throws {
        let folder = TempFolder()
        let bytes = (0..<100_000).map { UInt8($0 % 251) }
        let path = folder.write("data.bin", bytes)
        #expect(try SafeFile.readAll(path) == bytes)
        #expect(try SafeFile(opening: path).size == 100_000)
    }

    @Test func refusesAFileOverTheCap() {
        let folder = TempFolder()
        let path = folder.write("big.bin", Array(repeating: 7, count: 1000))
        #expect(throws: SafeFileError.tooLarge(size: 1000, limit: 999)) { try SafeFile.readAll(path, limit: 999) }
        #expect((try? SafeFile.readAll(path, limit: 1000))?.count == 1000)
        #expect(SafeFileError.tooLarge(size: 1000, limit: 999).description.hasPrefix("too large"))
    }

    @Test func readsOnlyThePrefixAskedFor() throws {
        let folder = TempFolder()
        let path = folder.write("data.bin", Array(0..<200))
        #expect(try SafeFile.readPrefix(path, count: 16) == Array(0..<16))
        // Asking for more than there is gives what there is.
        #expect(try SafeFile.readPrefix(path, count: 1 << 30).count == 200)
        #expect(try SafeFile(opening: path).read(at: 190, count: 50) == Array(190..<200))
        #expect(try SafeFile(opening: path).read(at: 500, count: 50) == [])
    }

    @Test func fifoIsNeverOpened() {
        // Opening a FIFO for reading blocks until a writer comes; this test would hang.
        let folder = TempFolder()
        folder.mkfifo("pipe")
        #expect(throws: SafeFileError.notRegularFile(kind: "fifo")) { try SafeFile.readPrefix(folder.path("pipe"), count: 16) }
        #expect(SafeFileError.notRegularFile(kind: "fifo").description == "not a regular file (fifo)")
    }

    @Test func devicesAreNeverRead() {
        let folder = TempFolder()
        folder.symlink("zero.jpg", to: "/dev/zero")
        #expect(throws: SafeFileError.notRegularFile(kind: "character device")) { try SafeFile.readAll(PhotoPath("/dev/zero")) }
        #expect(throws: SafeFileError.notRegularFile(kind: "character device")) { try SafeFile.readAll(folder.path("zero.jpg")) }
    }

    @Test func foldersAndMissingFilesAreRefused() {
        let folder = TempFolder()
        folder.symlink("dangling.jpg", to: "nowhere.jpg")
        #expect(throws: SafeFileError.notRegularFile(kind: "folder")) { try SafeFile.readAll(folder.path) }
        #expect(throws: SafeFileError.notFound) { try SafeFile.readAll(folder.path("missing.jpg")) }
        #expect(throws: SafeFileError.notFound) { try SafeFile.readAll(folder.path("dangling.jpg")) }
    }

    @Test func symbolicLinkToAFileIsFollowed() throws {
        let folder = TempFolder()
        folder.write("real.jpg", [1, 2, 3])
        folder.symlink("link.jpg", to: "real.jpg")
        #expect(try SafeFile.readAll(folder.path("link.jpg")) == [1, 2, 3])
    }

    @Test func nonUTF8NamesOpen() throws {
        let folder = TempFolder()
        let name: [UInt8] = [0xFF, 0xFE, UInt8(ascii: "."), UInt8(ascii: "j"), UInt8(ascii: "p"), UInt8(ascii: "g")]
        let path = folder.write(name, [9, 8, 7])
        #expect(try SafeFile.readAll(path) == [9, 8, 7])
    }
}

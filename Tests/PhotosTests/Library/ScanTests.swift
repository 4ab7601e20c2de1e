import Testing
import Locking
@testable import Photos

@Suite struct ScanTests {
    private let jpeg = Fixture.jpeg(width: 40, height: 30)

    private func scan(_ arguments: [PhotoPath], _ scanner: PhotoScanner = PhotoScanner()) throws -> ScanResult {
        try scanner.scan(arguments)
    }

    private func relatives(_ result: ScanResult) -> [String] { result.entries.map(\.relative.string) }

    @Test func folderIsWalkedRecursivelyInNaturalOrder() throws {
        let folder = TempFolder()
        for name in ["IMG_10.jpg", "IMG_2.jpg", "img_1.jpg", "sub/IMG_3.jpg", "Sub2/a.jpg", "sub/deeper/still/x.jpg"] {
            folder.write(name, jpeg)
        }
        let result = try scan([folder.path])
        #expect(relatives(result) == ["img_1.jpg", "IMG_2.jpg", "IMG_10.jpg", "sub/deeper/still/x.jpg", "sub/IMG_3.jpg", "Sub2/a.jpg"])
        for entry in result.entries {
            #expect(entry.path == folder.path.appending(entry.relative.bytes))
            #expect(entry.info == PhotoInfo(format: .jpeg, pixelWidth: 40, pixelHeight: 30, orientation: .up))
            #expect(entry.fileSize == jpeg.count)
        }
    }

    @Test func aFoldersOwnFilesLeaveOutTheFoldersBelowIt() throws {
        let folder = TempFolder()
        for name in ["b.jpg", "a.jpg", "07/c.jpg", "07/deeper/d.jpg"] { folder.write(name, jpeg) }
        let own = try scan([folder.path], PhotoScanner(depth: .ownFiles))
        #expect(relatives(own) == ["a.jpg", "b.jpg"])
        #expect(own.issues.isEmpty)
        #expect(Set(relatives(try scan([folder.path]))) == ["a.jpg", "b.jpg", "07/c.jpg", "07/deeper/d.jpg"], "a tree is the default")
    }

    @Test func hiddenEntriesAreSkipped() throws {
        let folder = TempFolder()
        folder.write("shown.jpg", jpeg)
        folder.write(".hidden.jpg", jpeg)
        folder.write(".thumbnails/t.jpg", jpeg)
        folder.write("sub/.also-hidden.jpg", jpeg)
        #expect(relatives(try scan([folder.path])) == ["shown.jpg"])
    }

    @Test func symbolicLinkLoopsEnd() throws {
        let folder = TempFolder()
        folder.write("a/1.jpg", jpeg)
        folder.symlink("a/up", to: "..")
        folder.symlink("a/self", to: ".")
        folder.symlink("a/b/back", to: "../..")
        let result = try scan([folder.path])
        // Each real folder once: the photo appears once, whichever links lead to it.
        #expect(result.entries.count == 1)
        #expect(result.entries.first?.relative.string == "a/1.jpg")
    }

    @Test func linkedFolderIsWalkedOnce() throws {
        let outside = TempFolder()
        outside.write("far.jpg", jpeg)
        let folder = TempFolder()
        folder.write("near.jpg", jpeg)
        folder.symlink("linked", to: outside.path.string)
        folder.symlink("linked-again", to: outside.path.string)
        #expect(relatives(try scan([folder.path])) == ["linked/far.jpg", "near.jpg"])
    }

    @Test func linksToFilesCountOnlyWhenTheyLeadToRegularFiles() throws {
        let folder = TempFolder()
        folder.write("real.jpg", jpeg)
        folder.symlink("alias.jpg", to: "real.jpg")
        folder.symlink("dangling.jpg", to: "gone.jpg")
        folder.symlink("zero.jpg", to: "/dev/zero")
        folder.symlink("circle.jpg", to: "circle.jpg")
        let result = try scan([folder.path])
        #expect(relatives(result) == ["alias.jpg", "real.jpg"])
        #expect(result.entries.allSatisfy { $0.info?.pixelWidth == 40 })
        let reasons = Dictionary(uniqueKeysWithValues: result.issues.map { ($0.path.lastComponent.string, $0.reason) })
        #expect(reasons["dangling.jpg"] == "dangling symbolic link")
        #expect(reasons["zero.jpg"] == "not a regular file (character device)")
        #expect(reasons["circle.jpg"] != nil)
    }

    @Test func fifoIsSkippedWithoutHanging() throws {
        let folder = TempFolder()
        folder.write("photo.jpg", jpeg)
        folder.mkfifo("pipe.jpg")
        folder.mkfifo("pipe-without-extension")
        let result = try scan([folder.path])
        #expect(relatives(result) == ["photo.jpg"])
        #expect(result.issues.contains { $0.path.lastComponent.string == "pipe.jpg" && $0.reason == "not a regular file (fifo)" })
    }

    @Test func oddNamesAreJustNames() throws {
        let folder = TempFolder()
        let names: [[UInt8]] = [
            Array("new\nline.jpg".utf8), Array("$(reboot);.jpg".utf8), Array("-rf.jpg".utf8),
            Array("with space.jpg".utf8), Array("quote'\"`.jpg".utf8), [0xFF, UInt8(ascii: "."), UInt8(ascii: "j"), UInt8(ascii: "p"), UInt8(ascii: "g")],
        ]
        for name in names { folder.write(name, jpeg) }
        let result = try scan([folder.path])
        #expect(Set(result.entries.map(\.relative.bytes)) == Set(names))
        #expect(result.entries.allSatisfy { $0.info?.format == .jpeg && $0.probeError == nil })
    }

    @Test func candidatesByMagicOrByName() throws {
        let folder = TempFolder()
        folder.write("jpeg-named.png", jpeg)
        folder.write("no-extension", jpeg)
        folder.write("png.dat", Fixture.png(width: 8, height: 9))
        folder.write("notes.txt", Array("just text".utf8))
        folder.write("README", Array("BMW".utf8))
        folder.write("text-named.jpg", Array("not a photo at all".utf8))
        folder.write("empty.png", [])
        let result = try scan([folder.path])
        let byName = Dictionary(uniqueKeysWithValues: result.entries.map { ($0.relative.string, $0) })
        #expect(Set(byName.keys) == ["jpeg-named.png", "no-extension", "png.dat", "text-named.jpg", "empty.png"])
        #expect(byName["jpeg-named.png"]?.info?.format == .jpeg)
        #expect(byName["no-extension"]?.info?.format == .jpeg)
        #expect(byName["png.dat"]?.info?.pixelHeight == 9)
        // Looks like a photo by name but is not: an error tile with ratio 1.
        #expect(byName["text-named.jpg"]?.probeError == .unknownFormat)
        #expect(byName["text-named.jpg"]?.aspectRatio == 1)
        #expect(byName["empty.png"]?.probeError == .emptyFile)
    }

    @Test func orientationReachesTheEntry() throws {
        let folder = TempFolder()
        folder.write("turned.jpg", Fixture.jpeg(width: 400, height: 300, exif: Fixture.exifTIFF(orientation: 6)))
        let entry = try #require(try scan([folder.path]).entries.first)
        #expect(entry.info?.displayedWidth == 300)
        #expect(entry.aspectRatio == 400.0 / 300.0)
    }

    private func sortFolder() -> TempFolder {
        let folder = TempFolder()
        // name order a, b, c, d; sizes c < a < d < b; times d < b < a = c
        let files: [(String, Int, Int)] = [("a.jpg", 20, 3000), ("b.jpg", 40, 2000), ("c.jpg", 10, 3000), ("d.jpg", 30, 1000)]
        for (name, padding, time) in files {
            folder.write(name, jpeg + Array(repeating: 0, count: padding))
            folder.setModified(name, seconds: time)
        }
        return folder
    }

    @Test func sortOrders() throws {
        let folder = sortFolder()
        let name = try scan([folder.path], PhotoScanner(order: .name))
        #expect(relatives(name) == ["a.jpg", "b.jpg", "c.jpg", "d.jpg"])
        let size = try scan([folder.path], PhotoScanner(order: .size))
        #expect(relatives(size) == ["c.jpg", "a.jpg", "d.jpg", "b.jpg"])
        // Equal times fall back to the name order.
        let time = try scan([folder.path], PhotoScanner(order: .mtime))
        #expect(relatives(time) == ["d.jpg", "b.jpg", "a.jpg", "c.jpg"])
        #expect(time.entries.first?.mtime == FileTime(seconds: 1000, nanoseconds: 0))
        let reversed = try scan([folder.path], PhotoScanner(order: .mtime, reversed: true))
        #expect(relatives(reversed) == ["c.jpg", "a.jpg", "b.jpg", "d.jpg"])
        #expect(relatives(try scan([folder.path], PhotoScanner(order: .name, reversed: true))) == ["d.jpg", "c.jpg", "b.jpg", "a.jpg"])
    }

    @Test func modificationTimesCompareToTheNanosecond() throws {
        let folder = TempFolder()
        folder.write("a.jpg", jpeg)
        folder.write("b.jpg", jpeg)
        folder.setModified("a.jpg", seconds: 5000, nanoseconds: 900)
        folder.setModified("b.jpg", seconds: 5000, nanoseconds: 100)
        #expect(relatives(try scan([folder.path], PhotoScanner(order: .mtime))) == ["b.jpg", "a.jpg"])
    }

    @Test func randomOrderIsAFixedShuffle() throws {
        let folder = TempFolder()
        for i in 1...30 { folder.write("p\(i).jpg", jpeg) }
        let byName = relatives(try scan([folder.path]))
        let first = relatives(try scan([folder.path], PhotoScanner(order: .random(seed: 7))))
        let again = relatives(try scan([folder.path], PhotoScanner(order: .random(seed: 7))))
        let other = relatives(try scan([folder.path], PhotoScanner(order: .random(seed: 8))))
        let reversed = relatives(try scan([folder.path], PhotoScanner(order: .random(seed: 7), reversed: true)))
        #expect(first == again)
        #expect(first.sorted() == byName.sorted())
        #expect(first != byName)
        #expect(first != other)
        #expect(reversed == first.reversed())
    }

    @Test func randomOrderDoesNotReshuffleWhenAPhotoArrivesOrLeaves() throws {
        let folder = TempFolder()
        for i in 1...30 { folder.write("p\(i).jpg", jpeg) }
        let before = relatives(try scan([folder.path], PhotoScanner(order: .random(seed: 7))))
        folder.write("p31.jpg", jpeg)
        let arrived = relatives(try scan([folder.path], PhotoScanner(order: .random(seed: 7))))
        #expect(arrived.filter { $0 != "p31.jpg" } == before)
        folder.remove("p5.jpg")
        let left = relatives(try scan([folder.path], PhotoScanner(order: .random(seed: 7))))
        #expect(left == arrived.filter { $0 != "p5.jpg" })
    }

    @Test("reversed and shuffled walls still keep the command line's groups in order, each group on its own")
    func groupsKeepTheirOrderInEveryOrder() throws {
        let folder = TempFolder()
        for i in 1...8 { folder.write("b/\(i).jpg", jpeg) }
        for i in 1...8 { folder.write("a/\(i).jpg", jpeg) }
        let arguments = [folder.path("b"), folder.path("a")]
        for scanner in [PhotoScanner(order: .name, reversed: true), PhotoScanner(order: .random(seed: 3)),
                        PhotoScanner(order: .random(seed: 3), reversed: true)] {
            let result = try scan(arguments, scanner)
            #expect(result.entries.map(\.group) == Array(repeating: 0, count: 8) + Array(repeating: 1, count: 8))
            let plain = try scan(arguments, PhotoScanner(order: scanner.order))
            if scanner.reversed {
                // Each group is the exact reverse of its own plain order; the groups do not swap.
                #expect(relatives(result) == Array(relatives(plain)[0..<8].reversed()) + Array(relatives(plain)[8...].reversed()))
            }
        }
        #expect(relatives(try scan(arguments, PhotoScanner(order: .name, reversed: true))).prefix(3) == ["8.jpg", "7.jpg", "6.jpg"])
    }

    @Test func argumentsKeepTheirOrderAndFileRunsSortTogether() throws {
        let folder = TempFolder()
        folder.write("z-folder/2.jpg", jpeg)
        folder.write("z-folder/1.jpg", jpeg)
        folder.write("a-folder/1.jpg", jpeg)
        folder.write("IMG_10.jpg", jpeg)
        folder.write("IMG_9.jpg", jpeg)
        folder.write("IMG_1.jpg", jpeg)
        // As a shell expands IMG_*.jpg: collation order, not natural order.
        let arguments = [folder.path("z-folder"), folder.path("IMG_1.jpg"), folder.path("IMG_10.jpg"),
                         folder.path("IMG_9.jpg"), folder.path("a-folder")]
        let result = try scan(arguments)
        #expect(relatives(result) == ["1.jpg", "2.jpg", "IMG_1.jpg", "IMG_9.jpg", "IMG_10.jpg", "1.jpg"])
        #expect(result.entries.map(\.group) == [0, 0, 1, 1, 1, 2])
        #expect(result.entries.last?.path == folder.path("a-folder/1.jpg"))
    }

    @Test func relativeArgumentsBecomeAbsolutePaths() throws {
        let folder = TempFolder()
        folder.write("x/1.jpg", jpeg)
        // A detour through ".." and "." still names the same folder, cleaned as GLib does.
        let detour = PhotoPath(folder.path.string + "/x/../x/./")
        let entry = try #require(try scan([detour]).entries.first)
        #expect(entry.path == folder.path("x/1.jpg"))
        #expect(PhotoPath("a/./b/../c").absolute() == PhotoPath(bytes: PhotoPath.workingDirectory() + Array("/a/c".utf8)).absolute())
        #expect(PhotoPath("/../x//y/.").absolute() == PhotoPath("/x/y"))
    }

    @Test func missingArgumentIsAClearError() {
        let folder = TempFolder()
        let missing = folder.path("not-there")
        #expect(throws: ScanError.notFound(missing)) { try scan([folder.path, missing]) }
        #expect(ScanError.notFound(PhotoPath("photos")).description == "no such file or folder: photos")
    }

    @Test func namedFilesThatAreNoPhotosAreSkippedWithAReason() throws {
        let folder = TempFolder()
        folder.mkfifo("pipe")
        folder.write("notes.txt", Array("text".utf8))
        let result = try scan([folder.path("pipe"), PhotoPath("/dev/zero"), folder.path("notes.txt")])
        #expect(result.entries.isEmpty)
        #expect(result.issues.map(\.reason)
                == ["not a regular file or folder (fifo)", "not a regular file or folder (character device)", "not an image"])
    }

    @Test func emptyFolderGivesAnEmptyWall() throws {
        let folder = TempFolder()
        let result = try scan([folder.path])
        #expect(result.entries.isEmpty && result.issues.isEmpty)
    }

    @Test func progressCountsUpToTheTotal() throws {
        let folder = TempFolder()
        for i in 0..<150 { folder.write("p\(i).jpg", jpeg) }
        folder.write("notes.txt", [1])
        let reports = Reports()
        let result = try PhotoScanner().scan([folder.path]) { reports.add($0) }
        let all = reports.all
        let probing = all.filter { $0.phase == .probing }
        #expect(all.last == ScanProgress(phase: .probing, done: 151, total: 151))
        #expect(all.contains(ScanProgress(phase: .walking, done: 151, total: nil)))
        #expect(probing.map(\.done) == probing.map(\.done).sorted())
        #expect(result.entries.count == 150)
    }

    @Test func probingCanBeLeftOut() throws {
        let folder = TempFolder()
        folder.write("a.jpg", jpeg)
        folder.write("b", jpeg)
        folder.write("c", [1, 2, 3])
        let result = try scan([folder.path], PhotoScanner(probeHeaders: false))
        #expect(relatives(result) == ["a.jpg", "b"])
        #expect(result.entries.allSatisfy { $0.info == nil && $0.probeError == nil })
    }

    @Test func singleEntryForAFileThatArrives() throws {
        let folder = TempFolder()
        let path = folder.write("new.jpg", jpeg)
        folder.write("notes.txt", [1, 2, 3])
        folder.mkfifo("pipe.jpg")
        let scanner = PhotoScanner()
        let entry = try #require(scanner.entry(at: path, relative: PhotoPath("new.jpg"), group: 0))
        #expect(entry.info?.pixelWidth == 40)
        #expect(scanner.entry(at: folder.path("notes.txt"), relative: PhotoPath("notes.txt"), group: 0) == nil)
        #expect(scanner.entry(at: folder.path("pipe.jpg"), relative: PhotoPath("pipe.jpg"), group: 0) == nil)
    }
}

/// Collects progress reports from whichever thread sends them.
private final class Reports: Sendable {
    private let storage = Locked<[ScanProgress]>([])
    func add(_ report: ScanProgress) { storage.withLock { $0.append(report) } }
    var all: [ScanProgress] { storage.withLock { $0 } }
}

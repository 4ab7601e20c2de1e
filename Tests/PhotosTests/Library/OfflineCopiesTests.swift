import Foundation
import Testing
@testable import Photos
import Waterfall
@testable import TestSupport

@Suite("Offline copies of photos from network folders")
struct OfflineCopiesTests {
    /// A photo of one flat colour (B, G, R, A), so a copy decoded again can be told apart.
    static func image(_ width: Int, _ height: Int, blue: UInt8 = 40, green: UInt8 = 160, red: UInt8 = 220) -> DecodedImage {
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        for i in stride(from: 0, to: pixels.count, by: 4) { pixels[i] = blue; pixels[i + 1] = green; pixels[i + 2] = red }
        return DecodedImage(width: width, height: height, stride: width * 4, pixels: pixels)
    }

    static func files(in folder: PhotoPath) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.string)) ?? []).sorted()
    }

    /// Decodes a copy as the photo view does, and reads its centre pixel (B, G, R).
    static func centre(of copy: (path: PhotoPath, size: PixelSize)) throws -> [UInt8] {
        let file = try SafeFile.openForDecoding(copy.path)
        let image = try InProcessDecoder().decode(file, PhotoDecodeRequest(path: copy.path, format: .jpeg, storedSize: copy.size,
                                                                           box: copy.size, mode: .fit))
        let at = (image.height / 2) * image.stride + (image.width / 2) * 4
        return Array(image.pixels[at..<at + 3])
    }

    @Test("A kept photo comes back as its copy, after a restart too, in the photo's colours")
    func keepAndRestart() throws {
        let temp = TempFolder()
        let photo = PhotoPath("/mnt/nas/photos/a.jpg")
        OfflineCopies(folder: temp.path("offline"), capacity: 1 << 20)
            .keep(Self.image(64, 48), for: photo, stamp: FileStamp(mtime: 100, size: 5000))
        let restarted = OfflineCopies(folder: temp.path("offline"), capacity: 1 << 20)
        let copy = try #require(restarted.copy(for: photo))
        #expect(copy.size == PixelSize(width: 64, height: 48))
        let bgr = try Self.centre(of: copy)
        #expect(abs(Int(bgr[0]) - 40) <= 6 && abs(Int(bgr[1]) - 160) <= 6 && abs(Int(bgr[2]) - 220) <= 6, "centre \(bgr)")
        #expect(restarted.copy(for: PhotoPath("/mnt/nas/photos/b.jpg")) == nil)
    }

    @Test("A newer version of a photo replaces its copy; the same version is not written again")
    func newerVersion() throws {
        let temp = TempFolder()
        let copies = OfflineCopies(folder: temp.path("offline"), capacity: 1 << 20)
        let photo = PhotoPath("/mnt/nas/a.jpg")
        copies.keep(Self.image(32, 32), for: photo, stamp: FileStamp(mtime: 1, size: 10))
        let first = Self.files(in: copies.folder)
        copies.keep(Self.image(32, 32, blue: 200), for: photo, stamp: FileStamp(mtime: 1, size: 10))
        #expect(Self.files(in: copies.folder) == first)
        #expect(try Self.centre(of: #require(copies.copy(for: photo)))[0] < 100, "the same version was rewritten")
        copies.keep(Self.image(32, 32, blue: 200), for: photo, stamp: FileStamp(mtime: 2, size: 10))
        #expect(Self.files(in: copies.folder).count == 1)
        #expect(try Self.centre(of: #require(copies.copy(for: photo)))[0] > 150)
    }

    @Test("Past the capacity, the copies used longest ago go first; a use counts as shown")
    func eviction() throws {
        let temp = TempFolder()
        let one = Self.image(96, 96)
        let probe = OfflineCopies(folder: temp.path("probe"), capacity: 1 << 20)
        probe.keep(one, for: PhotoPath("/p"), stamp: FileStamp(mtime: 1, size: 1))
        let size = probe.usage.bytes
        // Room for three copies, not four.
        let copies = OfflineCopies(folder: temp.path("offline"), capacity: size * 3 + size / 2)
        let photos = (0..<3).map { PhotoPath("/mnt/nas/\($0).jpg") }
        for (index, photo) in photos.enumerated() {
            copies.keep(one, for: photo, stamp: FileStamp(mtime: Int64(index), size: 1))
            try Self.age(copies, photo, secondsAgo: 100 - index * 10)
        }
        // 0 was kept first but shown since: 1 is now the one used longest ago.
        _ = copies.copy(for: photos[0])
        copies.keep(one, for: PhotoPath("/mnt/nas/3.jpg"), stamp: FileStamp(mtime: 3, size: 1))
        #expect(copies.copy(for: photos[1]) == nil)
        #expect(copies.copy(for: photos[0]) != nil && copies.copy(for: photos[2]) != nil)
        #expect(copies.usage.count == 3 && copies.usage.bytes <= copies.capacity)
        // The order is the files' times: a restart evicts the same way.
        let restarted = OfflineCopies(folder: temp.path("offline"), capacity: copies.capacity)
        #expect(restarted.usage.count == 3)
    }

    @Test("A write killed half-way is never shown and is cleared at the next start")
    func killedWrite() throws {
        let temp = TempFolder()
        let folder = temp.path("offline")
        let copies = OfflineCopies(folder: folder, capacity: 1 << 20)
        let photo = PhotoPath("/mnt/nas/a.jpg")
        copies.keep(Self.image(16, 16), for: photo, stamp: FileStamp(mtime: 1, size: 1))
        let kept = try #require(Self.files(in: folder).first)
        // What a kill leaves: the next version's temporary file, half written.
        let key = kept.split(separator: "-")[0]
        temp.write("offline/.partial-999-\(key)-2-1-16x16.jpg", [0xFF, 0xD8, 0xFF])
        let restarted = OfflineCopies(folder: folder, capacity: 1 << 20)
        let copy = try #require(restarted.copy(for: photo))
        #expect(copy.path.string.hasSuffix(kept))
        #expect(Self.files(in: folder) == [kept])
    }

    @Test("An unwritable folder costs the copy, never the photo")
    func unwritable() {
        let copies = OfflineCopies(folder: PhotoPath("/proc/cascade-offline"), capacity: 1 << 20)
        copies.keep(Self.image(8, 8), for: PhotoPath("/mnt/nas/a.jpg"), stamp: FileStamp(mtime: 1, size: 1))
        #expect(copies.copy(for: PhotoPath("/mnt/nas/a.jpg")) == nil)
    }

    @Test("Kept and read from many threads at once, every copy is whole and its photo's, the usage is the folder's")
    func manyThreads() async throws {
        let temp = TempFolder()
        let log = LogRecorder()
        let copies = OfflineCopies(folder: temp.path("offline"), capacity: 1 << 24, logger: log.logger)
        let photos = (0..<6).map { PhotoPath("/mnt/nas/\($0).jpg") }
        // The photo view, the slideshow and their prefetches keep and read copies on decode
        // threads of their own, the same photo on several at once: each photo here is kept by
        // several tasks side by side, while others read the copies and the usage.
        await withTaskGroup(of: Void.self) { group in
            for (i, photo) in photos.enumerated() {
                for _ in 0..<8 {
                    group.addTask {
                        copies.keep(Self.image(160, 120, blue: UInt8(i * 40)), for: photo, stamp: FileStamp(mtime: 1, size: Int64(i + 1)))
                        _ = copies.copy(for: photos[(i + 1) % photos.count])
                        _ = copies.usage
                    }
                }
            }
        }
        #expect(log.messages.isEmpty, "\(log.messages)")
        for (i, photo) in photos.enumerated() {
            let copy = try #require(copies.copy(for: photo), "no copy of \(photo.string)")
            let bgr = try Self.centre(of: copy)
            #expect(abs(Int(bgr[0]) - i * 40) <= 6 && abs(Int(bgr[1]) - 160) <= 6, "\(photo.string)'s copy shows \(bgr)")
        }
        // One file a photo, nothing half-written left, and the count and bytes are the folder's.
        let files = Self.files(in: copies.folder)
        #expect(files.count == photos.count && !files.contains { $0.hasPrefix(".") }, "\(files)")
        let bytes = files.reduce(0) { sum, name in
            sum + ((try? FileManager.default.attributesOfItem(atPath: copies.folder.string + "/" + name)[.size] as? Int) ?? 0)
        }
        #expect(copies.usage.count == photos.count && copies.usage.bytes == bytes, "usage \(copies.usage), on disk \(bytes) bytes")
    }

    /// Sets a copy's last use `secondsAgo` back, as if it had been kept then.
    static func age(_ copies: OfflineCopies, _ photo: PhotoPath, secondsAgo: Int) throws {
        let copy = try #require(copies.copy(for: photo))
        var times = [timespec](repeating: timespec(tv_sec: Int(Date().timeIntervalSince1970) - secondsAgo, tv_nsec: 0), count: 2)
        _ = copy.path.withCString { utimensat(AT_FDCWD, $0, &times, 0) }
        copies.forgetLoaded()
    }
}

@Suite("Which folders are on a network")
struct MountKindTests {
    @Test("NFS, SMB, CIFS and FUSE mounts are network folders; ext4, tmpfs and 9p are not")
    func kinds() {
        #expect(MountKind(fileSystemType: 0x6969) == .network("NFS"))
        #expect(MountKind(fileSystemType: 0xFE53_4D42) == .network("SMB"))
        #expect(MountKind(fileSystemType: 0xFF53_4D42) == .network("CIFS"))
        #expect(MountKind(fileSystemType: 0x6573_5546) == .network("FUSE"))
        // f_type is a signed long: the SMB2 magic read as a negative 32-bit number.
        #expect(MountKind(fileSystemType: Int(Int32(bitPattern: 0xFE53_4D42))) == .network("SMB"))
        #expect(MountKind(fileSystemType: 0xEF53) == .local)        // ext4
        #expect(MountKind(fileSystemType: 0x0102_1994) == .local)   // tmpfs
        #expect(MountKind(fileSystemType: 0x0102_1997) == .local)   // 9p, a virtual machine's host share
    }

    @Test("A local folder is local; a missing one cannot be told")
    func onDisk() {
        let temp = TempFolder()
        #expect(MountKind.of(temp.path)?.isNetwork == false)
        #expect(MountKind.of(temp.path("missing/photo.jpg")) == nil)
    }
}

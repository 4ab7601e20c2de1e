import Testing
@testable import Photos

@Suite("Photo entries") struct PhotoEntryTests {
    private func entry(path: String, relative: String, probeError: ProbeError? = nil) -> PhotoEntry {
        PhotoEntry(path: PhotoPath(path), relative: PhotoPath(relative), group: 2,
                   mtime: FileTime(seconds: 10, nanoseconds: 5), fileSize: 99, fileID: FileID(device: 1, inode: 2),
                   info: PhotoInfo(format: .jpeg, pixelWidth: 4000, pixelHeight: 3000, orientation: .right),
                   probeError: probeError)
    }

    @Test("an entry keeps its relative path whether or not it is the tail of its absolute path")
    func relativePathRoundTrips() {
        let tail = entry(path: "/photos/2024/a.jpg", relative: "2024/a.jpg")
        let apart = entry(path: "/photos/2024/a.jpg", relative: "elsewhere/a.jpg")
        let whole = entry(path: "/a.jpg", relative: "/a.jpg")
        #expect(tail.relative == PhotoPath("2024/a.jpg"))
        #expect(apart.relative == PhotoPath("elsewhere/a.jpg"))
        #expect(whole.relative == PhotoPath("/a.jpg"))
        #expect(tail != apart)
        #expect(tail == entry(path: "/photos/2024/a.jpg", relative: "2024/a.jpg"))
        #expect(Set([tail, apart, tail]).count == 2)
        #expect(tail.group == 2 && tail.info?.pixelWidth == 4000 && tail.info?.displayedWidth == 3000)
    }

    @Test("a header error is kept and can be cleared")
    func probeErrorRoundTrips() {
        var broken = entry(path: "/p/x.png", relative: "x.png", probeError: .truncated(.png))
        #expect(broken.probeError == .truncated(.png))
        #expect(broken != entry(path: "/p/x.png", relative: "x.png"))
        broken.probeError = nil
        #expect(broken == entry(path: "/p/x.png", relative: "x.png"))
    }

    @Test("an entry stays at 80 bytes: a 100,000-photo wall holds two or three copies at once")
    func entryIsSmall() {
        #expect(MemoryLayout<PhotoEntry>.stride <= 80)
    }
}

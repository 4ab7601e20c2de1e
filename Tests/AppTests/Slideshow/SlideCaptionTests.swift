import Testing
@testable import App
import Photos

@Suite("The slideshow caption")
struct SlideCaptionTests {
    func entry(_ path: String, relative: String) -> PhotoEntry {
        PhotoEntry(path: PhotoPath(path), relative: PhotoPath(relative), group: 0,
                   mtime: FileTime(seconds: 0, nanoseconds: 0), fileSize: 1, fileID: FileID(device: 1, inode: 1))
    }

    @Test("folder is the path from the library's root, as a camera library is sorted: 2019/07, not 07")
    func folderFromRoot() {
        let photo = entry("/home/ann/Pictures/2019/07/IMG_0001.jpg", relative: "2019/07/IMG_0001.jpg")
        #expect(SlideCaption.line(for: photo, exif: nil, captions: [.folder]) == "2019/07")
    }

    @Test("a photo directly in the root is captioned with the root's name")
    func folderAtRoot() {
        let photo = entry("/home/ann/Pictures/IMG_0001.jpg", relative: "IMG_0001.jpg")
        #expect(SlideCaption.line(for: photo, exif: nil, captions: [.folder, .name]) == "Pictures  ·  IMG_0001.jpg")
    }

    @Test("a photo without a date taken shows no date, not its file's (the day it was copied)")
    func noDateTaken() {
        let photo = entry("/home/ann/Pictures/IMG_0001.jpg", relative: "IMG_0001.jpg")
        #expect(SlideCaption.line(for: photo, exif: nil, captions: [.date, .name]) == "IMG_0001.jpg")
        #expect(SlideCaption.line(for: photo, exif: nil, captions: [.date]) == "")
    }
}

import Testing
@testable import Photos

@Suite struct FormatSniffingTests {
    @Test func signatures() {
        #expect(ImageFormat.sniff(Fixture.jpeg(width: 1, height: 1)) == .jpeg)
        #expect(ImageFormat.sniff(Fixture.png(width: 1, height: 1)) == .png)
        #expect(ImageFormat.sniff(Fixture.riff([Fixture.vp8lChunk(width: 1, height: 1)])) == .webp)
        #expect(ImageFormat.sniff(Array("GIF87a".utf8) + [1, 0, 1, 0]) == .gif)
        #expect(ImageFormat.sniff(Fixture.gif(width: 1, height: 1)) == .gif)
        #expect(ImageFormat.sniff(Fixture.bmp(width: 1, height: 1)) == .bmp)
        #expect(ImageFormat.sniff(Fixture.tiff(width: 1, height: 1)) == .tiff)
        #expect(ImageFormat.sniff(Fixture.tiff(width: 1, height: 1, bigEndian: true)) == .tiff)
    }

    @Test func lookalikesAreNotImages() {
        #expect(ImageFormat.sniff([]) == nil)
        #expect(ImageFormat.sniff([0xFF, 0xD8]) == nil)
        // "BM" starts plenty of text files; without a known info-header size it is not a bitmap.
        #expect(ImageFormat.sniff(Array("BMW owners club minutes, 2024".utf8)) == nil)
        // A RIFF that is not WebP: a WAV file.
        #expect(ImageFormat.sniff(Array("RIFF\u{24}\0\0\0WAVEfmt ".utf8)) == nil)
        #expect(ImageFormat.sniff(Array("GIF90a".utf8)) == nil)
        #expect(ImageFormat.sniff(Array("%PDF-1.7".utf8)) == nil)
    }

    @Test(arguments: [
        ("a.jpg", ImageFormat.jpeg), ("B.JPEG", .jpeg), ("c.Jpe", .jpeg), ("d.png", .png), ("e.WebP", .webp),
        ("f.gif", .gif), ("g.BMP", .bmp), ("h.tif", .tiff), ("i.TIFF", .tiff), ("dir.d/j.jpg", .jpeg),
    ])
    func imageExtensions(name: String, format: ImageFormat) {
        #expect(ImageFormat(fileExtensionOf: PhotoPath(name)) == format)
    }

    @Test(arguments: ["notes.txt", "README", "photo.jpg.txt", "folder.jpg/notes", ".jpg", "x.jpgg", "movie.mp4"])
    func otherNamesAreNotImages(name: String) {
        #expect(ImageFormat(fileExtensionOf: PhotoPath(name)) == nil)
    }
}

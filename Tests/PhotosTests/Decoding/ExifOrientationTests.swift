import Testing
@testable import Photos

@Suite struct ExifOrientationTests {
    @Test(arguments: Orientation.allCases, [false, true])
    func jpegOrientation(orientation: Orientation, bigEndian: Bool) throws {
        let exif = Fixture.exifTIFF(orientation: orientation.rawValue, bigEndian: bigEndian)
        let info = try HeaderProbe.probe(bytes: Fixture.jpeg(width: 400, height: 300, exif: exif))
        #expect(info.orientation == orientation)
        #expect(info.pixelWidth == 400 && info.pixelHeight == 300)
        // 5–8 turn a quarter: the wall lays the photo out with its sides swapped.
        let swapped = orientation.rawValue >= 5
        #expect(info.displayedWidth == (swapped ? 300 : 400))
        #expect(info.displayedHeight == (swapped ? 400 : 300))
    }

    @Test(arguments: Orientation.allCases)
    func pngExifChunk(orientation: Orientation) throws {
        let exif = Fixture.exifTIFF(orientation: orientation.rawValue, bigEndian: true)
        let info = try HeaderProbe.probe(bytes: Fixture.png(width: 40, height: 30, exif: exif))
        #expect(info.orientation == orientation)
    }

    @Test func pngExifAfterTheImageDataIsIgnored() throws {
        // The PNG specification puts eXIf before IDAT; decoders ignore it after.
        let exif = Fixture.exifTIFF(orientation: 6)
        let info = try HeaderProbe.probe(bytes: Fixture.png(width: 40, height: 30, exif: exif, exifAfterData: true))
        #expect(info.orientation == .up)
    }

    @Test(arguments: Orientation.allCases)
    func webpExifChunk(orientation: Orientation) throws {
        let exif = Fixture.exifTIFF(orientation: orientation.rawValue)
        let info = try HeaderProbe.probe(bytes: Fixture.webpWithExif(width: 40, height: 30, exif: exif))
        #expect(info.orientation == orientation)
        #expect(info.pixelWidth == 40 && info.pixelHeight == 30)
    }

    @Test func webpExifWithAJpegStyleHeaderIsRead() throws {
        let exif = Fixture.exifPayload(Fixture.exifTIFF(orientation: 8))
        #expect(try HeaderProbe.probe(bytes: Fixture.webpWithExif(width: 40, height: 30, exif: exif)).orientation == .left)
    }

    @Test func webpExifBeyondTheFirstReadIsFound() throws {
        // A large bitstream chunk puts EXIF far into the file, where writers place it.
        let bytes = Fixture.riff([
            Fixture.vp8xChunk(width: 40, height: 30, flags: 0x08), Fixture.vp8lChunk(width: 40, height: 30),
            Fixture.riffChunk("XTRA", Array(repeating: 1, count: 100_001)),
            Fixture.riffChunk("EXIF", Fixture.exifTIFF(orientation: 5)),
        ])
        let folder = TempFolder()
        #expect(try HeaderProbe.probe(folder.write("late-exif.webp", bytes)).orientation == .leftMirrored)
    }

    @Test(arguments: [0, 9, 65535])
    func invalidValuesMeanUp(value: Int) throws {
        let info = try HeaderProbe.probe(bytes: Fixture.jpeg(width: 400, height: 300, exif: Fixture.exifTIFF(orientation: value)))
        #expect(info.orientation == .up)
        #expect(info.displayedWidth == 400)
    }

    @Test func wrongTypeMeansUp() throws {
        // Orientation as ASCII text: not a number, so not an orientation.
        let exif = Fixture.exifTIFF(orientation: 0x3600, type: 2, count: 2)
        #expect(try HeaderProbe.probe(bytes: Fixture.jpeg(width: 4, height: 3, exif: exif)).orientation == .up)
    }

    @Test func truncatedExifMeansUp() throws {
        let whole = Fixture.exifTIFF(orientation: 6)
        for cut in 0..<whole.count - 6 {  // up to the value itself
            let info = try HeaderProbe.probe(bytes: Fixture.jpeg(width: 4, height: 3, exif: Array(whole.prefix(cut))))
            #expect(info.orientation == .up)
            #expect(info.pixelWidth == 4)
        }
    }

    @Test func offsetLoopsEnd() throws {
        // IFD0 links to itself as its next IFD and as its EXIF sub-IFD.
        var tiff: [UInt8] = []
        tiff.ascii("II"); tiff.le16(42); tiff.le32(8)
        tiff.le16(1)
        tiff.le16(0x8769); tiff.le16(4); tiff.le32(1); tiff.le32(8)  // ExifIFDPointer → IFD0
        tiff.le32(8)                                                  // next IFD → IFD0
        let info = try HeaderProbe.probe(bytes: Fixture.jpeg(width: 4, height: 3, exif: tiff))
        #expect(info.orientation == .up)
        #expect(info.pixelWidth == 4)
    }

    @Test func absurdCountsAreSurvived() throws {
        // A value claiming four billion entries, stored at an offset far outside the block.
        var huge = Fixture.exifTIFF(orientation: 6, count: 0xFFFF_FFFF)
        huge[18...21] = [0xF0, 0xFF, 0xFF, 0x7F]
        // An IFD claiming 65535 entries in a block that holds one.
        var many = Fixture.exifTIFF(orientation: 6)
        many[8...9] = [0xFF, 0xFF]
        // IFD0 said to start far beyond the end.
        var farAway = Fixture.exifTIFF(orientation: 6)
        farAway[4...7] = [0xFF, 0xFF, 0xFF, 0x7F]
        for tiff in [huge, farAway] {
            let info = try HeaderProbe.probe(bytes: Fixture.jpeg(width: 4, height: 3, exif: tiff))
            #expect(info.orientation == .up)
        }
        // libexif reads the entries that fit, so the one real entry still counts.
        let info = try HeaderProbe.probe(bytes: Fixture.jpeg(width: 4, height: 3, exif: many))
        #expect(info.orientation == .right)
    }

    @Test func oversizedExifBlockIsCappedAndStillRead() {
        // A PNG eXIf chunk larger than the cap: the orientation at its start is still found.
        var exif = Fixture.exifTIFF(orientation: 7)
        exif += Array(repeating: 0, count: ExifOrientation.maximumBlockSize * 2)
        #expect(ExifOrientation.read(tiffBlock: exif) == .rightMirrored)
    }

    @Test func onlyTheFirstExifSegmentCounts() throws {
        let second = Fixture.segment(0xE1, Fixture.exifPayload(Fixture.exifTIFF(orientation: 3)))
        let bytes = Fixture.jpeg(width: 4, height: 3, exif: Fixture.exifTIFF(orientation: 6), before: [second])
        #expect(try HeaderProbe.probe(bytes: bytes).orientation == .right)
    }
}

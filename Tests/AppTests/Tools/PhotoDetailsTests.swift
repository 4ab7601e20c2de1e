import Foundation
import Testing
import Photos
@testable import TestSupport

/// What the info panel reads from a photo file: size, pixels, format, and the EXIF summary
/// from libexif — from a block written the way cameras write it.
@Suite("photo details and EXIF")
struct PhotoDetailsTests {
    @Test("date, camera, lens, exposure and GPS come out of a camera's EXIF block as people write them")
    func summary() {
        let exif = ExifSummary(exifBlock: ExifFixture().block)
        #expect(exif.dateTaken == "2024-05-01 12:34:56")
        #expect(exif.camera == "Canon EOS R5", "the make is not said twice")
        #expect(exif.lens == "RF24-70mm F2.8 L IS USM")
        #expect(exif.exposure == "1/250 s  f/2.8  ISO 200  35 mm")
        #expect(exif.place == "48.85830° N, 2.29450° E")

        var south = ExifFixture()
        south.make = "NIKON CORPORATION"
        south.model = "D850"
        south.exposure = (2, 1)
        south.gps = ([(33, 1), (52, 1), (0, 1)], false, [(151, 1), (12, 1), (36, 1)], true)
        let other = ExifSummary(exifBlock: south.block)
        #expect(other.camera == "NIKON CORPORATION D850")
        #expect(other.shutter == "2 s")
        #expect(other.place == "33.86667° S, 151.21000° E")
    }

    @Test("a broken or hostile block gives what it can, never a crash or an invented value")
    func brokenBlocks() {
        let block = ExifFixture().block
        for length in [0, 6, 10, 14, 40, block.count / 2, block.count - 3] {
            let partial = ExifSummary(exifBlock: Array(block.prefix(length)))
            #expect(partial.latitude == nil || partial.latitude == ExifSummary(exifBlock: block).latitude)
        }
        var noGPS = ExifFixture()
        noGPS.gps = nil
        #expect(ExifSummary(exifBlock: noGPS.block).place == nil)
        var zero = ExifFixture()
        zero.fNumber = (28, 0)
        #expect(ExifSummary(exifBlock: zero.block).aperture == nil, "a zero denominator is not infinity")
        #expect(ExifSummary(exifBlock: Array(repeating: 0xFF, count: 4096)).isEmpty)
    }

    @Test("a JPEG file: its size on disk, pixels, format and EXIF, through the probe's bounded reads")
    func jpegFile() throws {
        let folder = try PhotoFolder()
        let plain = try folder.photo("plain.jpg", width: 320, height: 200, colour: "#336699")
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: plain)))
        let withExif = try folder.write("exif.jpg", ExifFixture().inserted(into: bytes))
        let details = try PhotoDetails.read(PhotoPath(withExif))
        #expect(details.fileSize == Int64(ExifFixture().inserted(into: bytes).count))
        #expect(details.format == .jpeg)
        #expect(details.pixelWidth == 320 && details.pixelHeight == 200)
        #expect(details.exif.camera == "Canon EOS R5")
        #expect(details.problem == nil)

        let none = try PhotoDetails.read(PhotoPath(plain))
        #expect(none.exif.isEmpty)
        let garbage = try folder.write("garbage.jpg", [0xFF, 0xD8, 0xFF, 0xE0, 0, 2] + Array(repeating: 0x41, count: 50))
        let broken = try PhotoDetails.read(PhotoPath(garbage))
        #expect(broken.problem != nil && broken.format == nil)
        #expect(PhotoDetails.readableSize(1_234_567) == "1.2 MB")
        #expect(PhotoDetails.readableSize(999) == "999 bytes")
    }
}

import Foundation
import Photos
@testable import TestSupport
import XCTest
@testable import Immich

/// Immich's metadata written into a cached preview is read back by cascade's own EXIF reader,
/// as a camera's would be: the captions and the `i` panel cannot tell an Immich photo from a
/// local one.
final class ImmichExifTests: XCTestCase {
    private let exif = ImmichExif(make: "Canon", model: "Canon EOS R5", lensModel: "RF24-70mm F2.8 L IS USM", exposureTime: "1/250",
                                  fNumber: 2.8, iso: 200, focalLength: 35, latitude: 45.764, longitude: -4.8357,
                                  description: "Grandma's garden")

    func testEveryFieldIsReadBack() throws {
        let taken = try XCTUnwrap(ImmichDate.parse("2019-07-14T16:05:09.000Z"))
        let block = try XCTUnwrap(exif.block(taken: taken))
        XCTAssertEqual(Array(block.prefix(6)), Array("Exif\0\0".utf8))
        let read = ExifSummary(exifBlock: block)
        XCTAssertEqual(read.dateTaken, "2019-07-14 16:05:09")
        XCTAssertEqual(read.camera, "Canon EOS R5")
        XCTAssertEqual(read.lens, "RF24-70mm F2.8 L IS USM")
        XCTAssertEqual(read.exposure, "1/250 s  f/2.8  ISO 200  35 mm")
        XCTAssertEqual(read.description, "Grandma's garden")
        XCTAssertEqual(try XCTUnwrap(read.latitude), 45.764, accuracy: 1e-5)
        XCTAssertEqual(try XCTUnwrap(read.longitude), -4.8357, accuracy: 1e-5)
    }

    func testNothingKnownIsNoBlockAndTheDateAloneIsOne() throws {
        XCTAssertNil(ImmichExif().block(taken: nil))
        let block = try XCTUnwrap(ImmichExif().block(taken: Date(timeIntervalSince1970: 0)))
        XCTAssertEqual(ExifSummary(exifBlock: block).dateTaken, "1970-01-01 00:00:00")
        // Null island and impossible positions are no position.
        XCTAssertNil(ExifSummary(exifBlock: ImmichExif(latitude: 0, longitude: 0).block(taken: Date()) ?? []).latitude)
        XCTAssertNil(ExifSummary(exifBlock: ImmichExif(latitude: 95, longitude: 10).block(taken: Date()) ?? []).latitude)
    }

    func testTheBlockGoesIntoTheJPEGWhereAReaderFindsItAndThePhotoStaysUpright() throws {
        let folder = try PhotoFolder()
        let preview = try folder.photo("preview.jpg", width: 64, height: 48, colour: "#336699")
        let jpeg = try XCTUnwrap(ImmichJPEG.inserting(try XCTUnwrap(exif.block(taken: Date(timeIntervalSince1970: 1_563_120_309))),
                                                      into: Array(try Data(contentsOf: URL(fileURLWithPath: preview)))))
        let enriched = folder.path + "/enriched.jpg"
        try Data(jpeg).write(to: URL(fileURLWithPath: enriched))
        let details = try PhotoDetails.read(PhotoPath(enriched))
        XCTAssertEqual(details.exif.camera, "Canon EOS R5")
        XCTAssertEqual(details.exif.dateTaken, "2019-07-14 16:05:09")
        XCTAssertEqual(details.pixelWidth, 64, "no Orientation tag turned it")
        XCTAssertEqual(details.pixelHeight, 48)
        XCTAssertNil(ImmichJPEG.inserting([1, 2, 3], into: Array("RIFF....WEBP".utf8)), "a WebP preview is left alone")
    }
}

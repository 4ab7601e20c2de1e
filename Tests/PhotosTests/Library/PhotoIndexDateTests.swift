import Foundation
import Testing
import Kiosk
@testable import Photos
@testable import TestSupport

/// The date taken kept in the photo index: ordering a library by date needs no file read, and
/// an index made before dates were kept keeps its wall and slideshow rounds.
@Suite struct PhotoIndexDateTests {
    private func library() -> TempFolder {
        let photos = TempFolder()
        var exif = ExifFixture()
        exif.dateTaken = "2019:08:07 06:05:04"
        exif.offsetTaken = "-04:00"
        photos.write("offset.jpg", Fixture.jpeg(width: 40, height: 30, exif: Array(exif.block.dropFirst(6))))
        exif.offsetTaken = nil
        photos.write("local.jpg", Fixture.jpeg(width: 40, height: 30, exif: Array(exif.block.dropFirst(6))))
        photos.write("none.jpg", Fixture.jpeg(width: 40, height: 30))
        return photos
    }

    /// The library scanned in `order` and saved in a new index.
    private func saved(in order: Photos.SortOrder) throws -> (photos: TempFolder, file: PhotoPath, scanned: [PhotoEntry], key: WallKey) {
        let photos = library()
        let file = TempFolder().path("cascade/library.sqlite3")
        let scanned = try PhotoScanner(order: order).scan([photos.path]).entries
        let key = WallKey(paths: [photos.path], order: order, reversed: false)
        try PhotoIndex(file: file, log: LogRecorder().logger).save(scanned, for: key)
        return (photos, file, scanned, key)
    }

    @Test func datesWithAndWithoutOffsetAndTheirAbsenceRoundTrip() throws {
        let (_, file, scanned, key) = try saved(in: .date)
        #expect(Set(scanned.map(\.taken.source)) == [.exifWithOffset, .exifLocal, .fileTime])
        let back = try PhotoIndex(file: file, log: LogRecorder().logger).wall(for: key)
        #expect(back == scanned)
        #expect(back.map(\.taken) == scanned.map(\.taken))
    }

    @Test func aDateThatMakesNoSenseIsReadAgainNotBelieved() throws {
        let (photos, file, scanned, key) = try saved(in: .name)
        try SQLiteFile.execute("UPDATE entry SET taken_s = 9223372036854775807, taken_offset = 99999", in: file.string)
        let index = try PhotoIndex(file: file, log: LogRecorder().logger)
        let back = try index.wall(for: key)
        #expect(back.count == 3 && back.allSatisfy { $0.info?.taken == .notRead })
        let rescanned = try PhotoScanner().scan([photos.path], known: KnownHeaders(of: back)).entries
        #expect(rescanned.map(\.taken) == scanned.map(\.taken))
    }

    @Test func anIndexOfTheVersionBeforeDatesKeepsItsWallAndRoundsAndGainsDatesAtTheNextScan() throws {
        let photos = library()
        let file = TempFolder().path("cascade/library.sqlite3")
        let scanned = try PhotoScanner().scan([photos.path]).entries
        let key = WallKey(paths: [photos.path], order: .name, reversed: false)
        let roundKey = Array("slideshow|fair".utf8)
        var shuffle = FairShuffle(photos: scanned.map(\.path), seed: 7)
        _ = shuffle.next()
        do {
            let index = try PhotoIndex(file: file, log: LogRecorder().logger)
            try index.save(scanned, for: key)
            try index.save(shuffle, for: roundKey)
        }
        // The file as version 3 left it: the same tables without the date columns.
        try SQLiteFile.execute("""
            ALTER TABLE entry DROP COLUMN taken_read; ALTER TABLE entry DROP COLUMN taken_s;
            ALTER TABLE entry DROP COLUMN taken_offset; PRAGMA user_version = 3;
            """, in: file.string)

        let log = LogRecorder()
        let index = try PhotoIndex(file: file, log: log.logger)
        #expect(!log.messages.contains { $0.contains("damaged") })
        let back = try index.wall(for: key)
        #expect(back.map(\.path) == scanned.map(\.path))
        #expect(back.map { $0.info?.storedSize } == scanned.map { $0.info?.storedSize }, "the wall shows at once, laid out")
        #expect(back.allSatisfy { $0.info?.taken == .notRead })
        let round = try #require(try index.shuffle(for: roundKey))
        #expect(round.round == shuffle.round && round.position == shuffle.position)

        let rescanned = try PhotoScanner().scan([photos.path], known: KnownHeaders(of: back)).entries
        #expect(rescanned.map(\.taken) == scanned.map(\.taken), "the dates are read at the next scan")
        try index.save(rescanned, for: key)
        #expect(try PhotoIndex(file: file, log: LogRecorder().logger).wall(for: key) == scanned)
    }
}

import Testing
import Waterfall
@testable import Photos
@testable import TestSupport
import Kiosk

@Suite struct PhotoIndexShuffleTests {
    @Test("a saved round comes back after a reopen, any bytes in its paths; a step saves the place alone")
    func roundTrip() throws {
        let cache = TempFolder()
        let file = cache.path("cascade/library.sqlite3")
        let photos = ["/srv/a.jpg", "/srv/b c.jpg", "/srv/ü.png"].map { PhotoPath($0) } + [PhotoPath(bytes: [0x2F, 0xFF, 0x0A])]
        var shuffle = FairShuffle(photos: photos, seed: 42)
        _ = shuffle.next(); _ = shuffle.next()
        let key = Array("slideshow|fair".utf8) + [0] + Array("/srv".utf8)
        let index = try PhotoIndex(file: file, log: LogRecorder().logger)
        #expect(try index.shuffle(for: key) == nil)
        #expect(try index.savePosition(1, for: key) == false, "no round saved yet: the place alone cannot be")
        try index.save(shuffle, for: key)
        #expect(try index.savePosition(2, for: key))

        let reopened = try PhotoIndex(file: file, log: LogRecorder().logger)
        let back = try #require(try reopened.shuffle(for: key))
        #expect(back.round == shuffle.round && back.position == 2 && back.roundNumber == 1 && back.seed == 42)
        #expect(try reopened.shuffle(for: key + [1]) == nil)
    }

    @Test("a damaged saved round is reported once, deleted, and the next read finds none",
          arguments: [
              "round = 9223372036854775807", "round = 0", "position = 7", "position = -2",
              "photos = CAST('/srv/a.jpg' || char(0) || '/srv/a.jpg' AS BLOB)", "round = 'many'", "photos = NULL",
          ])
    func damagedRound(change: String) throws {
        let cache = TempFolder()
        let file = cache.path("cascade/library.sqlite3")
        let key = Array("slideshow|fair".utf8) + [0] + Array("/srv".utf8)
        let shuffle = FairShuffle(photos: ["/srv/a.jpg", "/srv/b.jpg"].map { PhotoPath($0) }, seed: 42)
        try PhotoIndex(file: file, log: LogRecorder().logger).save(shuffle, for: key)
        // NOT NULL holds for a row written by SQL, so a NULL comes in through a table rebuilt without it.
        if change.hasSuffix("NULL") {
            try SQLiteFile.execute("""
                CREATE TABLE s2 (key BLOB PRIMARY KEY, seed INTEGER NOT NULL, round INTEGER NOT NULL, position INTEGER NOT NULL, photos BLOB) WITHOUT ROWID;
                INSERT INTO s2 SELECT * FROM shuffle; DROP TABLE shuffle; ALTER TABLE s2 RENAME TO shuffle;
                """, in: file.string)
        }
        try SQLiteFile.execute("UPDATE shuffle SET \(change)", in: file.string)

        let index = try PhotoIndex(file: file, log: LogRecorder().logger)
        #expect {
            _ = try index.shuffle(for: key)
        } throws: { error in
            (error as? PhotoIndexError)?.isDamage == true && "\(error)".contains("slideshow's saved round")
        }
        #expect(try index.shuffle(for: key) == nil, "the damaged round was not deleted")
    }
}

import Testing
import Waterfall
@testable import Photos
@testable import TestSupport

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
}

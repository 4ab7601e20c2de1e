// The `[sources.immich]` table: the server, its key file, what to show, the poll and the cache's
// bound read as written, and every mistake an error with the file and line, as for any other key.

import Immich
import Testing
@testable import App

@Suite("the [sources.immich] table of the configuration")
struct ConfigImmichTests {
    private func settings(_ text: String) throws -> ImmichSettings? {
        try ConfigFile.parseDocument(text, file: "/etc/cascade/c.toml", keys: viewKeys).immich?.settings
    }

    @Test func aTableNamesTheServerAndWhatToShow() throws {
        let immich = try #require(try settings("""
            slideshow = true
            [sources.immich]
            url = "https://photos.example.org/"
            key-file = "immich.key"
            albums = ["a1", "a2"]
            people = ["p1"]
            favorites = true
            taken-after = "2019-01-01"
            taken-before = 2020-12-31
            memories = true
            random = 200
            poll = 60
            cache-size = 512
            ca-file = "/etc/cascade/immich-ca.pem"
            """))
        #expect(immich.url == "https://photos.example.org")
        #expect(immich.keyFile == "/etc/cascade/immich.key", "relative to the file, as paths are")
        #expect(immich.selection.albums == ["a1", "a2"])
        #expect(immich.selection.people == ["p1"])
        #expect(immich.selection.favorites)
        #expect(immich.selection.takenAfter == "2019-01-01T00:00:00.000Z")
        #expect(immich.selection.takenBefore == "2020-12-31T00:00:00.000Z")
        #expect(immich.selection.memories)
        #expect(immich.selection.random == 200)
        #expect(immich.poll == 60)
        #expect(immich.cacheBytes == 512 << 20)
        #expect(immich.caFile == "/etc/cascade/immich-ca.pem")
    }

    @Test func thePollAndCacheHaveDefaults() throws {
        let immich = try #require(try settings("[sources.immich]\nurl = \"http://nas:2283\"\nkey-file = \"/k\"\nfavorites = true"))
        #expect(immich.poll == 300)
        #expect(immich.cacheBytes == 2048 << 20)
    }

    @Test("each mistake names the file, the line and the key", arguments: [
        ("[sources.immich]\nkey-file = \"/k\"\nfavorites = true", "c.toml:1: key 'sources.immich.url'"),
        ("[sources.immich]\nurl = \"ftp://x\"\nkey-file = \"/k\"", "c.toml:2: key 'sources.immich.url'"),
        ("[sources.immich]\nurl = \"http://../\"\nkey-file = \"/k\"\nfavorites = true", "c.toml:2: key 'sources.immich.url'"),
        ("[sources.immich]\nurl = \"https://x\"\nfavorites = true", "key 'sources.immich.key-file'"),
        ("[sources.immich]\nurl = \"https://x\"\nkey-file = \"/k\"\nalbum = [\"a\"]", "c.toml:4: key 'sources.immich.album': unknown key"),
        ("[sources.immich]\nurl = \"https://x\"\nkey-file = \"/k\"\npoll = 0", "c.toml:4: key 'sources.immich.poll'"),
        ("[sources.immich]\nurl = \"https://x\"\nkey-file = \"/k\"\ntaken-after = \"last year\"", "c.toml:4: key 'sources.immich.taken-after'"),
        ("[sources.immich]\nurl = \"https://x\"\nkey-file = \"/k\"\nalbums = [1]", "c.toml:4: key 'sources.immich.albums'"),
        ("[sources.immich]\nurl = \"https://x\"\nkey-file = \"/k\"", "nothing to show"),
        ("[sources.flickr]\nurl = \"https://x\"", "key 'sources.flickr'"),
    ])
    func mistakes(text: String, message: String) throws {
        #expect {
            try settings(text)
        } throws: { error in
            "\(error)".contains(message)
        }
    }
}

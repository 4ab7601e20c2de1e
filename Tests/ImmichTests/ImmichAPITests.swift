import Foundation
import XCTest
@testable import Immich

final class ImmichAPITests: XCTestCase {
    func testASearchPageDecodesFromImmichShapedJSON() throws {
        let json = """
        {"albums":{"total":0,"count":0,"items":[],"facets":[]},
         "assets":{"total":2,"count":2,"nextPage":"2","facets":[],"items":[
          {"id":"3f1e6a2c-0d4b-4a5e-9a63-1a2b3c4d5e6f","deviceAssetId":"x","ownerId":"o","deviceId":"d",
           "type":"IMAGE","originalPath":"/u/IMG_1234.HEIC","originalFileName":"IMG_1234.HEIC",
           "fileCreatedAt":"2023-05-06T12:30:00.000Z","fileModifiedAt":"2023-05-06T12:30:00.000Z",
           "localDateTime":"2023-05-06T14:30:00.000Z","updatedAt":"2024-01-01T00:00:00.000Z",
           "isFavorite":true,"isArchived":false,"isTrashed":false,"visibility":"timeline","duration":"0:00:00.00000",
           "checksum":"abc","isOffline":false,"hasMetadata":true,"thumbhash":null},
          {"id":"b","type":"VIDEO","originalFileName":"clip.mp4","fileCreatedAt":"2023-05-06T12:30:00Z"}]}}
        """
        let page = try JSONDecoder().decode(ImmichSearchResponse.self, from: Data(json.utf8))
        XCTAssertEqual(page.assets.nextPage, "2")
        XCTAssertEqual(page.assets.items.map(\.id), ["3f1e6a2c-0d4b-4a5e-9a63-1a2b3c4d5e6f", "b"])
        XCTAssertEqual(page.assets.items[0].originalFileName, "IMG_1234.HEIC")
        XCTAssertEqual(page.assets.items[0].isFavorite, true)
        XCTAssertEqual(page.assets.items[0].taken, Date(timeIntervalSince1970: 1_683_376_200))
        XCTAssertEqual(page.assets.items[1].taken, Date(timeIntervalSince1970: 1_683_376_200), "without fractional seconds")
    }

    func testTheLastPageHasNoNextPage() throws {
        let json = #"{"assets":{"items":[],"nextPage":null}}"#
        XCTAssertNil(try JSONDecoder().decode(ImmichSearchResponse.self, from: Data(json.utf8)).assets.nextPage)
    }

    func testMemoriesAndTheVersionDecode() throws {
        let memories = #"[{"id":"m","type":"on_this_day","data":{"year":2020},"showAt":"2020-01-01T00:00:00.000Z","assets":[{"id":"a","type":"IMAGE"}]}]"#
        let decoded = try JSONDecoder().decode([ImmichMemory].self, from: Data(memories.utf8))
        XCTAssertEqual(decoded.first?.assets.map(\.id), ["a"])
        let version = try JSONDecoder().decode(ImmichServerVersion.self, from: Data(#"{"major":1,"minor":135,"patch":3}"#.utf8))
        XCTAssertEqual(version, ImmichServerVersion(major: 1, minor: 135, patch: 3))
    }

    func testTheSearchSendsImagesOnTheTimelineOnePerAlbumAndPerson() throws {
        var selection = ImmichSelection()
        selection.albums = ["A1", "A2"]
        selection.people = ["P"]
        selection.favorites = true
        selection.takenAfter = "2019-01-01T00:00:00.000Z"
        let searches = selection.searches
        XCTAssertEqual(searches.count, 4)
        XCTAssertEqual(searches.map(\.albumIds), [["A1"], ["A2"], nil, nil])
        XCTAssertEqual(searches[3].isFavorite, true)
        XCTAssertTrue(searches.allSatisfy { $0.takenAfter == "2019-01-01T00:00:00.000Z" })
        let body = try JSONSerialization.jsonObject(with: JSONEncoder().encode(searches[0])) as? [String: Any]
        XCTAssertEqual(body?["type"] as? String, "IMAGE")
        XCTAssertEqual(body?["visibility"] as? String, "timeline")
        XCTAssertEqual(body?["page"] as? Int, 1)
        XCTAssertNil(body?["personIds"], "a filter not asked for is not sent")
    }

    func testADateWindowAloneIsASelection() {
        var selection = ImmichSelection()
        selection.takenBefore = ImmichSelection.moment("2020-12-31")
        XCTAssertEqual(selection.searches.count, 1)
        XCTAssertEqual(selection.searches[0].takenBefore, "2020-12-31T00:00:00.000Z")
        XCTAssertNil(ImmichSelection.moment("31.12.2020"))
        XCTAssertNil(ImmichSelection.moment("2020-13-45"))
    }

    func testVersionsFromTheVisibilityFieldThrough3AreKnown() {
        let url = "https://photos.example.org"
        XCTAssertEqual(ImmichServerVersion(major: 1, minor: 133, patch: 0).verdict(at: url), .known)
        XCTAssertEqual(ImmichServerVersion(major: 3, minor: 9, patch: 0).verdict(at: url), .known)
        guard case let .tooOld(message) = ImmichServerVersion(major: 1, minor: 90, patch: 0).verdict(at: url) else {
            return XCTFail("1.90 is refused")
        }
        XCTAssertTrue(message.contains("1.90.0"), message)
        XCTAssertTrue(message.contains("1.133.0"), message)
        guard case let .newer(warning) = ImmichServerVersion(major: 4, minor: 0, patch: 0).verdict(at: url) else {
            return XCTFail("4.0 is tried with a warning")
        }
        XCTAssertTrue(warning.contains("4.0.0"), warning)
    }
}

final class ImmichLinkTests: XCTestCase {
    func testALinkNamesTheServerAndTheSelection() throws {
        let album = try ImmichLink.parse("immich://photos.example.org/album/5f3c")
        XCTAssertEqual(album.url, "https://photos.example.org")
        XCTAssertEqual(album.selection.albums, ["5f3c"])
        let person = try ImmichLink.parse("immich+http://nas:2283/person/p1")
        XCTAssertEqual(person.url, "http://nas:2283")
        XCTAssertEqual(person.selection.people, ["p1"])
        XCTAssertTrue(try ImmichLink.parse("immich://nas/favorites").selection.favorites)
        XCTAssertTrue(try ImmichLink.parse("immich://nas/memories").selection.memories)
        XCTAssertEqual(try ImmichLink.parse("immich://nas/random").selection.random, 200)
    }

    func testAWrongLinkSaysWhatIsExpected() {
        for bad in ["immich://nas", "immich://nas/album", "immich://nas/albums/x", "immich:///album/x", "immich://nas/album/x?y=1"] {
            XCTAssertThrowsError(try ImmichLink.parse(bad), bad) { error in
                XCTAssertTrue("\(error)".contains("immich://HOST[:PORT]/album/ID"), "\(error)")
            }
        }
        XCTAssertFalse(ImmichLink.isLink("/photos/immich"))
        XCTAssertTrue(ImmichLink.isLink("immich+http://nas/favorites"))
    }

    /// The host names the cache folder: `..` would make it the user's whole cache.
    func testAHostThatIsNoHostNameIsRefused() {
        for bad in ["immich+http://../favorites", "immich://./favorites", "immich://%2e%2e/favorites", "immich://a%2Fb/favorites",
                    "immich://-nas/favorites", "immich://nas..lan/favorites", "immich://n%00as/favorites", "immich://ns%20a/random"] {
            XCTAssertThrowsError(try ImmichLink.parse(bad), bad)
        }
        XCTAssertNil(ImmichSettings.serverURL("http://../"))
        XCTAssertNil(ImmichSettings.serverURL("https://%2e%2e"))
        XCTAssertNil(ImmichSettings(url: "http://..", keyFile: "/k").folder(environment: ["HOME": "/home/ann"]))
        XCTAssertEqual(try ImmichLink.parse("immich://192.168.1.5:2283/random").url, "https://192.168.1.5:2283")
        XCTAssertEqual(try ImmichLink.parse("immich://[::1]:2283/random").url, "https://[::1]:2283")
        XCTAssertEqual(try ImmichLink.parse("immich+http://immich_server/random").url, "http://immich_server")
        XCTAssertEqual(try ImmichLink.parse("immich://photos.example.org./random").url, "https://photos.example.org.")
    }
}

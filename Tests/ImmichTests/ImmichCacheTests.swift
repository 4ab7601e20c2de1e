import Foundation
import TestSupport
import XCTest
@testable import Immich

final class ImmichCacheTests: XCTestCase {
    func testAFileIsNamedAfterItsOriginalWithAShortIdAndTheServedType() {
        let asset = ImmichAsset(id: "1a2b3c4d-5e6f-7081-92a3-b4c5d6e7f809", originalFileName: "IMG_1234.HEIC")
        XCTAssertEqual(ImmichFileName.name(for: asset, contentType: "image/jpeg"), "IMG_1234 ~1a2b3c4d.jpg")
        XCTAssertEqual(ImmichFileName.name(for: asset, contentType: "image/webp; charset=binary"), "IMG_1234 ~1a2b3c4d.webp")
        XCTAssertEqual(ImmichFileName.name(for: asset, contentType: nil), "IMG_1234 ~1a2b3c4d.jpg")
    }

    func testANameIsOneVisibleComponent() {
        let sneaky = ImmichAsset(id: "ffffffff-0000", originalFileName: "../..\u{1}/.hidden.jpg")
        let name = ImmichFileName.name(for: sneaky, contentType: "image/jpeg")
        XCTAssertFalse(name.contains("/"), name)
        XCTAssertFalse(name.hasPrefix("."), name)
        XCTAssertFalse(name.unicodeScalars.contains { $0.value < 0x20 }, name)
        XCTAssertEqual(ImmichFileName.name(for: ImmichAsset(id: "abcdef0123", originalFileName: nil), contentType: "image/png"), "~abcdef01.png")
    }

    func testTheManifestRoundTripsThroughItsFile() throws {
        let folder = TemporaryFolder()
        var manifest = ImmichManifest()
        manifest.files["IMG_1 ~aaaaaaaa.jpg"] = .init(id: "aaaaaaaa-1", taken: 1_600_000_000, shown: 1_700_000_000, bytes: 1234)
        manifest.files["IMG_2 ~bbbbbbbb.jpg"] = .init(id: "bbbbbbbb-2", random: true, bytes: 99)
        try manifest.save(folder: folder.path)
        XCTAssertEqual(ImmichManifest.load(folder: folder.path), manifest)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        XCTAssertEqual(names, [".manifest.json"], "no temporary file is left beside it")
        XCTAssertEqual(manifest.name(ofAsset: "bbbbbbbb-2"), "IMG_2 ~bbbbbbbb.jpg")
    }

    func testAnUnreadableManifestIsAnEmptyOne() throws {
        let folder = TemporaryFolder()
        try folder.file(".manifest.json", "{not json")
        XCTAssertEqual(ImmichManifest.load(folder: folder.path), ImmichManifest())
    }

    func testEvictionTakesTheLongestAgoShownAndNeverOneNotShown() {
        let manifest = ImmichManifest(files: [
            "old": .init(id: "1", shown: 100, bytes: 40),
            "recent": .init(id: "2", shown: 200, bytes: 40),
            "unseen": .init(id: "3", bytes: 40),
        ])
        XCTAssertEqual(ImmichEviction.victims(for: 20, in: manifest, limit: 140), [], "it fits")
        XCTAssertEqual(ImmichEviction.victims(for: 40, in: manifest, limit: 140), ["old"])
        XCTAssertEqual(ImmichEviction.victims(for: 90, in: manifest, limit: 140), ["old", "recent"])
        XCTAssertNil(ImmichEviction.victims(for: 120, in: manifest, limit: 140), "the unseen photo is not evicted for another")
        XCTAssertEqual(ImmichEviction.room(in: manifest, limit: 140), 100)
    }

    func testTheStatusIsSaidOncePerChange() {
        let url = "https://photos.example.org", key = "/etc/cascade/immich.key"
        let down = ImmichStatus.unreachable.line(from: .up, failure: .unreachable("connection refused"), url: url, keyFile: key, cached: 12, poll: 300)
        XCTAssertEqual(down, "Immich at https://photos.example.org is unreachable (connection refused): showing the 12 cached photos; trying again every 5 s, less often up to every 300 s")
        XCTAssertNil(ImmichStatus.unreachable.line(from: .unreachable, failure: .unreachable("x"), url: url, keyFile: key, cached: 12, poll: 300))
        XCTAssertEqual(ImmichStatus.up.line(from: .unreachable, failure: nil, url: url, keyFile: key, cached: 12, poll: 300),
                       "Immich at https://photos.example.org is back")
        XCTAssertNil(ImmichStatus.up.line(from: .unknown, failure: nil, url: url, keyFile: key, cached: 0, poll: 300))
        let refused = ImmichStatus.unauthorized.line(from: .unknown, failure: .unauthorized, url: url, keyFile: key, cached: 0, poll: 300)
        XCTAssertTrue(refused?.hasPrefix("Immich refused the API key (401): check key-file /etc/cascade/immich.key") == true, refused ?? "")
    }

    func testBackoffDoublesUpToThePoll() {
        var backoff = ImmichBackoff()
        XCTAssertEqual((0..<7).map { _ in backoff.take(limit: 60) }, [5, 10, 20, 40, 60, 60, 60])
        backoff.reset()
        XCTAssertEqual(backoff.take(limit: 2), 2)
    }

    func testTheCacheFolderIsPerServer() {
        let settings = ImmichSettings(url: "https://photos.example.org:2283", keyFile: "/k")
        XCTAssertEqual(settings.folder(environment: ["HOME": "/home/ann"]), "/home/ann/.cache/cascade/immich/photos.example.org-2283")
        XCTAssertEqual(ImmichSettings(url: "http://nas", keyFile: "/k").folder(environment: ["XDG_CACHE_HOME": "/c", "HOME": "/h"]),
                       "/c/cascade/immich/nas")
        XCTAssertEqual(ImmichSettings.serverURL("https://photos.example.org/"), "https://photos.example.org")
        XCTAssertNil(ImmichSettings.serverURL("ftp://photos.example.org"))
        XCTAssertNil(ImmichSettings.serverURL("photos.example.org"))
    }

    func testTheKeyIsTheFirstLineTrimmed() throws {
        let folder = TemporaryFolder()
        let file = try folder.file("immich.key", "  abc123 \nread-only\n")
        XCTAssertEqual(try ImmichSettings.readKey(file), "abc123")
        XCTAssertThrowsError(try ImmichSettings.readKey(folder.path + "/missing"))
    }
}

final class ImmichCacheFolderTests: XCTestCase {
    func testAStartRemovesPartialsAndFilesTheManifestDoesNotName() throws {
        let folder = TemporaryFolder()
        try folder.file("IMG_1 ~aaaaaaaa.jpg", "kept")
        try folder.file("IMG_2 ~bbbbbbbb.jpg", "downloaded, but the manifest was not written before the kill")
        try folder.file(".partial-cccccccc-1", "half")
        try ImmichManifest(files: [
            "IMG_1 ~aaaaaaaa.jpg": .init(id: "aaaaaaaa-1", bytes: 4),
            "IMG_3 ~dddddddd.jpg": .init(id: "dddddddd-3", bytes: 9),
        ]).save(folder: folder.path)
        let manifest = ImmichSync.prepare(folder: folder.path)
        XCTAssertEqual(Array(manifest.files.keys), ["IMG_1 ~aaaaaaaa.jpg"], "an entry whose file is gone is dropped")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        XCTAssertEqual(names, [".manifest.json", "IMG_1 ~aaaaaaaa.jpg"])
    }
}

/// The originals the photo view fetched: past their bound, those opened longest ago go first,
/// and a download a kill left behind goes once it is old.
final class ImmichOriginalsTests: XCTestCase {
    func testTheOriginalsOpenedLongestAgoGoFirst() throws {
        let folder = TemporaryFolder()
        func file(_ name: String, bytes: Int, opened: Int) {
            let path = folder.path + "/" + name
            FileManager.default.createFile(atPath: path, contents: Data(count: bytes))
            var times = [timeval(tv_sec: opened, tv_usec: 0), timeval(tv_sec: opened, tv_usec: 0)]
            utimes(path, &times)
        }
        file("old.jpg", bytes: 400, opened: 1000)
        file("newer.heic", bytes: 400, opened: 3000)
        file("middle.jpg", bytes: 400, opened: 2000)
        file(".partial-stale", bytes: 100, opened: 1000)
        file(".partial-fresh", bytes: 100, opened: 9000)
        ImmichOriginals.makeRoom(in: folder.path, for: 500, capacity: 1500, now: 9000)
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        XCTAssertEqual(left, [".partial-fresh", "middle.jpg", "newer.heic"])
        ImmichOriginals.makeRoom(in: folder.path, for: 100, capacity: 1500, now: 9000)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path).count, 3, "it fits: nothing goes")
    }
}

// What a server that misbehaves — by mistake or on purpose — can do to a frame: send its API key
// elsewhere, list pages without end, name assets by paths, stall a picture half-way. Each case
// against a scripted server, the sync driven one poll at a time.

import Foundation
import Testing
@testable import Immich
@testable import TestSupport

@Suite("an Immich server that misbehaves")
struct ImmichHostileServerTests {
    /// A UUID whose first piece, the one the cache's file names keep, differs with `n`.
    static func id(_ n: Int) -> String { String(format: "%08d-0000-4000-8000-000000000000", n) }

    static func asset(_ id: String) -> String {
        #"{"id":"\#(id)","type":"IMAGE","originalFileName":"IMG.jpg","exifInfo":{}}"#
    }

    static func page(_ ids: [String], next: Int? = nil) -> ScriptedHTTPServer.Answer {
        .json(#"{"assets":{"items":[\#(ids.map(asset).joined(separator: ","))],"nextPage":\#(next.map { "\"\($0)\"" } ?? "null")}}"#)
    }

    // Made per request, not held in a static: LeakSanitizer cannot follow a pointer packed into
    // an enum payload's spare bits, and reported a static answer as leaked at exit.
    static var picture: ScriptedHTTPServer.Answer {
        .reply(status: 200, headers: ["content-type": "image/jpeg"], body: Data(repeating: 0xAB, count: 200))
    }

    /// A sync of the favourites into a fresh folder, logging to `log`.
    final class Frame {
        let home = TemporaryFolder()
        let log = LogRecorder()
        let client: ImmichClient
        let sync: ImmichSync
        let settings: ImmichSettings
        var folder: String { home.path + "/immich" }

        init(_ server: ScriptedHTTPServer, cacheBytes: Int64 = 64 << 20,
             deadlines: ImmichClient.Deadlines = ImmichClient.Deadlines()) throws {
            try FileManager.default.createDirectory(atPath: home.path + "/immich", withIntermediateDirectories: true)
            var settings = ImmichSettings(url: server.url, keyFile: "/k")
            settings.selection.favorites = true
            settings.cacheBytes = cacheBytes
            self.settings = settings
            client = try ImmichClient(base: server.url, key: "secret-key", caFile: nil, deadlines: deadlines)
            sync = ImmichSync(settings: settings, folder: home.path + "/immich", client: client, log: log.logger)
        }

        deinit { client.shutdownNow() }

        var files: [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
        }

        func lines(containing text: String) -> [String] { log.messages.filter { $0.contains(text) } }
    }

    @Test("a redirect to another server is refused, the key never sent there, and the log says which address to set")
    func redirectElsewhere() async throws {
        let server = try ScriptedHTTPServer { request in
            guard request.headers["host"]?.hasPrefix("127.0.0.1") == true else { return .json(#"{"major":2,"minor":0,"patch":0}"#) }
            switch request.path {
            case "/api/server/version":
                // localhost is the same machine, but another origin: a browser would not send it the key either.
                return .reply(status: 302, headers: ["location": "http://localhost:\(request.headers["host"]!.split(separator: ":").last!)/api/server/version"])
            default: return .status(404)
            }
        }
        let frame = try Frame(server)
        await #expect(throws: ImmichFailure.self) {
            _ = try await frame.client.json(.GET, "/api/server/version", as: ImmichServerVersion.self)
        }
        let elsewhere = server.requests.filter { $0.headers["host"]?.hasPrefix("localhost") == true }
        #expect(elsewhere.allSatisfy { $0.headers["x-api-key"] == nil }, "the key went to another origin: \(elsewhere.map(\.headers))")
        let sync = frame.sync
        let running = Task { await sync.run() }
        try await waitUntil("the sync to say why it stopped") { !frame.lines(containing: "redirect").isEmpty }
        running.cancel()
        let said = frame.lines(containing: "redirect")
        #expect(said.count == 1, "\(frame.log.messages)")
        #expect(said.first?.contains("http://localhost:\(server.port)") == true, "\(said)")
        #expect(said.allSatisfy { !$0.contains("secret-key") })
        server.stop()
    }

    @Test("a redirect on the same server is followed, with the key")
    func redirectSameServer() async throws {
        let server = try ScriptedHTTPServer { request in
            switch request.path {
            case "/api/moved": .reply(status: 301, headers: ["location": "/api/server/version"])
            case "/api/server/version": .json(#"{"major":2,"minor":0,"patch":0}"#)
            default: .status(404)
            }
        }
        let frame = try Frame(server)
        let version = try await frame.client.json(.GET, "/api/moved", as: ImmichServerVersion.self)
        #expect(version == ImmichServerVersion(major: 2, minor: 0, patch: 0))
        #expect(server.requests.last?.headers["x-api-key"] == "secret-key")
        server.stop()
    }

    @Test("pages without end: the listing stops at its bound, says so once, and removes nothing")
    func endlessPages() async throws {
        let server = try ScriptedHTTPServer { request in
            switch request.path {
            case "/api/search/metadata":
                let n = (try? JSONSerialization.jsonObject(with: request.body) as? [String: Any])?["page"] as? Int ?? 1
                return ImmichHostileServerTests.page([ImmichHostileServerTests.id(n)], next: n + 1)
            default: return ImmichHostileServerTests.picture
            }
        }
        // A cache too small for any picture: only the listing is under test.
        let frame = try Frame(server, cacheBytes: 1)
        try frame.home.file("immich/kept ~aaaaaaaa.jpg", "kept")
        try ImmichManifest(files: ["kept ~aaaaaaaa.jpg": .init(id: Self.id(999_999), bytes: 4)]).save(folder: frame.folder)
        let again = ImmichSync(settings: frame.settings, folder: frame.folder, client: frame.client, log: frame.log.logger)
        try await again.poll()
        try await again.poll()
        let searches = server.requests.count { $0.path == "/api/search/metadata" }
        #expect(searches <= 2 * ImmichSync.pageLimit, "\(searches) pages asked for")
        #expect(frame.lines(containing: "listing").count == 1, "\(frame.log.messages.prefix(5))")
        #expect(frame.files == ["kept ~aaaaaaaa.jpg"], "a listing cut short removes nothing")
        server.stop()
    }

    @Test("an id that is no UUID is skipped with one line, a picture that fails too; the rest arrive")
    func badAssets() async throws {
        let bad = "../../escape"
        let server = try ScriptedHTTPServer { request in
            switch request.path {
            case "/api/search/metadata":
                return ImmichHostileServerTests.page([ImmichHostileServerTests.id(1), bad, ImmichHostileServerTests.id(2), ImmichHostileServerTests.id(3)])
            case "/api/assets/\(ImmichHostileServerTests.id(2))/thumbnail": return .status(404)
            default: return ImmichHostileServerTests.picture
            }
        }
        let frame = try Frame(server)
        try await frame.sync.poll()
        try await frame.sync.poll()
        #expect(frame.files.count == 2, "\(frame.files) \(frame.log.messages)")
        #expect(frame.files.allSatisfy { $0.contains("~0000000") })
        #expect(!server.requests.contains { $0.target.contains("escape") }, "nothing is asked by a bad id")
        #expect(frame.lines(containing: "escape").count == 1, "\(frame.log.messages)")
        #expect(frame.lines(containing: Self.id(2)).count == 1, "\(frame.log.messages)")
        let parent = try FileManager.default.contentsOfDirectory(atPath: frame.home.path)
        #expect(parent == ["immich"], "\(parent)")
        server.stop()
    }

    @Test("a picture that stalls half-way gives up at its deadline with one line; the next one arrives")
    func stalledPicture() async throws {
        let server = try ScriptedHTTPServer { request in
            switch request.path {
            case "/api/search/metadata": return ImmichHostileServerTests.page([ImmichHostileServerTests.id(1), ImmichHostileServerTests.id(2)])
            case "/api/assets/\(ImmichHostileServerTests.id(1))/thumbnail": return .stall(length: 100_000, first: Data(count: 1000))
            default: return ImmichHostileServerTests.picture
            }
        }
        let frame = try Frame(server, deadlines: .init(preview: .seconds(1), original: .seconds(1)))
        try await frame.sync.poll()
        #expect(frame.files.count == 1 && frame.files.first?.contains("~00000002") == true, "\(frame.files) \(frame.log.messages)")
        #expect(frame.lines(containing: "within 1 s").count == 1, "\(frame.log.messages)")
        server.stop()
    }
}
